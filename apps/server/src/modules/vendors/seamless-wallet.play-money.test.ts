import { PLAY_MONEY_TOP_UP_TO_MINOR } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { trialToken } from '../records/test-support';
import {
  betBody,
  cashBalance,
  launch,
  nodeIdOf,
  rollbackBody,
  seedHouseCatalogue,
  vendorClient,
  winBody,
} from './test-vendor-client';

/**
 * Free-play (trial) members play the house games with play money (DECISIONS.md): the launch gives
 * the studio a session in FUN on the member's play account; bets, wins and rollbacks move that
 * account only, under the same rules as real money (idempotent, never negative). Vendors that do not
 * offer play money stay closed to them.
 */

let t: TestApp;
let call: ReturnType<typeof vendorClient>;
const START = PLAY_MONEY_TOP_UP_TO_MINOR;

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 4 });
  await seedHouseCatalogue(t.app);
  call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
});
afterAll(() => t.app.close());

const fun = (body: object) => ({ ...body, currency: 'FUN' });

/** A new free-play member launched into a house game and authenticated at the wallet. */
async function trialPlayer(gameCode = 'crash') {
  const token = await trialToken(t.app);
  const info = await t.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
  const memberId = BigInt(info.json().value.id);
  const auth = await call('authenticate', { token: (await launch(t.app, token, gameCode)).token });
  return { token, memberId, auth, playerId: auth.json.playerId as string };
}

const playBalance = (memberId: bigint) => t.app.ledger.playBalance(memberId.toString());

describe('house games with play money', () => {
  it('opens a house game for a free-play member in FUN, with their play money as the balance', async () => {
    const p = await trialPlayer('dice');
    expect(p.auth.json).toMatchObject({ status: 'OK', balance: START, currency: 'FUN' });
    expect((await call('balance', { playerId: p.playerId })).json).toMatchObject({
      status: 'OK',
      balance: START,
      currency: 'FUN',
    });
  });

  it('bets and wins move the play account only; real cash is never touched', async () => {
    const p = await trialPlayer();
    const bet = await call('bet', fun(betBody(p, 'fun-bet-1', 'fun-round-1', 2_500)));
    expect(bet.raw).toBe(
      `{"status":"OK","balance":${START - 2_500},"currency":"FUN","transactionId":"fun-bet-1"}`,
    );
    // The same bet again: the same bytes, nothing moves.
    expect((await call('bet', fun(betBody(p, 'fun-bet-1', 'fun-round-1', 2_500)))).raw).toBe(bet.raw);
    const win = await call('win', fun(winBody(p, 'fun-win-1', 'fun-round-1', 6_000)));
    expect(win.json).toMatchObject({ status: 'OK', balance: START + 3_500 });
    expect(await playBalance(p.memberId)).toBe(BigInt(START + 3_500));
    expect(await cashBalance(t.app, p.memberId)).toBe(0n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('refuses a real-currency bet on a play-money session, and refunds a rolled-back bet once', async () => {
    const p = await trialPlayer();
    const brl = await call('bet', betBody(p, 'fun-brl-1', 'fun-round-2', 1_000));
    expect(brl.json).toMatchObject({ status: 'INVALID_REQUEST', balance: START, currency: 'FUN' });
    expect((await call('bet', fun(betBody(p, 'fun-bet-2', 'fun-round-3', 9_000)))).json.status).toBe('OK');
    const refunds = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('rollback', rollbackBody(p, `fun-rb-${i}`, 'fun-round-3', 'fun-bet-2')),
      ),
    );
    expect(refunds.every((r) => r.json.status === 'OK')).toBe(true);
    expect(await playBalance(p.memberId)).toBe(BigInt(START));
  });

  it('lets exactly floor(balance / amount) of 30 simultaneous play-money bets through, never below zero', async () => {
    const p = await trialPlayer();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('bet', fun(betBody(p, `fun-flood-${i}`, `fun-flood-r${i}`, 7_000))),
      ),
    );
    const statuses = answers.map((a) => a.json.status);
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(Math.floor(START / 7_000));
    expect(statuses.filter((s) => s === 'INSUFFICIENT_FUNDS')).toHaveLength(30 - Math.floor(START / 7_000));
    for (const a of answers) expect(a.json.balance as number).toBeGreaterThanOrEqual(0);
    expect(await playBalance(p.memberId)).toBe(BigInt(START % 7_000));
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('keeps vendors without play money closed to free-play members', async () => {
    const unregister = t.app.gameLaunchers.register('ACMEFUN', { launch: async () => '/play/acme' });
    try {
      await t.db.query(
        "insert into game_vendors (vassalage, name, game_types) values ('ACMEFUN', 'Acme', '{RNG}')",
      );
      await t.db.query(
        `insert into games (vassalage, game_type, game_code, names, icon_url)
         values ('ACMEFUN', 'RNG', 'acme-fun-slot', '{"EN":"Acme Slot"}', '/art/games/acme.svg')`,
      );
      await t.db.query(
        "insert into merchant_vendor_sorting (merchant_code, game_type, vassalage, sort) values ('BR', 'RNG', 'ACMEFUN', 99)",
      );
      const token = await trialToken(t.app);
      const res = await t.app.inject({
        url: `/wps/game/launchGame?game=${await nodeIdOf(t.app, 'acme-fun-slot')}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED', message: 'Register an account first' });
    } finally {
      unregister();
    }
  });
});
