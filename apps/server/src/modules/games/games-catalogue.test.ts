import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { CACHED_BROTLI_OPTIONS, CACHED_GZIP_OPTIONS } from '../../lib/http-cache';
import { demoGamesSeeder } from '../../seed/demo-games';
import { maskCustomerName, trimHotGames } from './games.service';
import { seedTestCatalogue } from './test-catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedTestCatalogue(t.app);
});
afterAll(() => t.app.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const answerOf = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
type MenuEntry = { gameType: string; vendors: { vassalage: string; maintenance: boolean }[] };
const menuOf = (entries: MenuEntry[]) =>
  entries.map((e) => `${e.gameType}:${e.vendors.map((v) => v.vassalage).join(',')}`);

describe('vendor sorting (the menu)', () => {
  it("lists each merchant's categories and vendors in that merchant's order", async () => {
    expect(menuOf(await answerOf('/wps/relay/vendorSorting'))).toEqual([
      'RNG:SORTE,ALPHA',
      'CRASH:SORTE,MAINT',
      'BONUS:BGS',
    ]);
    expect(menuOf(await answerOf('/wps/relay/vendorSorting', { merchantCode: 'MX' }))).toEqual([
      'CRASH:SORTE',
      'RNG:SORTE,ALPHA',
      'BONUS:BGS',
    ]);
    expect(menuOf(await answerOf('/wps/relay/vendorSorting?merchantCode=BD'))).toEqual([
      'CRASH:SORTE',
      'BONUS:BGS',
      'RNG:SORTE',
    ]);
  });

  it('hides categories whose vendors have no enabled games or are switched off', async () => {
    const types = (await answerOf('/wps/relay/vendorSorting')).map((e: MenuEntry) => e.gameType);
    // GHOST (LIVE) has no games, SLEEPY (FISH) only a disabled one, OFFLINE (PVP) is disabled.
    expect(types).not.toContain('LIVE');
    expect(types).not.toContain('FISH');
    expect(types).not.toContain('PVP');
  });

  it('names each vendor with its logo and says which is in maintenance', async () => {
    const [rng, crash] = await answerOf('/wps/relay/vendorSorting');
    expect(rng.vendors[0]).toEqual({
      vassalage: 'SORTE',
      name: 'Sorte Originals',
      logoUrl: '/art/vendors/sorte.svg',
      maintenance: false,
    });
    expect(crash.vendors[1]).toMatchObject({ vassalage: 'MAINT', maintenance: true });
  });
});

describe('game list', () => {
  it('pages through a category in menu order', async () => {
    const first = await answerOf('/wps/relay/gameList?gameType=RNG&pageNo=1&pageSize=10');
    expect(first).toMatchObject({ pageNum: 1, totalPages: 3, total: 27 });
    expect(first.content.map((c: { gameCode: string }) => c.gameCode).slice(0, 4)).toEqual([
      'fortune-reels',
      'lucky-sevens',
      'alpha-01',
      'alpha-02',
    ]);
    const last = await answerOf('/wps/relay/gameList?gameType=rng&pageNo=3&pageSize=10');
    expect(last).toMatchObject({ pageNum: 3, totalPages: 3, total: 27 });
    expect(last.content).toHaveLength(7);
    const beyond = await answerOf('/wps/relay/gameList?gameType=RNG&pageNo=9&pageSize=10');
    expect(beyond).toMatchObject({ content: [], pageNum: 9, total: 27 });
  });

  it('answers cards with the fields of spec section 3', async () => {
    const { content } = await answerOf('/wps/relay/gameList?gameType=CRASH&vassalage=SORTE');
    expect(content).toEqual([
      {
        nodeId: expect.any(Number),
        vassalage: 'SORTE',
        gameType: 'CRASH',
        gameName: 'Crash',
        displayName: 'Crash',
        iconUrl: '/art/games/crash.svg',
        showIcon: '/art/games/crash.svg',
        lagerIcon: '/art/games/crash.svg',
        cardId: 'SORTE_crash',
        gameCode: 'crash',
        gameClassify: 'crash',
        isHot: 1,
        isGame: 'GAME',
        vendorName: 'Sorte Originals',
        vendorLogoUrl: '/art/vendors/sorte.svg',
        maintenance: false,
      },
    ]);
  });

  it('filters by vendor and sub-category', async () => {
    const page = await answerOf('/wps/relay/gameList?vassalage=alpha&gameClassify=megaways&pageSize=100');
    expect(page.total).toBe(12);
    expect(
      page.content.every(
        (c: { vassalage: string; gameClassify: string }) =>
          c.vassalage === 'ALPHA' && c.gameClassify === 'megaways',
      ),
    ).toBe(true);
  });

  it('searches names in every language and game codes, treating % and _ literally', async () => {
    const codes = async (keyword: string) =>
      (await answerOf(`/wps/relay/gameList?pageSize=100&keyword=${encodeURIComponent(keyword)}`)).content.map(
        (c: { gameCode: string }) => c.gameCode,
      );
    expect(await codes('fortuna')).toEqual(['fortune-reels']);
    expect(await codes('REELS')).toEqual(['fortune-reels']);
    expect(await codes('alfa 2')).toEqual([
      'alpha-02',
      'alpha-20',
      'alpha-21',
      'alpha-22',
      'alpha-23',
      'alpha-24',
      'alpha-25',
    ]);
    expect(await codes('%')).toEqual([]);
    expect(await codes('_')).toEqual([]);
    // An empty keyword means no search.
    expect((await answerOf('/wps/relay/gameList?keyword=&gameType=BONUS')).total).toBe(4);
  });

  it("lists only the merchant's vendors, taking the merchant from the spec's `merchant` parameter", async () => {
    const bd = await answerOf('/wps/relay/gameList?gameType=RNG&merchant=BD');
    expect(bd.content.map((c: { vassalage: string }) => c.vassalage)).toEqual(['SORTE', 'SORTE']);
    const mx = await answerOf('/wps/relay/gameList?merchant=MX&pageSize=1');
    expect(mx.content[0].gameCode).toBe('crash');
    const br = await answerOf('/wps/relay/gameList?pageSize=1');
    expect(br.content[0].gameCode).toBe('fortune-reels');
  });
});

describe('localised names', () => {
  const nameOf = async (query: string, headers: Record<string, string> = {}) =>
    (await answerOf(`/wps/relay/gameList?gameType=RNG&pageSize=3&${query}`, headers)).content.map(
      (c: { gameName: string }) => c.gameName,
    );

  it('answers names in the requested language', async () => {
    expect(await nameOf('language=PT')).toEqual(['Rolos da Fortuna', 'Setes da Sorte', 'Alfa 1']);
    expect(await nameOf('language=pt-BR')).toEqual(['Rolos da Fortuna', 'Setes da Sorte', 'Alfa 1']);
    expect(await nameOf('language=BN')).toEqual(['ফরচুন রিলস', 'লাকি সেভেনস', 'Alpha 1']);
  });

  it('falls back to EN for a name missing in that language, or a language with no names', async () => {
    expect(await nameOf('language=ES')).toEqual(['Carretes de la Fortuna', 'Sietes de la Suerte', 'Alpha 1']);
    expect(await nameOf('language=JA')).toEqual(['Fortune Reels', 'Lucky Sevens', 'Alpha 1']);
  });

  it("uses the caller's language when the call names none", async () => {
    expect(await nameOf('', { lang: 'PT' })).toEqual(['Rolos da Fortuna', 'Setes da Sorte', 'Alfa 1']);
    expect(await nameOf('', { 'accept-language': 'es-MX,es;q=0.9' })).toContain('Carretes de la Fortuna');
  });
});

describe('caching', () => {
  it('answers 304 with no body when the client already holds the same answer', async () => {
    const first = await get('/wps/relay/vendorSorting');
    expect(first.headers['cache-control']).toContain('public, max-age=30');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/wps/relay/vendorSorting', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another merchant's menu is another answer.
    const mx = await get('/wps/relay/vendorSorting', { 'if-none-match': etag, merchantCode: 'MX' });
    expect(mx.statusCode).toBe(200);
  });

  it('gives every lobby read an ETag', async () => {
    for (const url of [
      '/wps/relay/gameList',
      '/wps/relay/hotGames',
      '/wps/relay/gameVendor',
      '/wps/relay/vendorGameTypes?vassalage=SORTE',
      '/wps/relay/winnerBoard',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const repeat = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(repeat.statusCode, url).toBe(304);
    }
  });
});

describe('hot games', () => {
  it.each([
    [9, 9],
    [10, 10],
    [11, 11],
    [15, 12],
  ])('trims a list of %i to %i', (length, expected) => {
    const list = Array.from({ length }, (_, i) => i);
    expect(trimHotGames(list)).toEqual(list.slice(0, expected));
  });

  it('answers the hot games of the merchant, trimmed to 12 when over 10', async () => {
    // BR offers 14 hot games: crash, fortune-reels, mines, plinko and Alpha 1-10.
    const hot = await answerOf(
      '/wps/relay/hotGames?merchantCode=BR&isPlatform=2&platform=flash,html5-desktop',
    );
    expect(hot).toHaveLength(12);
    expect(hot.every((c: { isHot: number }) => c.isHot === 1)).toBe(true);
    // BD offers only the four in-house hot games.
    const bd = await answerOf('/wps/relay/hotGames?merchantCode=BD&language=BN');
    expect(bd.map((c: { gameCode: string }) => c.gameCode).sort()).toEqual([
      'crash',
      'fortune-reels',
      'mines',
      'plinko',
    ]);
  });
});

describe('game vendor lanes', () => {
  it('answers one lane per menu category with cards by vendor and the sub-categories present', async () => {
    const lanes = await answerOf('/wps/relay/gameVendor?platform=html5-desktop');
    expect(lanes.map((l: { title: string }) => l.title)).toEqual(['RNG', 'CRASH', 'BONUS']);
    const [rng, crash, bonus] = lanes;
    expect(Object.keys(rng.cards)).toEqual(['SORTE', 'ALPHA']);
    expect(rng.cards.ALPHA).toHaveLength(25);
    expect(rng.gameClassify).toEqual([
      { key: 'video-slots', vendors: ['SORTE', 'ALPHA'] },
      { key: 'classic-slots', vendors: ['SORTE'] },
      { key: 'megaways', vendors: ['ALPHA'] },
    ]);
    expect(crash.cards.MAINT[0]).toMatchObject({ gameName: 'Rocket', maintenance: true });
    expect(bonus.cards.BGS.map((c: { gameCode: string }) => c.gameCode)).toEqual([
      'dice',
      'limbo',
      'mines',
      'plinko',
    ]);
  });
});

describe('vendor game types', () => {
  it('answers the types a vendor offers on the merchant, in spec order', async () => {
    expect(await answerOf('/wps/relay/vendorGameTypes?vassalage=sorte')).toEqual(['RNG', 'CRASH']);
    expect(await answerOf('/wps/relay/vendorGameTypes?vassalage=BGS')).toEqual(['BONUS']);
    expect(await answerOf('/wps/relay/vendorGameTypes?vassalage=ALPHA&merchantCode=BD')).toEqual([]);
    expect(await answerOf('/wps/relay/vendorGameTypes?vassalage=NOBODY')).toEqual([]);
  });
});

describe('winner board', () => {
  type Winner = { customerName: string; winAmount: number; currency: string; gameName: string };

  it('answers the 20 biggest wins of the merchant, biggest first, names masked', async () => {
    const winners: Winner[] = await answerOf('/wps/relay/winnerBoard?gameCategory=ALL&language=PT');
    expect(winners).toHaveLength(20);
    const amounts = winners.map((w) => w.winAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const w of winners) {
      expect(w.customerName).toMatch(/^[a-z]{2}\*\*\*\d{2}$/);
      expect(Number.isInteger(w.winAmount)).toBe(true);
      expect(w.currency).toBe('BRL');
    }
    expect(winners.map((w) => w.gameName)).not.toContain('Fortune Reels');
  });

  it('honours limitNum up to 50 and the merchant of the caller', async () => {
    expect(await answerOf('/wps/relay/winnerBoard?limitNum=5')).toHaveLength(5);
    const all: Winner[] = await answerOf('/wps/relay/winnerBoard?limitNum=50&merchantCode=BD');
    expect(all).toHaveLength(36);
    expect(new Set(all.map((w) => w.currency))).toEqual(new Set(['BDT']));
  });

  it('filters by game category', async () => {
    const crash: Winner[] = await answerOf('/wps/relay/winnerBoard?gameCategory=CRASH&limitNum=50');
    expect(crash.length).toBeGreaterThan(0);
    expect(new Set(crash.map((w) => w.gameName))).toEqual(new Set(['Crash']));
  });

  it('masks names the same way for every winner written later', () => {
    expect(maskCustomerName('maria2024')).toBe('ma***24');
    expect(maskCustomerName('ana')).toBe('a***');
  });
});

describe('bad query values', () => {
  it.each([
    ['/wps/relay/gameList?pageSize=101', 'pageSize', 'pageSize: must be at most 100'],
    ['/wps/relay/gameList?pageSize=0', 'pageSize', 'pageSize: must be at least 1'],
    ['/wps/relay/gameList?pageNo=abc', 'pageNo', 'pageNo: must be a number'],
    ['/wps/relay/gameList?pageNo=1.5', 'pageNo', 'pageNo: must be a whole number'],
    ['/wps/relay/gameList?gameType=CASINO', 'gameType', undefined],
    ['/wps/relay/gameList?vassalage=a%20b', 'vassalage', undefined],
    [`/wps/relay/gameList?keyword=${'x'.repeat(51)}`, 'keyword', 'keyword: must be at most 50 characters'],
    ['/wps/relay/gameList?language=%3Cscript%3E', 'language', undefined],
    ['/wps/relay/hotGames?isPlatform=x', 'isPlatform', undefined],
    ['/wps/relay/vendorGameTypes', 'vassalage', 'vassalage: is required'],
    ['/wps/relay/winnerBoard?limitNum=51', 'limitNum', 'limitNum: must be at most 50'],
    ['/wps/relay/winnerBoard?gameCategory=POKER', 'gameCategory', undefined],
  ])('%s answers 400 naming %s', async (url, field, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', value: { field } });
    if (message) expect(body.message).toBe(message);
  });

  it('names the field in the caller language', async () => {
    const res = await get('/wps/relay/gameList?pageSize=500', { lang: 'PT' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^pageSize: /);
    expect(res.json().message).not.toContain('must be');
  });
});

describe('demo catalogue', () => {
  it('points every art url at a file the web app serves', async () => {
    const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/public');
    const lanes = await answerOf('/wps/relay/gameVendor');
    const cards = lanes.flatMap((l: { cards: Record<string, { vassalage: string; iconUrl: string }[]> }) =>
      Object.values(l.cards).flat(),
    );
    const urls = new Set<string>();
    for (const card of cards.filter((c: { vassalage: string }) => ['SORTE', 'BGS'].includes(c.vassalage))) {
      urls.add(card.iconUrl);
    }
    for (const entry of await answerOf('/wps/relay/vendorSorting'))
      for (const v of entry.vendors) if (['SORTE', 'BGS'].includes(v.vassalage)) urls.add(v.logoUrl);
    expect(urls.size).toBe(9);
    for (const url of urls) expect(existsSync(join(publicDir, url)), url).toBe(true);
  });

  it('can be seeded again without duplicating games, menus or winners', async () => {
    const counts = async () =>
      t.db.query(
        `select (select count(*) from games) as games, (select count(*) from merchant_vendor_sorting) as menu,
                (select count(*) from game_winners) as winners`,
      );
    const before = await counts();
    await demoGamesSeeder.run(t.app);
    expect(await counts()).toEqual(before);
    expect(before[0]).toMatchObject({ winners: 108n });
  });

  it('is published in the OpenAPI document', async () => {
    const doc = (await get('/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/wps/relay/gameList', '/wps/relay/favorites', '/wps/game/launchGame']),
    );
  });
});

describe('compressed lobby answers', () => {
  const list = '/wps/relay/gameList?pageNo=1&pageSize=12&gameType=RNG';
  const fetchAs = (url: string, acceptEncoding?: string, etag?: string) =>
    get(url, {
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...(etag ? { 'if-none-match': etag } : {}),
    });

  it('serves a large lobby read as brotli or gzip from the cache, decoding to the plain answer', async () => {
    const plain = await fetchAs(list);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/);

    const br = await fetchAs(list, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The compression stored with the answer (quality 9); per-request compression uses quality 4.
    expect(br.rawPayload.equals(brotliCompressSync(plain.rawPayload, CACHED_BROTLI_OPTIONS))).toBe(true);
    expect((await fetchAs(list, 'br')).rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await fetchAs(list, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gz.rawPayload.equals(gzipSync(plain.rawPayload, CACHED_GZIP_OPTIONS))).toBe(true);
  });

  it('tags every encoding of an answer alike, so a held tag answers 304 whatever the encoding', async () => {
    const tags = new Set<string>();
    for (const accept of [undefined, 'br', 'gzip'])
      tags.add(String((await fetchAs(list, accept)).headers.etag));
    expect(tags.size).toBe(1);
    const [etag] = [...tags] as [string];
    for (const accept of [undefined, 'br, gzip', 'gzip']) {
      const again = await fetchAs(list, accept, etag);
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
      expect(again.headers['content-encoding'], accept).toBeUndefined();
      expect(String(again.headers.vary), accept).toMatch(/accept-encoding/);
    }
    const other = await fetchAs('/wps/relay/gameList?pageNo=1&pageSize=12&gameType=CRASH', 'br', etag);
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends small lobby reads as they are', async () => {
    const res = await fetchAs('/wps/relay/vendorSorting', 'br, gzip');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
  });
});
