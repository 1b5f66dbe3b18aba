import bn from '@sorte/shared/locales/bn/common.json';
import en from '@sorte/shared/locales/en/common.json';
import es from '@sorte/shared/locales/es/common.json';
import pt from '@sorte/shared/locales/pt/common.json';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';

/**
 * The footer is on every page: it may not advertise a category no vendor provides (issue 14, defect
 * 10). Categories appear only where a vendor has games (DECISIONS.md); there is no live casino vendor.
 */
describe('footer claims', () => {
  it('advertises no live casino, in any language', () => {
    for (const catalog of [en, pt, es, bn]) {
      expect(catalog.footer.tagline).not.toMatch(/live casino|cassino ao vivo|casino en vivo|লাইভ ক্যাসিনো/i);
    }
  });

  it('names no category itself: the footer fills in the menu categories', () => {
    for (const catalog of [en, pt, es, bn]) {
      expect(catalog.footer.tagline).toContain('{{categories}}');
      for (const label of Object.values(catalog.menu)) {
        expect(catalog.footer.tagline.toLowerCase()).not.toContain(label.toLowerCase());
      }
    }
  });
});

/** Every string of every namespace of every language, with where it is, for the claims below. */
const catalogs = import.meta.glob<unknown>('../../../../../packages/shared/locales/*/*.json', {
  eager: true,
  import: 'default',
});
function allTexts(): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') texts.push({ where, text: value });
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  for (const [file, catalog] of Object.entries(catalogs)) walk(catalog, file.replace(/^.*locales\//, ''));
  return texts;
}

/**
 * Things the product does not have (issue 14, defect 10): a reward centre, a bonus for inviting
 * friends (only agents invite, with their links), table games, cashback, live chat. No interface
 * text may promise them, in any language.
 */
const untrue = [
  /reward cent(re|er)|central de recompensas|centro de recompensas|পুরস্কার কেন্দ্র|রিওয়ার্ড সেন্টার/i,
  /table games?|jogos? de mesa|juegos? de mesa|টেবিল গেম/i,
  /both get a bonus|os dois ganham|ambos reciben|দুজনেই বোনাস/i,
  /cashback|reembolsos|ক্যাশব্যাক/i,
  /live chat|chat ao vivo|chat en vivo|লাইভ চ্যাট/i,
];

describe('interface texts', () => {
  it('promise nothing the product does not do, in any language', () => {
    const texts = allTexts();
    expect(texts.length).toBeGreaterThan(400);
    const claims = texts.filter(({ text }) => untrue.some((pattern) => pattern.test(text)));
    expect(claims).toEqual([]);
  });

  it('have no label for a reward centre, which has no page', () => {
    for (const catalog of [en, pt, es, bn]) expect(catalog.account).not.toHaveProperty('rewardCenter');
  });
});

/**
 * Texts that are the same for every merchant may not name the categories on offer: which ones have
 * games differs by merchant and over time (issue 14). The footer fills them in from the menu.
 */
describe('fixed texts', () => {
  it('name no category: the search hint and the page description', () => {
    for (const catalog of [en, pt, es, bn]) {
      for (const label of Object.values(catalog.menu)) {
        expect(catalog.search.hint.toLowerCase()).not.toContain(label.toLowerCase());
      }
    }
    const description = /<meta name="description" content="([^"]*)"/.exec(indexHtml)?.[1] ?? '';
    expect(description).toMatch(/Sorte/);
    expect(description).not.toMatch(/slots|crash|lottery|live|table/i);
  });
});
