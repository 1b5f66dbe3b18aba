import { describe, expect, it } from 'vitest';
import { bn } from '../locales/bn';
import { en } from '../locales/en';
import { es } from '../locales/es';
import { pt } from '../locales/pt';
import { resolveLang, translator } from './i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('frame texts', () => {
  it.each([
    ['pt', pt],
    ['es', es],
    ['bn', bn],
  ])('%s has every English text, with the same placeholders', (_lang, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en))
      expect([key, placeholders(catalog[key as keyof typeof en])]).toEqual([key, placeholders(text)]);
  });

  it('takes the language from the launch URL in any case or region form, English otherwise', () => {
    expect(resolveLang('PT')).toBe('pt');
    expect(resolveLang('es-MX')).toBe('es');
    expect(resolveLang('bn')).toBe('bn');
    expect(resolveLang('fr')).toBe('en');
    expect(resolveLang(null)).toBe('en');
    expect(translator('pt')('amountBelowMin', { min: 'R$ 1,00' })).toBe('A menor aposta é R$ 1,00');
  });
});
