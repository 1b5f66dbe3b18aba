import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  announcementsEnvelope,
  bannersEnvelope,
  domainRoutesEnvelope,
  helpCenterEnvelope,
  type Merchant,
  merchants,
  resourcesEnvelope,
} from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { demoContentSeeder } from '../../seed/demo-content';
import type { BannerRow, ContentRepository } from './content.repository';
import { ContentService } from './content.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await demoContentSeeder.run(t.app);
});
afterAll(() => t.app.close());

const webPublic = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const announcements = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/wps/relay/announcements?${query}`, headers);
  expect(res.statusCode).toBe(200);
  return announcementsEnvelope.parse(res.json()).value;
};
const banners = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/wps/relay/banners?${query}`, headers);
  expect(res.statusCode).toBe(200);
  return bannersEnvelope.parse(res.json()).value;
};
const ALL = 'types=B,PL,PU,PR,H&platform=W';

describe('announcements', () => {
  it('answers marquee notices, player notices, the guest popup, promotions and help notices', async () => {
    const value = await announcements(`${ALL}&execution=B`);
    expect(value.banners).toHaveLength(8);
    expect(value.player).toHaveLength(12);
    // The notice popup lists 9 titles a page: the demo fills two pages.
    expect(Math.ceil(value.player.length / ANNOUNCEMENT_PAGE_SIZE)).toBe(2);
    expect(value.popup.map((p) => p.execution)).toEqual(['B']);
    expect(value.promotion).toHaveLength(4);
    expect(value.help).toHaveLength(2);
    for (const promotion of value.promotion) {
      expect(promotion.announcementImages[0]).toMatchObject({ sequence: 1 });
      const url = promotion.announcementImages[0]?.url ?? '';
      expect(url).toMatch(/^\/art\/promotions\/[a-z-]+\.svg$/);
      expect(existsSync(join(webPublic, url))).toBe(true);
    }
    // Newest notice first, each with its publication time.
    const times = value.player.map((n) => Date.parse(n.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(value.banners[0]).toMatchObject({ title: 'Play for fun, within your limits' });
  });

  it('answers only the types asked for', async () => {
    const value = await announcements('types=PR');
    expect(value.promotion).toHaveLength(4);
    expect([value.banners, value.player, value.popup, value.help].every((list) => list.length === 0)).toBe(
      true,
    );
  });

  it('filters popups by audience: A members, B guests, F first login', async () => {
    expect((await announcements('types=PU&execution=A')).popup.map((p) => p.execution)).toEqual(['A']);
    expect((await announcements('types=PU&execution=F')).popup.map((p) => p.execution)).toEqual(['F']);
    expect((await announcements('types=PU&execution=a,f')).popup.map((p) => p.execution).sort()).toEqual([
      'A',
      'F',
    ]);
    // Without an audience the caller is a guest.
    expect((await announcements('types=PU')).popup.map((p) => p.execution)).toEqual(['B']);
  });

  it('answers texts in the caller language, EN where the language has none', async () => {
    const pt = await announcements(`${ALL}&lang=PT`);
    expect(pt.popup[0]?.title).toBe('Bem-vindo à Sorte');
    expect(pt.promotion[0]?.title).toBe('Modo grátis: conheça o jogo antes de apostar');
    const ja = await announcements(`${ALL}&lang=ja`);
    expect(ja.popup[0]?.title).toBe('Welcome to Sorte');
    // Brazil has no Spanish texts; Mexico has.
    const brEs = await announcements(ALL, { lang: 'es' });
    expect(brEs.popup[0]?.title).toBe('Welcome to Sorte');
    const mxEs = await announcements(ALL, { lang: 'es', merchantCode: 'MX' });
    expect(mxEs.popup[0]?.title).toBe('Bienvenido a Sorte');
    expect(mxEs.promotion[0]?.title).toBe('Modo gratis: conoce el juego antes de apostar');
    const bdBn = await announcements(`${ALL}&lang=bn-BD&merchantCode=BD`);
    expect(bdBn.promotion[0]?.title).toBe('ফ্রি প্লে: বাজির আগে গেমটি শিখুন');
  });

  it('keeps merchants apart', async () => {
    const br = await announcements(ALL);
    const mx = await announcements(ALL, { merchantCode: 'MX' });
    const ids = (v: typeof br) =>
      [...v.banners, ...v.player, ...v.popup, ...v.promotion, ...v.help].map((n) => n.id);
    const brIds = new Set(ids(br));
    expect(ids(mx).some((id) => brIds.has(id))).toBe(false);
    expect(JSON.stringify(mx)).not.toContain('sorte-br.example');
    expect(JSON.stringify(mx)).toContain('sorte-mx.example');

    await t.app.content.saveBanner({
      merchantCode: 'BR',
      key: 'test:br-only',
      groupName: 'w_home',
      imageUrls: { EN: '/art/banners/br-only.svg' },
      linkageType: 'NONE',
      link: null,
      sort: 99,
    });
    expect((await banners('groupName=w_home')).map((b) => b.url)).toContain('/art/banners/br-only.svg');
    const mxHome = await banners('groupName=w_home&merchantCode=MX');
    expect(mxHome.map((b) => b.url)).not.toContain('/art/banners/br-only.svg');
    expect(mxHome).toHaveLength(3);
  });
});

describe('banners', () => {
  it('answers the banners of a group in order, with their link', async () => {
    const home = await banners('groupName=w_home&merchantCode=BD');
    expect(home.map((b) => b.url)).toEqual([
      '/art/banners/home-roulette.svg',
      '/art/banners/home-slots.svg',
      '/art/banners/home-welcome.svg',
    ]);
    for (const banner of home) expect(existsSync(join(webPublic, banner.url))).toBe(true);
    expect(home[0]).toMatchObject({ groupName: 'w_home', linkageType: 'ROUTE', link: '/crash' });
    const promotions = (await announcements('types=PR&merchantCode=BD')).promotion;
    expect(home[2]).toMatchObject({ linkageType: 'PROMOTION', link: String(promotions[0]?.id) });

    const login = await banners('groupName=w_login&merchantCode=BD');
    expect(login).toEqual([
      expect.objectContaining({ url: '/art/banners/login.svg', linkageType: 'NONE', link: null }),
    ]);
    expect((await banners('groupName=w_forget&merchantCode=BD')).map((b) => b.url)).toEqual([
      '/art/banners/forget.svg',
    ]);
  });

  it('shows a banner only inside its active window', async () => {
    const hour = 3_600_000;
    const now = Date.now();
    const save = (key: string, startsAt: Date | null, endsAt: Date | null) =>
      t.app.content.saveBanner({
        merchantCode: 'MX',
        key,
        groupName: 'w_login',
        imageUrls: { EN: `/art/banners/${key}.svg` },
        linkageType: 'URL',
        link: 'https://example.com/offer',
        startsAt,
        endsAt,
      });
    await save('expired', new Date(now - 2 * hour), new Date(now - hour));
    await save('upcoming', new Date(now + hour), null);
    await save('current', new Date(now - hour), new Date(now + hour));
    const urls = (await banners('groupName=w_login&merchantCode=MX')).map((b) => b.url);
    expect(urls).toContain('/art/banners/current.svg');
    expect(urls).not.toContain('/art/banners/expired.svg');
    expect(urls).not.toContain('/art/banners/upcoming.svg');
  });

  it('picks the picture of the caller language when it has one', async () => {
    await t.app.content.saveBanner({
      merchantCode: 'BD',
      key: 'test:localised',
      groupName: 'w_leftmenu',
      imageUrls: { EN: '/art/banners/left-en.svg', BN: '/art/banners/left-bn.svg' },
      linkageType: 'NONE',
      link: null,
      sort: 99,
    });
    const urls = async (lang: string) =>
      (await banners(`groupName=w_leftmenu&merchantCode=BD&lang=${lang}`)).map((b) => b.url);
    expect(await urls('BN')).toContain('/art/banners/left-bn.svg');
    expect(await urls('EN')).toContain('/art/banners/left-en.svg');
    expect(await urls('ja')).toContain('/art/banners/left-en.svg');
  });

  it('refuses unsafe addresses when they are written', async () => {
    const base = {
      merchantCode: 'BR',
      key: 'test:unsafe',
      groupName: 'w_home' as const,
      imageUrls: { EN: '/art/banners/x.svg' },
    };
    await expect(
      t.app.content.saveBanner({ ...base, linkageType: 'URL', link: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'link' } });
    await expect(
      t.app.content.saveBanner({
        ...base,
        imageUrls: { EN: '//evil.example/x.svg' },
        linkageType: 'NONE',
        link: null,
      }),
    ).rejects.toMatchObject({ params: { field: 'imageUrls' } });
  });
});

describe('formatted content', () => {
  const attack =
    '<p onclick="steal()">Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
    '<a href="javascript:alert(3)">click</a><iframe src="https://evil.example"></iframe>' +
    '<a href="https://example.com/rules" target="_blank">rules</a><style>body{display:none}</style>';
  const assertSafe = (html: string) => {
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style|alert\(/i);
  };

  it('is sanitised when written', async () => {
    await t.app.content.saveAnnouncement({
      merchantCode: 'BD',
      key: 'test:attack-write',
      type: 'PL',
      title: { EN: '<b>Bold</b> title<script>alert(4)</script>' },
      content: { EN: attack },
    });
    const [row] = await t.db.query<{ content: Record<string, string>; title: Record<string, string> }>(
      "select title, content from announcements where key = 'test:attack-write'",
    );
    assertSafe(row?.content.EN ?? '');
    expect(row?.title.EN).toBe('Bold title');
    const notice = (await announcements('types=PL&merchantCode=BD')).player.find((n) =>
      n.content.includes('Hello'),
    );
    expect(notice?.content).toBe(
      '<p>Hello</p><img src="x" /><a rel="noopener noreferrer nofollow">click</a>' +
        '<a href="https://example.com/rules" target="_blank" rel="noopener noreferrer nofollow">rules</a>',
    );
  });

  it('never comes out unsafe, even when a row was written around the service', async () => {
    await t.db.query(
      `insert into announcements (merchant_code, key, type, title, content, images)
       values ('MX', 'test:attack-sql', 'PR', $1, $2, $3)`,
      [
        JSON.stringify({ EN: 'Sneaky<img src=x onerror=alert(5)>' }),
        JSON.stringify({ EN: attack, ES: attack }),
        JSON.stringify([
          { url: 'javascript:alert(6)', sequence: 1 },
          { url: '/art/promotions/welcome.svg', sequence: 2 },
        ]),
      ],
    );
    await t.db.query(
      `insert into help_articles (merchant_code, key, language, category, category_title, title, content)
       values ('MX', 'test:attack-sql', 'ES', 'account', 'Cuenta<script>x</script>', 'T', $1)`,
      [attack],
    );
    t.app.content.clearCaches();
    const res = await get(`/wps/relay/announcements?${ALL}&lang=ES`, { merchantCode: 'MX' });
    assertSafe(res.body);
    const sneaky = announcementsEnvelope.parse(res.json()).value.promotion.find((p) => p.title === 'Sneaky');
    expect(sneaky?.announcementImages).toEqual([{ url: '/art/promotions/welcome.svg', sequence: 2 }]);
    const help = await get('/wps/system/helpCenter?lang=ES&device=WEB', { merchantCode: 'MX' });
    assertSafe(help.body);
    expect(help.body).toContain('Hello');
  });
});

describe('caching', () => {
  it('answers 304 to a client that holds the same answer, and a new tag for another language', async () => {
    const first = await get(`/wps/relay/announcements?${ALL}&execution=B`);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=60/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`/wps/relay/announcements?${ALL}&execution=B`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const pt = await get(`/wps/relay/announcements?${ALL}&execution=B`, {
      'if-none-match': etag,
      lang: 'PT',
    });
    expect(pt.statusCode).toBe(200);
    expect(pt.headers.etag).not.toBe(etag);

    for (const url of [
      '/wps/relay/banners?groupName=w_home',
      '/wps/system/helpCenter',
      '/wps/system/resources',
      '/wps/system/domainRoute',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const cached = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(cached.statusCode, url).toBe(304);
    }
  });
});

describe('help centre', () => {
  const helpCenter = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/wps/system/helpCenter?${query}`, headers);
    expect(res.statusCode).toBe(200);
    return helpCenterEnvelope.parse(res.json()).value;
  };

  it('answers the categories and articles in the caller language', async () => {
    const bn = await helpCenter('lang=BN&device=WEB&merchantCode=BD');
    expect(bn.language).toBe('BN');
    expect(bn.categories.map((c) => c.key)).toEqual([
      'account',
      'payments',
      'responsible-gaming',
      'adults-only',
    ]);
    expect(bn.categories[3]).toMatchObject({ title: 'শুধুমাত্র 18+' });
    expect(bn.categories.flatMap((c) => c.articles)).toHaveLength(12);

    const pt = await helpCenter('lang=pt-BR&device=WEB');
    expect(pt.language).toBe('PT');
    expect(pt.categories[0]?.articles[0]?.title).toBe('Como crio uma conta?');
  });

  it('falls back to EN when the language has no articles', async () => {
    const ja = await helpCenter('lang=ja&device=WEB&merchantCode=BD');
    expect(ja.language).toBe('EN');
    expect(ja.categories[0]).toMatchObject({ key: 'account', title: 'Account' });
    // Bangladesh has no Portuguese help centre.
    expect((await helpCenter('lang=PT&merchantCode=BD')).language).toBe('EN');
    const deposit = ja.categories[1]?.articles[0];
    expect(deposit?.content).toContain('bKash, Nagad or Rocket');
    // The minimum deposit is the bKash/Nagad channels' own (৳ 200.00), not a figure written in the text.
    expect(deposit?.content).toContain('৳ 200.00');
  });
});

describe('resources and domain routes', () => {
  const resources = async (headers: Record<string, string> = {}) => {
    const res = await get('/wps/system/resources', headers);
    expect(res.statusCode).toBe(200);
    return resourcesEnvelope.parse(res.json()).value;
  };

  it('answers only the links that are configured, labelled in the caller language', async () => {
    const br = await resources({ lang: 'PT' });
    expect(br.map((r) => r.type)).toEqual([
      'CUSTOMER_SERVICE',
      'TELEGRAM',
      'WHATSAPP',
      'INSTAGRAM',
      'FACEBOOK',
      'APP_ANDROID',
      'APP_IOS',
    ]);
    expect(br[0]).toMatchObject({ label: 'Atendimento', url: 'https://support.sorte.example/br' });
    expect(br.some((r) => ['FEEDBACK', 'AFFILIATE', 'LICENCE'].includes(r.type))).toBe(false);

    await t.app.content.removeResource('BD', 'INSTAGRAM');
    await t.app.content.saveResource({
      merchantCode: 'BD',
      type: 'FEEDBACK',
      url: 'mailto:feedback@sorte-bd.example',
      label: { EN: 'Feedback', BN: 'মতামত' },
      sort: 1,
    });
    const bd = await resources({ merchantCode: 'BD', lang: 'BN' });
    expect(bd.map((r) => r.type)).not.toContain('INSTAGRAM');
    expect(bd.find((r) => r.type === 'FEEDBACK')).toMatchObject({ label: 'মতামত' });
    expect((await resources()).map((r) => r.type)).toContain('INSTAGRAM');
    expect((await resources()).map((r) => r.type)).not.toContain('FEEDBACK');
  });

  it("answers the merchant's own domains", async () => {
    const res = await get('/wps/system/domainRoute', { merchantCode: 'MX' });
    expect(res.statusCode).toBe(200);
    expect(domainRoutesEnvelope.parse(res.json()).value).toEqual([
      { domain: 'sorte-mx.example', route: '/', purpose: 'MAIN' },
      { domain: 'www.sorte-mx.example', route: '/', purpose: 'MIRROR' },
      { domain: 'agent.sorte-mx.example', route: '/agent', purpose: 'AGENT' },
    ]);
  });
});

describe('bad queries', () => {
  it.each([
    ['/wps/relay/announcements?types=B,XX', 'types'],
    ['/wps/relay/announcements?types=', 'types'],
    ['/wps/relay/announcements?execution=Z', 'execution'],
    ['/wps/relay/announcements?platform=Q', 'platform'],
    ['/wps/relay/announcements?lang=%3Cscript%3E', 'lang'],
    ['/wps/relay/banners', 'groupName'],
    ['/wps/relay/banners?groupName=w_nowhere', 'groupName'],
    ['/wps/system/helpCenter?device=TV', 'device'],
    ['/wps/system/resources?foo=1', 'foo'],
    ['/wps/system/domainRoute?merchantCode=ABCDEFGHIJ', 'merchantCode'],
  ])('%s answers 400 naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', value: { field } });
    expect(res.json().message).toContain(field);
  });
});

describe('demo content seeder', () => {
  it('updates the same rows when it runs again', async () => {
    const count = async () =>
      (await t.db.query<{ n: bigint }>("select count(*) as n from announcements where key like 'demo:%'"))[0]
        ?.n;
    const before = await count();
    await demoContentSeeder.run(t.app);
    expect(await count()).toBe(before);
    // 8 marquee + 12 notices + 3 popups + 4 promotions + 2 help notices, for 3 merchants.
    expect(before).toBe(BigInt(29 * 3));
  });
});

describe('compressed lobby content', () => {
  const url = `/wps/relay/announcements?${ALL}&execution=B`;

  it('serves the announcements as brotli or gzip from the cache, decoding to the plain answer', async () => {
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, coding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const first = await get(url, { 'accept-encoding': accept });
      expect(first.headers['content-encoding'], accept).toBe(coding);
      expect(String(first.headers.vary), accept).toMatch(/accept-encoding/);
      expect(first.headers.etag, accept).toBe(plain.headers.etag);
      expect(decode(first.rawPayload).equals(plain.rawPayload), accept).toBe(true);
      // Served again from the same stored compression.
      expect((await get(url, { 'accept-encoding': accept })).rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('answers 304 to a held tag whatever the encoding, and the new answer once the content changes', async () => {
    const etag = String((await get(url, { 'accept-encoding': 'br' })).headers.etag);
    for (const accept of ['br', 'gzip', 'identity']) {
      const again = await get(url, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
    }
    await t.app.content.saveAnnouncement({
      merchantCode: 'BR',
      key: 'test:compressed',
      type: 'PL',
      title: { EN: 'Compressed and fresh' },
    });
    const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Compressed and fresh');
  });
});

describe('answers built from the cached rows', () => {
  const hour = 3_600_000;
  const start = Date.parse('2026-11-25T12:00:00Z');
  const banner = (id: number, startsAt: number | null, endsAt: number | null): BannerRow => ({
    id: BigInt(id),
    group_name: 'w_home',
    image_urls: { EN: `/art/banners/${id}.svg` },
    linkage_type: 'NONE',
    link: null,
    sort: id,
    starts_at: startsAt === null ? null : new Date(startsAt),
    ends_at: endsAt === null ? null : new Date(endsAt),
  });
  const rows = [banner(1, null, start + hour), banner(2, start + 2 * hour, null), banner(3, null, null)];
  let clock = start;
  let loads = 0;
  const service = new ContentService(
    {
      listBanners: async () => {
        loads += 1;
        return rows;
      },
    } as unknown as ContentRepository,
    () => new Date(clock),
  );
  const merchant = merchants.find((m) => m.merchantCode === 'BR') as Merchant;
  const ids = async () => (await service.getBanners(merchant, 'EN', 'w_home')).map((b) => b.id);

  it('hands out the same answer until a window opens or closes, then the right one, without reloading', async () => {
    const first = await service.getBanners(merchant, 'EN', 'w_home');
    expect(first.map((b) => b.id)).toEqual([1, 3]);
    clock = start + hour - 1;
    // The very same object: its JSON and compressions are kept with it (lib/http-cache).
    expect(await service.getBanners(merchant, 'EN', 'w_home')).toBe(first);
    clock = start + hour;
    expect(await ids()).toEqual([3]);
    clock = start + 2 * hour;
    expect(await ids()).toEqual([2, 3]);
    clock = start;
    expect(await ids()).toEqual([1, 3]);
    expect(loads).toBe(1);
  });
});
