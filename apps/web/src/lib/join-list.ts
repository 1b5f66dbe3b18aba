import type { TFunction } from 'i18next';

/**
 * "a, b and c" in the reader's language, from the texts' own words ("list.two", "list.many"), not
 * Intl.ListFormat: a page's first Intl list or date formatter loads the browser's locale data, a
 * task of 40–75 ms on this project's test machine, and the footer of the lobby would pay it at start.
 * Languages without their own texts show English, so their lists read as English sentences do.
 */
export function joinList(items: readonly string[], t: TFunction): string {
  if (items.length <= 1) return items[0] ?? '';
  const last = items[items.length - 1] as string;
  if (items.length === 2) return t('list.two', { first: items[0], second: last });
  return t('list.many', { rest: items.slice(0, -1).join(', '), last });
}
