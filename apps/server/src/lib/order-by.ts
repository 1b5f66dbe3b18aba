import type { ListSort } from '@sorte/shared';

/** A list's sort keys and the SQL expression each orders by: the only text ORDER BY is made of. */
export type SortColumns<K extends string> = Readonly<Record<K, string>>;

/**
 * The ORDER BY of a list sorted by one of its keys: the key's expression, then the row's id in the
 * same direction, so rows that tie (the same amount, the same second) keep one order and a page
 * never repeats or skips one. Rows without a value (a player who never signed in) come last either
 * way. Only the repository's own column table and two literal directions reach the SQL.
 */
export function orderByOf<K extends string>(
  columns: SortColumns<K>,
  sort: ListSort<K>,
  idColumn: string,
): string {
  if (!Object.hasOwn(columns, sort.key)) throw new Error(`no sort column for ${sort.key}`);
  const direction = sort.direction === 'asc' ? 'asc' : 'desc';
  return `${columns[sort.key]} ${direction} nulls last, ${idColumn} ${direction}`;
}
