import { describe, expect, it } from 'vitest';
import { plainText, safeRoute, safeUrl, sanitizeFormatted } from './sanitize';

describe('sanitizeFormatted', () => {
  it('keeps the formatting subset and drops scripts, handlers, styles and frames', () => {
    const sut = sanitizeFormatted(
      '<h3 style="color:red">Rules</h3><ul><li><strong>One</strong></li></ul>' +
        '<svg onload="x()"><circle/></svg><form action="/steal"><input name="p"></form>' +
        '<img src="data:image/png;base64,AAAA"><img src="https://cdn.example/a.png" alt="A" onerror="x()">' +
        '<a href="/promotions#3">see</a><a href="vbscript:x">bad</a>',
    );
    expect(sut).toBe(
      '<h3>Rules</h3><ul><li><strong>One</strong></li></ul>' +
        '<img src="https://cdn.example/a.png" alt="A" />' +
        '<a href="/promotions#3" rel="noopener noreferrer nofollow">see</a>' +
        '<a rel="noopener noreferrer nofollow">bad</a>',
    );
  });

  it('changes nothing the second time', () => {
    const once = sanitizeFormatted(
      '<p>a &amp; b <a href="https://x.example" target="top">x</a></p><script>1</script>',
    );
    expect(sanitizeFormatted(once)).toBe(once);
  });
});

describe('plainText', () => {
  it('drops markup but keeps a lone less-than sign', () => {
    expect(plainText('<b>Bonus</b>  <script>alert(1)</script>week')).toBe('Bonus week');
    expect(plainText('Win 5 < 10 times')).toBe('Win 5 < 10 times');
    expect(plainText('Tom & Jerry <img src=x onerror=alert(1)>')).toBe('Tom & Jerry');
  });
});

describe('safeUrl', () => {
  it.each([
    ['/art/banners/a.svg', '/art/banners/a.svg'],
    ['https://example.com/x?y=1', 'https://example.com/x?y=1'],
    ['//evil.example/x', null],
    ['javascript:alert(1)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,<script>', null],
    ['/\\evil.example', null],
    ['mailto:help@sorte.example', null],
  ])('%s → %s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });

  it('accepts mailto and tel only for contact links', () => {
    expect(safeUrl('mailto:help@sorte.example', { allowContact: true })).toBe('mailto:help@sorte.example');
    expect(safeUrl('tel:+5511999999999', { allowContact: true })).toBe('tel:+5511999999999');
  });

  it('takes only site paths as routes', () => {
    expect(safeRoute('/promotions')).toBe('/promotions');
    expect(safeRoute('https://example.com')).toBeNull();
  });
});
