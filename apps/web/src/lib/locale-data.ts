import { formatDateTime } from '../components/ui/date-time';
import { yieldToBrowser } from './yield';

/** One Intl.ListFormat per language for the page: building one loads its locale data. */
const listFormats = new Map<string, Intl.ListFormat>();

/** "a, b and c" in the reader's language. */
export function formatList(items: string[], language: string): string {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format.format(items);
}

/**
 * Builds the formatters every page uses (the footer's list, the merchant's date and time) one per
 * task, before the parts that need them render. A page's first Intl formatter loads the browser's
 * locale data, tens of milliseconds on a slow phone: done inside a render (the footer's, the
 * popup announcement's), it made that render one of the longest tasks of the lobby's start.
 */
export async function prepareLocaleData(language: string): Promise<void> {
  await yieldToBrowser();
  formatList(['a', 'b'], language);
  await yieldToBrowser();
  formatDateTime(new Date(0).toISOString(), language);
}
