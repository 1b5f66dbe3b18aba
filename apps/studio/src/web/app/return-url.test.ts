import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe('the game frame’s way back (returnUrl)', () => {
  it('keeps a path on this site', () => {
    expect(safeReturnUrl('/')).toBe('/');
    expect(safeReturnUrl('/games/slots?tab=new#top')).toBe('/games/slots?tab=new#top');
    expect(safeReturnUrl('/pt/caça%20níqueis')).toBe('/pt/caça%20níqueis');
  });

  it.each([
    'https://evil.example/phish',
    'http://evil.example',
    '//evil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F/evil.example',
    '/%252F/evil.example',
    '%2F%2Fevil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/%E0%A4%A',
  ])('refuses %j and links to the site root instead', (returnUrl) => {
    expect(safeReturnUrl(returnUrl)).toBe('/');
  });

  it('links to the site root without a returnUrl', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });
});
