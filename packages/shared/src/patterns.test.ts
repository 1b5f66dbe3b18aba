import { describe, expect, it } from 'vitest';
import { checkField, type FieldRule, lengthRange, patterns } from './patterns';

const username: FieldRule = {
  enabled: true,
  required: true,
  minLength: 4,
  maxLength: 16,
  patternId: 'LETTER_DIGIT_LEADING_LETTER',
  acceptedPattern: patterns.LETTER_DIGIT_LEADING_LETTER.source,
};

describe('checkField', () => {
  it('accepts a value matching the pattern within both bounds', () => {
    expect(checkField('maria2024', username)).toEqual({ ok: true });
  });

  it('refuses a value outside the bounds or the pattern, with the range to show', () => {
    expect(checkField('abc', username)).toEqual({
      ok: false,
      reason: 'pattern',
      patternId: 'LETTER_DIGIT_LEADING_LETTER',
      range: '4-16',
    });
    expect(checkField('9maria', username)).toMatchObject({ ok: false, reason: 'pattern' });
    expect(checkField('a'.repeat(17), username)).toMatchObject({ ok: false });
  });

  it('treats an empty value as missing only when the field is required', () => {
    expect(checkField('', username)).toEqual({ ok: false, reason: 'required' });
    expect(checkField('', { ...username, required: false })).toEqual({ ok: true });
  });

  it("lets '*' accept anything of the right length", () => {
    const any = { ...username, acceptedPattern: '*' };
    expect(checkField('9 ☺ x', any)).toEqual({ ok: true });
    expect(checkField('ab', any)).toMatchObject({ ok: false });
  });

  it('never passes a value through a broken configured pattern', () => {
    expect(checkField('maria', { ...username, acceptedPattern: '([' })).toMatchObject({ ok: false });
  });

  it('ignores disabled fields', () => {
    expect(checkField('', { ...username, enabled: false })).toEqual({ ok: true });
  });

  it('counts characters, not UTF-16 units, for Bengali and emoji', () => {
    const name = {
      ...username,
      minLength: 2,
      maxLength: 4,
      patternId: 'FULL_NAME' as const,
      acceptedPattern: '*',
    };
    expect(checkField('রহিম', name)).toEqual({ ok: true });
  });
});

describe('patterns', () => {
  it.each([
    ['DIGITS_STARTING_WITH_9', '912345', 'x912'],
    ['UPPER_LOWER_DIGIT_SYMBOL', 'Abc1!xyz', 'abc1xyz'],
    ['DATE_YMD', '2001-02-28', '2001-13-01'],
    ['DATE_MDY', '02-28-2001', '2001-02-28'],
    ['EMAIL', 'ana@example.com.br', 'ana@example'],
    ['ENGLISH_LETTERS_SPACES', 'Ana Maria', 'Ana-Maria'],
    ['THAI', 'สมชาย', 'somchai'],
  ] as const)('%s accepts %s and refuses %s', (id, good, bad) => {
    expect(patterns[id].test(good)).toBe(true);
    expect(patterns[id].test(bad)).toBe(false);
  });

  it('writes one number when the bounds are equal', () => {
    expect(lengthRange(6, 6)).toBe('6');
    expect(lengthRange(8, 64)).toBe('8-64');
  });
});
