/**
 * Interface language codes offered in the language picker: the ones spec section 1 names (it says
 * "about 35" but names these). Only the message languages below have their own texts.
 */
export const interfaceLanguages = [
  'CN',
  'EN',
  'JA',
  'TH',
  'VI',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'MS',
  'PT',
  'TA',
  'TW',
  'UR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
  'TE',
  'SW',
] as const;

/** Languages with full message catalogues. Everything else falls back to EN. */
export const messageLanguages = ['EN', 'PT', 'ES', 'BN'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];
export const defaultLanguage: MessageLanguage = 'EN';

/** Languages that read right to left, for the document's `dir`. */
export const rtlLanguages = new Set(['AR', 'FA', 'UR']);

/**
 * Maps a spec language code ("PT") or a BCP 47 tag ("pt-BR") to the catalogue that serves it,
 * or null when none does.
 */
export function toMessageLanguage(code: string | null | undefined): MessageLanguage | null {
  if (!code) return null;
  const base = code.trim().split(/[-_]/)[0]?.toUpperCase();
  return (messageLanguages as readonly string[]).includes(base ?? '') ? (base as MessageLanguage) : null;
}

/** Picks the first supported language of an Accept-Language header, honouring q-values. */
export function pickFromAcceptLanguage(header: string | null | undefined): MessageLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = toMessageLanguage(tag);
    if (language) return language;
  }
  return null;
}
