import { describe, expect, it } from 'vitest';
import { failurePath, safeReturnPath, withToken } from './return-to';

describe('safeReturnPath', () => {
  it.each([
    ['/promotions', '/promotions'],
    ['/rng?vassalage=PG#top', '/rng?vassalage=PG#top'],
    ['/a/../b', '/b'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash further on', '/x\\..\\\\evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'promotions'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['nothing', ''],
    ['not a string', ['/a']],
    ['a very long path', `/${'a'.repeat(2000)}`],
  ])('turns %s into /', (_case, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('withToken', () => {
  it('adds the token to the query, before any fragment, replacing one already there', () => {
    expect(withToken('/', 'abc')).toBe('/?token=abc');
    expect(withToken('/rng?vassalage=PG&token=old#top', 'abc')).toBe('/rng?vassalage=PG&token=abc#top');
  });
});

describe('failurePath', () => {
  it('names the channel for the home page', () => {
    expect(failurePath('google')).toBe('/?socialError=google');
  });
});
