import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './empty-state';

/** What this component reads of a query: a TanStack Query result, or several merged by `allOf`. */
export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  isFetching?: boolean;
  refetch: () => unknown;
};

type Props<T> = {
  query: QueryLike<T>;
  /** Placeholders shaped like what is loading; announced as "Loading…" to screen readers. */
  loading: ReactNode;
  /** What could not be loaded ("The games could not be loaded"); a general sentence by default. */
  failedTitle?: string;
  /** The way on from a failure when trying again is not it (an order that is gone: a new deposit). */
  failedAction?: ReactNode;
  /** When the answer has nothing to show, `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Smaller failure box, for a list inside a card. */
  compact?: boolean;
  /** The answer; left out where the caller renders it itself (`if (!q.isSuccess) return <QueryState …/>`). */
  children?: (data: T) => ReactNode;
};

/**
 * Loading, failed (with why, and a way to try again) and empty: the states of anything read from
 * the server, the same everywhere, so no part of a page is ever a blank space or a raw error.
 */
export function QueryState<T>({
  query,
  loading,
  failedTitle,
  failedAction,
  isEmpty,
  empty = null,
  compact = false,
  children,
}: Props<T>) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      // `display: contents` keeps the placeholders' own layout; this element only speaks.
      <div role="status" aria-label={t('loading')} aria-busy="true" style={{ display: 'contents' }}>
        {loading}
      </div>
    );
  if (query.isError)
    return (
      <LoadFailed
        title={failedTitle}
        error={query.error}
        compact={compact}
        action={failedAction}
        busy={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children?.(data)}</>;
}

/** Several queries as one: loading while any loads, failed when any failed (all retried). */
export function allOf(...queries: QueryLike<unknown>[]): QueryLike<unknown[]> {
  const failed = queries.find((query) => query.isError);
  return {
    isPending: queries.some((query) => query.isPending),
    isError: Boolean(failed),
    error: failed?.error ?? null,
    data: queries.every((query) => query.data !== undefined) ? queries.map((query) => query.data) : undefined,
    isFetching: queries.some((query) => query.isFetching),
    refetch: () => {
      for (const query of queries) void query.refetch();
    },
  };
}
