import { describe, expect, it } from 'vitest';
import { changeInterfaceLanguage, initI18n } from './i18n';
import { joinList } from './join-list';

describe('joinList', () => {
  it('joins with the words of each language with its own texts, as a reader writes them', async () => {
    const i18n = await initI18n();
    const cases: Record<string, [string, string]> = {
      EN: ['Slots and Crash', 'Slots, Crash, and Lottery'],
      PT: ['Slots e Crash', 'Slots, Crash e Lottery'],
      ES: ['Slots y Crash', 'Slots, Crash y Lottery'],
      BN: ['Slots এবং Crash', 'Slots, Crash এবং Lottery'],
    };
    for (const [language, [two, three]] of Object.entries(cases)) {
      await changeInterfaceLanguage(language);
      const t = i18n.t;
      expect(joinList(['Slots'], t)).toBe('Slots');
      expect(joinList(['Slots', 'Crash'], t)).toBe(two);
      expect(joinList(['Slots', 'Crash', 'Lottery'], t)).toBe(three);
    }
    expect(joinList([], i18n.t)).toBe('');
  });
});
