import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const pageSizes = [10, 20, 50, 100] as const;
const defaultPageSize = 20;

/**
 * A list's page, page size, filters and sort live in the address
 * (`?page=2&size=50&status=paid&sort=amount:desc`): a reload, a shared link or the return after
 * signing in again shows the same rows.
 */
export function useListParams<F extends string>(
  filterNames: readonly F[],
  defaults: Partial<Record<F, string>> = {},
) {
  const [search, setSearch] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const sizeParam = Number.parseInt(search.get('size') ?? '', 10);
  const pageSize = (pageSizes as readonly number[]).includes(sizeParam) ? sizeParam : defaultPageSize;
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, search.get(name) ?? defaults[name] ?? '']),
  ) as Record<F, string>;

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: false },
      ),
    [setSearch],
  );

  return {
    pageNo,
    pageSize,
    filters,
    setPage: (page: number) => update({ page: page === 1 ? null : page }),
    setPageSize: (size: number) => update({ size: size === defaultPageSize ? null : size, page: null }),
    /** New filters start again at page 1. */
    setFilters: (changes: Partial<Record<F, string | null>>) =>
      update({ ...(changes as Record<string, string | null>), page: null }),
    /** `key:direction` as in the address ('' for the list's own order); the list checks it against its keys. */
    sort: search.get('sort') ?? '',
    /** A new order starts again at page 1; null goes back to the list's own order. */
    setSort: (sort: string | null) => update({ sort, page: null }),
  };
}
