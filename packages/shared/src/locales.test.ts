import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageLanguages } from './languages';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keysOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(root, lang, ns), 'utf8'));

describe('locale catalogs', () => {
  const namespaces = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));

  it('has a catalog for every message language', () => {
    expect(readdirSync(root).sort()).toEqual(messageLanguages.map((l) => l.toLowerCase()).sort());
  });

  for (const ns of namespaces) {
    for (const lang of messageLanguages.filter((l) => l !== 'EN').map((l) => l.toLowerCase())) {
      it(`${lang}/${ns} has every key of en/${ns}, each non-empty`, () => {
        const en = keysOf(read('en', ns)).sort();
        const other = read(lang, ns);
        const otherKeys = keysOf(other);
        expect(
          en.filter((key) => !otherKeys.includes(key)),
          `missing in ${lang}/${ns}`,
        ).toEqual([]);
        expect(
          otherKeys.filter((key) => !en.includes(key)),
          `extra in ${lang}/${ns}`,
        ).toEqual([]);
        for (const key of otherKeys) {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], other);
          expect(String(text).trim(), `${lang}/${ns}: ${key}`).not.toBe('');
        }
      });
    }
  }

  it('keeps the same interpolation placeholders in every translation', () => {
    for (const ns of namespaces) {
      const en = read('en', ns);
      for (const lang of ['pt', 'es', 'bn']) {
        const other = read(lang, ns);
        for (const key of keysOf(en)) {
          const get = (o: unknown) =>
            key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], o);
          const placeholders = (s: unknown) => (String(s).match(/{{\w+}}/g) ?? []).sort();
          expect(placeholders(get(other)), `${lang}/${ns}: ${key}`).toEqual(placeholders(get(en)));
        }
      }
    }
  });
});
