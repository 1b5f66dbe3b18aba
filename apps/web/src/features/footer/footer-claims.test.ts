import bn from '@sorte/shared/locales/bn/common.json';
import en from '@sorte/shared/locales/en/common.json';
import es from '@sorte/shared/locales/es/common.json';
import pt from '@sorte/shared/locales/pt/common.json';
import { describe, expect, it } from 'vitest';

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
});
