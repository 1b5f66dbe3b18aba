/**
 * The page numbers a pager shows (spec section 9: "pagination margin 1, range 5"): up to `range`
 * pages around the current one, plus `margin` pages at each end, with gaps (null) between.
 * E.g. page 10 of 20 → 1 … 8 9 10 11 12 … 20.
 */
export function pageItems(current: number, total: number, range = 5, margin = 1): Array<number | null> {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) pages.add(p);
  for (let p = start; p <= end; p++) pages.add(p);
  for (let p = Math.max(total - margin + 1, 1); p <= total; p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) {
      // A gap of one page shows the page itself rather than an ellipsis standing for it.
      if (p - previous === 2) items.push(previous + 1);
      else items.push(null);
    }
    items.push(p);
  });
  return items;
}

/** Slices one page out of a list (announcements: 9 a page, spec section 9). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

export const pageCount = (length: number, pageSize: number) => Math.max(1, Math.ceil(length / pageSize));
