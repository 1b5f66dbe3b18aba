import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { GameLaunchRequest } from './game-launcher';
import { nodeIdOf, seedTestCatalogue } from './test-catalogue';

let t: TestApp;
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

async function registerMember(username: string, merchantCode = 'BR'): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password: 'correct horse 1', confirmPassword: 'correct horse 1' },
    headers: { merchantCode },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token;
}

let ana: string;
let bruno: string;
let dhaka: string;
let trial: string;
const nodeCodes = [
  'crash',
  'fortune-reels',
  'lucky-sevens',
  'dice',
  'mines',
  'alpha-01',
  'maint-crash',
] as const;
const node = {} as Record<(typeof nodeCodes)[number], number>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedTestCatalogue(t.app);
  for (const code of nodeCodes) node[code] = await nodeIdOf(t.app, code);
  ana = await registerMember('ana2024');
  bruno = await registerMember('bruno77');
  dhaka = await registerMember('rahim88', 'BD');
  const free = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: {},
    remoteAddress: nextIp(),
  });
  expect(free.statusCode, free.body).toBe(200);
  trial = free.json().value.token;
});
afterAll(() => t.app.close());

const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
const codesOf = (page: { content: { gameCode: string }[] }) => page.content.map((c) => c.gameCode);

describe('favourites', () => {
  it('needs a login for every favourites call', async () => {
    for (const [method, url] of [
      ['GET', '/wps/relay/favorites'],
      ['POST', '/wps/relay/favorites'],
      ['DELETE', `/wps/relay/favorites?nodeId=${node.crash}`],
    ] as const) {
      const res = await call(method, url, null, method === 'POST' ? { nodeId: node.crash } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'You are not logged in, please login',
      });
    }
  });

  it('adds a game once however often it is added, and lists it with every id', async () => {
    const body = { nodeId: node.crash, vendor: 'SORTE', gameType: 'CRASH' };
    const first = await call('POST', '/wps/relay/favorites', ana, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({ ids: [node.crash] });
    const again = await call('POST', '/wps/relay/favorites', ana, body);
    expect(again.json().value).toEqual({ ids: [node.crash] });
    await call('POST', '/wps/relay/favorites', ana, { nodeId: String(node['fortune-reels']) });

    const list = await call('GET', '/wps/relay/favorites?clientType=3&platform=html5-desktop&pageNo=1', ana);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const page = list.json().value;
    expect(codesOf(page)).toEqual(['fortune-reels', 'crash']);
    expect(page).toMatchObject({
      pageNum: 1,
      totalPages: 1,
      total: 2,
      ids: [node['fortune-reels'], node.crash],
    });
  });

  it('filters the page by game type but always answers every id', async () => {
    const page = (await call('GET', '/wps/relay/favorites?gameType=CRASH&language=PT', ana)).json().value;
    expect(codesOf(page)).toEqual(['crash']);
    expect(page.total).toBe(1);
    expect(page.ids).toEqual([node['fortune-reels'], node.crash]);
  });

  it("keeps members apart: one never sees or removes another's favourites", async () => {
    const theirs = (await call('GET', '/wps/relay/favorites', bruno)).json().value;
    expect(theirs).toMatchObject({ content: [], total: 0, ids: [] });
    const removal = await call('DELETE', `/wps/relay/favorites?nodeId=${node.crash}`, bruno);
    expect(removal.statusCode).toBe(200);
    expect(removal.json().value).toEqual({ ids: [] });
    const mine = (await call('GET', '/wps/relay/favorites', ana)).json().value;
    expect(mine.ids).toEqual([node['fortune-reels'], node.crash]);
  });

  it('removes a favourite, and removing it again is harmless', async () => {
    const res = await call('DELETE', `/wps/relay/favorites?nodeId=${node.crash}`, ana);
    expect(res.json().value).toEqual({ ids: [node['fortune-reels']] });
    const again = await call('DELETE', `/wps/relay/favorites?nodeId=${node.crash}`, ana);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual({ ids: [node['fortune-reels']] });
  });

  it('refuses a game that does not exist or is not offered on the member’s site', async () => {
    const unknown = await call('POST', '/wps/relay/favorites', ana, { nodeId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'GAME_NOT_FOUND', message: 'This game was not found.' });
    // ALPHA is offered in Brazil, not in Bangladesh.
    const elsewhere = await call('POST', '/wps/relay/favorites', dhaka, { nodeId: node['alpha-01'] });
    expect(elsewhere.statusCode).toBe(404);
  });

  it.each([
    [{ nodeId: 'abc' }, 'nodeId'],
    [{ nodeId: 0 }, 'nodeId'],
    [{}, 'nodeId'],
    [{ nodeId: 1, gameType: 'POKER' }, 'gameType'],
    [{ nodeId: 1, extra: true }, 'extra'],
  ])('answers 400 for the body %j naming %s', async (payload, field) => {
    const res = await call('POST', '/wps/relay/favorites', ana, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field } });
  });

  it('accepts the spec’s page size of 999 for the home list, and no more', async () => {
    expect((await call('GET', '/wps/relay/favorites?pageSize=999', ana)).statusCode).toBe(200);
    const res = await call('GET', '/wps/relay/favorites?pageSize=1000', ana);
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('pageSize');
    const missing = await call('DELETE', '/wps/relay/favorites', ana);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().value.field).toBe('nodeId');
  });
});

