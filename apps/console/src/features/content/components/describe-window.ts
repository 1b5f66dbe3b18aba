import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format';

/** "From … until removed", "Until …", "… – …" in the console's language and the browser's time zone. */
export function describeWindow(t: TFunction, startsAt: string | null, endsAt: string | null, lang: string) {
  const from = startsAt ? formatDateTime(startsAt, lang) : null;
  const until = endsAt ? formatDateTime(endsAt, lang) : null;
  if (from && until) return t('banners.window.between', { from, until });
  if (from) return t('banners.window.from', { from });
  if (until) return t('banners.window.until', { until });
  return t('banners.window.always');
}
