import type { SiteStatus } from '@sorte/shared';
import { ApiError } from '../../lib/api-client';

/** What the site shows instead of (or as) the normal app. */
export type StatusView = 'loading' | 'failed' | 'open' | 'maintenance' | 'blocked';

/**
 * Spec section 2: the normal app only when status is 0; 1 the maintenance page, 2 the region-blocked
 * page, maintenance first. A status already known stays on screen while it is asked again. With no
 * answer yet: a loader, or a retry when the call failed. A server that does not know the call at all
 * (404) has no maintenance or region rules to apply, so the site opens.
 */
export function statusView(query: {
  data: SiteStatus | undefined;
  error: unknown;
  isPending: boolean;
}): StatusView {
  const { data, error } = query;
  if (data) {
    if (data.status === 1 || data.maintenance) return 'maintenance';
    if (data.status === 2) return 'blocked';
    return 'open';
  }
  if (error) return error instanceof ApiError && error.status === 404 ? 'open' : 'failed';
  return 'loading';
}