describe('recent games', () => {
  it('needs a login', async () => {
    expect((await call('GET', '/wps/relay/recentGames', null)).statusCode).toBe(401);
  });

  it('lists the games last played first, 20 to a page by default', async () => {
    const [member] = await t.db.query<{ id: bigint }>("select id from members where username = 'bruno77'");
    // Bruno played all 25 Alpha slots, one a minute, Alpha 25 last.
    await t.db.query(
      `insert into recent_games (member_id, node_id, last_played_at)
       select $1, node_id, now() - make_interval(mins => 100 - sort) from games where vassalage = 'ALPHA'`,
      [member?.id],
    );
    const first = (await call('GET', '/wps/relay/recentGames?page=1&language=PT&clientType=3', bruno)).json()
      .value;
    expect(first).toMatchObject({ pageNum: 1, totalPages: 2, total: 25 });
    expect(first.content).toHaveLength(20);
    expect(first.content[0]).toMatchObject({ gameCode: 'alpha-25', gameName: 'Alfa 25' });
    expect(first.content[19].gameCode).toBe('alpha-06');
    const second = (await call('GET', '/wps/relay/recentGames?page=2', bruno)).json().value;
    expect(codesOf(second)).toEqual(['alpha-05', 'alpha-04', 'alpha-03', 'alpha-02', 'alpha-01']);
    const small = (await call('GET', '/wps/relay/recentGames?pageSize=3&gameType=RNG', bruno)).json().value;
    expect(codesOf(small)).toEqual(['alpha-25', 'alpha-24', 'alpha-23']);
    expect((await call('GET', '/wps/relay/recentGames?gameType=CRASH', bruno)).json().value.total).toBe(0);
  });

  it('shows a member only their own games', async () => {
    const mine = (await call('GET', '/wps/relay/recentGames', dhaka)).json().value;
    expect(mine).toMatchObject({ content: [], total: 0 });
  });
});

