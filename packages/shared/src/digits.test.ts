import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMinor } from './currency';
import { formatDateTimeIn, formatTimeIn } from './date-time-format';
import { bengaliDigits, formatCount } from './digits';

const bnCatalogs = new URL('../locales/bn/', import.meta.url).pathname;

/** Every text of a catalog, with its key. */
function textsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    textsOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('one digit system on Bengali pages (Latin digits)', () => {
  it('writes no Bengali digit in any Bengali catalog text', () => {
    const mixed = readdirSync(bnCatalogs)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        textsOf(JSON.parse(readFileSync(join(bnCatalogs, file), 'utf8'))).map(([key, text]) => [
          `${file}:${key}`,
          text,
        ]),
      )
      .filter(([, text]) => bengaliDigits.test(text as string));
    expect(mixed).toEqual([]);
  });

  it('writes dates, clocks, counts and amounts in Latin digits, the words staying Bengali', () => {
    const at = '2026-11-27T14:05:09Z';
    const shown = [
      formatDateTimeIn(at, 'bn', 'Asia/Dhaka'),
      formatTimeIn(at, 'bn', 'Asia/Dhaka', { seconds: true }),
      formatCount(1234567, 'bn'),
      formatMinor(123456, 'BDT', 'bn-BD'),
    ];
    expect(shown.filter((text) => bengaliDigits.test(text))).toEqual([]);
    expect(shown[0]).toBe('27/11/2026 20:05');
    expect(shown[1]).toBe('20:05:09');
  });
});
