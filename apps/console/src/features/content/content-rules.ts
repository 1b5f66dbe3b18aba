import {
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  type ConsoleAnnouncement,
  type ContentLanguage,
  contentLanguages,
  noticeTypes,
} from '@sorte/shared/contracts/console-content';
import type { AnnouncementType, PopupExecution } from '@sorte/shared/contracts/content';

export { CONTENT_BODY_MAX, CONTENT_TITLE_MAX, contentLanguages, noticeTypes };

/** The two screens over announcements: notices (B, PL, PU, H) and promotions (PR). */
export type AnnouncementKind = 'notices' | 'promotions';
export const typesOf = (kind: AnnouncementKind): readonly AnnouncementType[] =>
  kind === 'promotions' ? ['PR'] : noticeTypes;

export type LocalisedTexts = Record<ContentLanguage, { title: string; content: string }>;

/** A form's texts from a stored announcement (or empty), one entry per language. */
export function textsOf(announcement?: Pick<ConsoleAnnouncement, 'title' | 'content'>): LocalisedTexts {
  return Object.fromEntries(
    contentLanguages.map((lang) => [
      lang,
      { title: announcement?.title[lang] ?? '', content: announcement?.content[lang] ?? '' },
    ]),
  ) as LocalisedTexts;
}

/** The languages an announcement has a title in, EN first. */
export const languagesOf = (texts: LocalisedTexts) =>
  contentLanguages.filter((lang) => texts[lang].title.trim() !== '');

export type AnnouncementProblem =
  | { field: 'title'; lang: ContentLanguage; reason: 'missing' | 'long' }
  | { field: 'content'; lang: ContentLanguage; reason: 'long' }
  | { field: 'execution' | 'sort' | 'endsAt' };

/**
 * What the server would refuse, found before sending: the EN title, a title for every language with
 * content, an audience for a popup, the order's range, an end after the start.
 */
export function announcementProblems(draft: {
  type: AnnouncementType;
  texts: LocalisedTexts;
  execution: PopupExecution | null;
  sort: number | string;
  startsAt: string | null;
  endsAt: string | null;
}): AnnouncementProblem[] {
  const problems: AnnouncementProblem[] = [];
  for (const lang of contentLanguages) {
    const { title, content } = draft.texts[lang];
    if (title.length > CONTENT_TITLE_MAX) problems.push({ field: 'title', lang, reason: 'long' });
    else if (!title.trim() && (lang === 'EN' || content.trim()))
      problems.push({ field: 'title', lang, reason: 'missing' });
    if (content.length > CONTENT_BODY_MAX) problems.push({ field: 'content', lang, reason: 'long' });
  }
  if (draft.type === 'PU' && !draft.execution) problems.push({ field: 'execution' });
  const { sort } = draft;
  if (!(typeof sort === 'number' && Number.isInteger(sort) && sort >= 0 && sort <= 10_000))
    problems.push({ field: 'sort' });
  if (draft.startsAt && draft.endsAt && new Date(draft.endsAt) <= new Date(draft.startsAt))
    problems.push({ field: 'endsAt' });
  return problems;
}

/** Texts as the server takes them: only languages with a title, content only where there is some. */
export function localisedBody(texts: LocalisedTexts) {
  const title: Partial<Record<ContentLanguage, string>> = {};
  const content: Partial<Record<ContentLanguage, string>> = {};
  for (const lang of languagesOf(texts)) {
    title[lang] = texts[lang].title.trim();
    if (texts[lang].content.trim()) content[lang] = texts[lang].content.trim();
  }
  return { title, content };
}

/** A help category key from its title ("Depósitos e saques" → "depositos-e-saques"). */
export function categoryKeyOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

export const isCategoryKey = (key: string) => /^[a-z0-9][a-z0-9-]{0,39}$/.test(key);

/** The list moved: the item at `from` now at `from + by` (kept inside the list). */
export function moved<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
