import { describe, expect, it } from 'vitest';
import { shellPageOf, withPictures } from './web-shell';

const shell = `<head><meta charset="UTF-8" /><title>Sorte</title></head><body>
<div class="sh-b sh-banner" data-shell-picture="banner"></div>
<div class="sh-pic" data-shell-picture="promotion"></div>
<div class="sh-pic" data-shell-picture="promotion"></div>
<div class="sh-pic" data-shell-picture="promotion"></div>
<div class="sh-pic" data-shell-picture="promotion-page"></div>
<div class="sh-b sh-tile" data-shell-picture="game"></div>
<div class="sh-b sh-tile" data-shell-picture="game"></div>
<div class="sh-b sh-tile" data-shell-picture="game"></div></body>`;

const banner = { kind: 'banner' as const, width: 1200, height: 400, url: '/art/banners/a.svg' };
const promotion = (url: string) => ({ kind: 'promotion' as const, width: 800, height: 400, url });

describe('the lobby shell with its first pictures', () => {
  it('knows the pages that have first pictures', () => {
    expect(
      ['/', '/home', '/help', '/login?next=x', '/promotions', '/rng', '/member'].map(shellPageOf),
    ).toEqual(['home', 'home', 'home', 'home', 'promotions', 'gameList', null]);
  });

  it('puts the banner and promotions into their slots, sized, and preloads the two largest', () => {
    const html = withPictures(shell, [banner, promotion('/p/1.svg'), promotion('/p/2.svg')], 'home');
    expect(html).toContain(
      '<meta charset="UTF-8" /><link rel="preload" as="image" href="/art/banners/a.svg" fetchpriority="high"><link rel="preload" as="image" href="/p/1.svg" fetchpriority="high"><title>',
    );
    expect(html).toContain(
      'data-shell-picture="banner" data-filled><img src="/art/banners/a.svg" width="1200" height="400" alt="" fetchpriority="high"></div>',
    );
    expect(html.match(/data-filled><img src="\/p\/\d\.svg" width="800" height="400"/g)).toHaveLength(2);
    // The third card stays an empty slot (two promotions only).
    expect(html).toContain('data-shell-picture="promotion"></div>');
  });

  it("puts the list's first promotion into the /promotions shell, preloaded", () => {
    const first = { kind: 'promotion-page' as const, width: 800, height: 400, url: '/p/1.svg' };
    const html = withPictures(shell, [first], 'promotions');
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    expect(html).toContain(
      'data-shell-picture="promotion-page" data-filled><img src="/p/1.svg" width="800" height="400" alt="" fetchpriority="high"></div>',
    );
    // The home page's carousel slots stay empty (hidden on this page).
    expect(html.match(/data-filled/g)).toHaveLength(1);
  });

  it("puts a game list's first row of tiles into the shell, in order, preloaded", () => {
    const game = (url: string) => ({ kind: 'game' as const, width: 300, height: 300, url });
    const html = withPictures(shell, [game('/g/1.svg'), game('/g/2.svg'), game('/g/3.svg')], 'gameList');
    expect(
      html.match(/<link rel="preload" as="image" href="\/g\/\d\.svg" fetchpriority="high">/g),
    ).toHaveLength(3);
    expect(
      html.match(/data-shell-picture="game" data-filled><img src="\/g\/(\d)\.svg" width="300" height="300"/g),
    ).toEqual([
      'data-shell-picture="game" data-filled><img src="/g/1.svg" width="300" height="300"',
      'data-shell-picture="game" data-filled><img src="/g/2.svg" width="300" height="300"',
      'data-shell-picture="game" data-filled><img src="/g/3.svg" width="300" height="300"',
    ]);
  });

  it('escapes addresses and leaves out anything that is not a same-site path or http(s)', () => {
    const html = withPictures(
      shell,
      [
        { ...banner, url: 'javascript:alert(1)' },
        promotion('/p/a"b<c>.svg'),
        promotion('//evil.example/x.svg'),
      ],
      'home',
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('src="/p/a&quot;b&lt;c&gt;.svg"');
  });
});
