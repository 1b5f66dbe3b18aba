import type { ReactNode } from 'react';
import { Pagination } from './pagination';
import { type QueryLike, QueryState } from './query-state';
import { Skeleton } from './skeleton';

type Page<T> = { content: T[]; totalPages: number };

type Props<T> = {
  /** One page of a list, as the server pages them. */
  query: QueryLike<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  /** The page switcher's accessible name ("Deposit pages"). */
  pagesLabel: string;
  /** Height of a row, for the two placeholder rows while the page loads. */
  rowHeight: number;
  empty: ReactNode;
  compact?: boolean;
  /** The page's rows. */
  children: (rows: T[]) => ReactNode;
};

/** A server-paged list: its loading, failed and empty states, the rows, then the page switcher. */
export function PagedQueryState<T>({
  query,
  page,
  onPage,
  pagesLabel,
  rowHeight,
  empty,
  compact,
  children,
}: Props<T>) {
  return (
    <QueryState
      query={query}
      compact={compact}
      loading={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-2)' }}>
          <Skeleton height={rowHeight} />
          <Skeleton height={rowHeight} />
        </div>
      }
      isEmpty={(data) => data.content.length === 0}
      empty={empty}
    >
      {(data) => (
        <>
          {children(data.content)}
          <Pagination page={page} totalPages={data.totalPages} onChange={onPage} label={pagesLabel} />
        </>
      )}
    </QueryState>
  );
}