describe('launching a game', () => {
  const launch = (game: number | string, token: string | null, extra = '') =>
    call('GET', `/wps/game/launchGame?game=${game}${extra}`, token);

  it('needs a login', async () => {
    const res = await launch(node.crash, null);
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown game', async () => {
    const res = await launch(999_999, ana);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('GAME_NOT_FOUND');
  });

  it('answers 503 Game maintenance while the vendor has no launcher', async () => {
    const res = await launch(node.dice, ana);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'GAME_MAINTENANCE',
      message: 'Game maintenance',
      value: { gameType: 'BONUS', vassalage: 'BGS' },
    });
    const pt = await t.app.inject({
      url: `/wps/game/launchGame?game=${node.dice}`,
      headers: { ...as(ana), lang: 'PT' },
    });
    expect(pt.json().message).toBe('Jogo em manutenção');
  });

  it('opens the game through its vendor’s launcher and records it as the latest recent game', async () => {
    const calls: GameLaunchRequest[] = [];
    const unregister = t.app.gameLaunchers.register('SORTE', {
      async launch(request) {
        calls.push(request);
        return `https://studio.example/play/${request.game.gameCode}?lang=${request.language}`;
      },
    });
    try {
      const res = await launch(node.crash, ana, '&language=PT&returnUrl=/crash');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toEqual({
        url: 'https://studio.example/play/crash?lang=PT',
        vassalage: 'SORTE',
        gameCode: 'crash',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(calls[0]).toMatchObject({
        member: { username: 'ana2024', merchantCode: 'BR', currency: 'BRL', isTrial: false },
        game: {
          nodeId: node.crash,
          vassalage: 'SORTE',
          gameType: 'CRASH',
          gameCode: 'crash',
          gameName: 'Crash',
        },
        language: 'PT',
        returnUrl: '/crash',
      });
      await launch(node['lucky-sevens'], ana);
      expect(calls[1]?.returnUrl).toBe('/');
      const recent = (await call('GET', '/wps/relay/recentGames', ana)).json().value;
      expect(codesOf(recent)).toEqual(['lucky-sevens', 'crash']);
      // Playing crash again moves it back to the top without a second row.
      await launch(node.crash, ana);
      const after = (await call('GET', '/wps/relay/recentGames', ana)).json().value;
      expect(codesOf(after)).toEqual(['crash', 'lucky-sevens']);
    } finally {
      unregister();
    }
  });

  it('answers 503 for a vendor in maintenance even with a launcher', async () => {
    const unregister = t.app.gameLaunchers.register('MAINT', { launch: async () => 'https://x.example/' });
    try {
      const res = await launch(node['maint-crash'], ana);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('GAME_MAINTENANCE');
    } finally {
      unregister();
    }
  });

  it('answers 503 when the launcher fails or answers something that is not a URL, and records nothing', async () => {
    for (const launcher of [
      {
        launch: async () => {
          throw new Error('vendor unreachable');
        },
      },
      { launch: async () => 'javascript:alert(1)' },
    ]) {
      const unregister = t.app.gameLaunchers.register('BGS', launcher);
      try {
        const res = await launch(node.mines, bruno);
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('GAME_MAINTENANCE');
      } finally {
        unregister();
      }
    }
    expect((await call('GET', '/wps/relay/recentGames?gameType=BONUS', bruno)).json().value.total).toBe(0);
  });

  it('refuses real-money games to trial members', async () => {
    const unregister = t.app.gameLaunchers.register('SORTE', { launch: async () => '/play/crash' });
    try {
      const res = await launch(node.crash, trial);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED', message: 'Register an account first' });
      const pt = await t.app.inject({
        url: `/wps/game/launchGame?game=${node.crash}`,
        headers: { ...as(trial), lang: 'PT' },
      });
      expect(pt.json().message).toBe('Registre uma conta primeiro');
      // A relative path on this site is a usable launch URL for a real member.
      expect((await launch(node.crash, bruno)).json().value.url).toBe('/play/crash');
    } finally {
      unregister();
    }
  });

  it('answers 404 for a game not offered on the member’s site', async () => {
    const res = await launch(node['alpha-01'], dhaka);
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['game=0', 'game'],
    ['game=abc', 'game'],
    ['', 'game'],
    ['game=1&returnUrl=//evil.example', 'returnUrl'],
    ['game=1&returnUrl=https://evil.example', 'returnUrl'],
  ])('answers 400 for %s naming %s', async (query, field) => {
    const res = await call('GET', `/wps/game/launchGame?${query}`, ana);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field } });
  });

  it('refuses to register two launchers for one vendor', () => {
    const unregister = t.app.gameLaunchers.register('SORTE', { launch: async () => '/a' });
    try {
      expect(() => t.app.gameLaunchers.register('sorte', { launch: async () => '/b' })).toThrow(/already/);
    } finally {
      unregister();
    }
  });
});
