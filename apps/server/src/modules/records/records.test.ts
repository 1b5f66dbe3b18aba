import { randomUUID } from 'node:crypto';
import { addDays, dayIn } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { launch, nodeIdOf, seedHouseCatalogue, vendorClient } from '../vendors/test-vendor-client';
import { charge, fund, registerAgent, registerMember, type TestMember } from './test-support';

const ZONE = 'America/Sao_Paulo';
let t: TestApp;
let dora: TestMember;
let eve: TestMember;
let agent: TestMember;
let today: string;

/**
 * Moves a transfer's entries back in time. Entries are append-only, so the guard is lifted for this
 * throwaway database only; balances and the running balance (ordered by id) are untouched.
 */
async function backdate(transferId: bigint, days: number) {
  await t.db.exec('alter table ledger_entries disable trigger ledger_entries_append_only');
  await t.db.query(
    'update ledger_entries set created_at = created_at - make_interval(days => $2) where transfer_id = $1',
    [transferId, days],
  );
  await t.db.exec('alter table ledger_entries enable trigger ledger_entries_append_only');
}

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 4 });
  await seedHouseCatalogue(t.app);
  today = dayIn(new Date(), ZONE);
  agent = await registerAgent(t.app, 'agenterec1', 'RECAGENT');
  dora = await registerMember(t.app, 'dorarec1', { affiliateCode: 'RECAGENT' });
  eve = await registerMember(t.app, 'everec1');

  // Dora's main wallet, oldest first: a deposit 40 days ago (outside every range), one 10 days ago,
  // then today a deposit, a bet, a win, a withdrawal, a reversed bet and a transfer to her upline.
  await backdate((await fund(t.app, dora.id, 9_000n, { metadata: { orderId: 'D-OLD' } })).transferId, 40);
  await backdate((await fund(t.app, dora.id, 1_000n, { metadata: { orderId: 'D-10' } })).transferId, 10);
  await fund(t.app, dora.id, 10_000n, { metadata: { orderId: 'D-1001' } });
  await charge(t.app, dora.id, 300n, 'vendor_bet');
  await fund(t.app, dora.id, 500n, { kind: 'vendor_win', metadata: { roundId: 'R-77' } });
  await charge(t.app, dora.id, 1_000n, 'withdrawal');
  const bet = await charge(t.app, dora.id, 200n, 'vendor_bet');
  await t.app.ledger.reverse({
    idempotencyKey: `test:rec-rollback:${bet.transferId}`,
    transferId: bet.transferId,
  });
  const toUpline = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/transferToUpline',
    headers: { token: dora.token },
    payload: { amount: 700, requestId: randomUUID() },
  });
  expect(toUpline.statusCode, toUpline.body).toBe(200);
  // Eve has movements of her own that Dora must never see.
  await fund(t.app, eve.id, 4_200n, { metadata: { orderId: 'E-1' } });
});
afterAll(() => t.app.close());

const history = (token: string, query = '') =>
  t.app.inject({ url: `/wps/relay/memberTransactionDetail${query}`, headers: { token } });

type MovementDto = {
  id: string;
  type: string;
  amount: number;
  balanceAfter: number;
  time: string;
  reference: string;
};

describe('account record (memberTransactionDetail)', () => {
  it('lists the last 7 days of main-wallet movements, newest first, with type, signed amount and balance after', async () => {
    const res = await history(dora.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().value;
    expect(page).toMatchObject({
      pageNum: 1,
      total: 7,
      totalPages: 1,
      currency: 'BRL',
      startDate: addDays(today, -6),
      endDate: today,
      timeZone: ZONE,
    });
    const rows = page.content as MovementDto[];
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter, r.reference])).toEqual([
      ['transfer', -700, 18_500, 'agenterec1'],
      ['refund', 200, 19_200, expect.any(String)],
      ['bet', -200, 19_000, expect.any(String)],
      ['withdrawal', -1_000, 19_200, expect.any(String)],
      ['win', 500, 20_200, 'R-77'],
      ['bet', -300, 19_700, expect.any(String)],
      ['deposit', 10_000, 20_000, 'D-1001'],
    ]);
    for (const row of rows) expect(new Date(row.time).toISOString()).toBe(row.time);
  });

  it('shows the receiving side of a transfer to the upline named after the sender', async () => {
    const rows = (await history(agent.token)).json().value.content as MovementDto[];
    expect(rows[0]).toMatchObject({ type: 'transfer', amount: 700, reference: 'dorarec1' });
  });

  it('filters by type, in any letter case', async () => {
    const bets = (await history(dora.token, '?type=bet')).json().value;
    expect(bets.total).toBe(2);
    expect(bets.content.every((r: MovementDto) => r.type === 'bet' && r.amount < 0)).toBe(true);
    const deposits = (await history(dora.token, '?type=DEPOSIT')).json().value;
    expect(deposits.content.map((r: MovementDto) => r.reference)).toEqual(['D-1001']);
    expect((await history(dora.token, '?type=bonus')).json().value).toMatchObject({ content: [], total: 0 });
  });

  it('reaches back up to 30 days, and no further', async () => {
    const month = (
      await history(dora.token, `?type=deposit&startDate=${addDays(today, -30)}&endDate=${today}`)
    ).json().value;
    expect(month.content.map((r: MovementDto) => r.reference)).toEqual(['D-1001', 'D-10']);
    const past = (
      await history(dora.token, `?startDate=${addDays(today, -12)}&endDate=${addDays(today, -8)}`)
    ).json().value;
    expect(past.content).toEqual([
      expect.objectContaining({ type: 'deposit', amount: 1_000, balanceAfter: 10_000 }),
    ]);
  });

  it('pages', async () => {
    const first = (await history(dora.token, '?pageSize=3')).json().value;
    expect(first).toMatchObject({ pageNum: 1, total: 7, totalPages: 3 });
    const third = (await history(dora.token, '?pageSize=3&pageNo=3')).json().value;
    expect(third.content.map((r: MovementDto) => r.reference)).toEqual(['D-1001']);
    const all = [1, 2, 3].map(
      async (n) => (await history(dora.token, `?pageSize=3&pageNo=${n}`)).json().value.content,
    );
    const ids = (await Promise.all(all)).flat().map((r: MovementDto) => r.id);
    expect(new Set(ids).size).toBe(7);
    expect((await history(dora.token, '?pageSize=3&pageNo=9')).json().value.content).toEqual([]);
  });

  it('refuses bad dates and values with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`?startDate=${addDays(today, -31)}`, 'startDate'],
      [`?endDate=${addDays(today, 1)}`, 'endDate'],
      [`?startDate=${today}&endDate=${addDays(today, -1)}`, 'endDate'],
      ['?startDate=2025-02-30', 'startDate'],
      ['?endDate=12-01-2025', 'endDate'],
      ['?type=lottery', 'type'],
      ['?pageSize=1000', 'pageSize'],
      ['?pageNo=0', 'pageNo'],
    ];
    for (const [query, field] of cases) {
      const res = await history(dora.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().value.field, query).toBe(field);
      expect(res.json().message, query).toMatch(new RegExp(`^${field}: `));
    }
    const pt = await t.app.inject({
      url: `/wps/relay/memberTransactionDetail?startDate=${addDays(today, -31)}`,
      headers: { token: dora.token, lang: 'pt' },
    });
    expect(pt.json().message).toBe(`startDate: não pode ser antes de ${addDays(today, -30)}`);
  });

  it("shows only the caller's own movements, whatever the query says, and needs a session", async () => {
    const mine = (await history(eve.token, `?memberId=${dora.id}&accountId=1`)).json().value;
    expect(mine.content.map((r: MovementDto) => r.reference)).toEqual(['E-1']);
    const doras = (await history(dora.token)).json().value.content as MovementDto[];
    expect(doras.some((r) => r.reference === 'E-1')).toBe(false);
    expect((await t.app.inject({ url: '/wps/relay/memberTransactionDetail' })).statusCode).toBe(401);
  });
});

describe('bonus details', () => {
  it("lists the bonus wallet's movements, and nothing for a member without any", async () => {
    await fund(t.app, dora.id, 1_500n, {
      account: 'bonus',
      kind: 'bonus',
      metadata: { reference: 'WELCOME' },
    });
    const res = await t.app.inject({ url: '/wps/relay/bonusDetail', headers: { token: dora.token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      total: 1,
      content: [{ type: 'bonus', amount: 1_500, balanceAfter: 1_500, reference: 'WELCOME' }],
    });
    const none = await t.app.inject({ url: '/wps/relay/bonusDetail', headers: { token: eve.token } });
    expect(none.json().value).toMatchObject({ content: [], total: 0, totalPages: 0 });
    const bad = await t.app.inject({
      url: `/wps/relay/bonusDetail?startDate=${addDays(today, -45)}`,
      headers: { token: eve.token },
    });
    expect(bad.json().value.field).toBe('startDate');
  });
});

describe('profit and loss (personalProfit)', () => {
  const profit = (token: string, query = '') =>
    t.app.inject({ url: `/wps/relay/personalProfit${query}`, headers: { token } });

  beforeAll(async () => {
    // A round played through the seamless wallet, as the studio plays it: stake 1000, win 2500.
    const call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
    await fund(t.app, eve.id, 5_000n);
    const { token } = await launch(t.app, eve.token, 'crash');
    const player = (await call('authenticate', { token })).json.playerId as string;
    const bet = {
      transactionId: 'pl-bet-1',
      playerId: player,
      roundId: 'pl-r1',
      gameCode: 'crash',
      currency: 'BRL',
    };
    expect((await call('bet', { ...bet, amount: 1_000 })).json.status).toBe('OK');
    expect(
      (await call('win', { ...bet, transactionId: 'pl-win-1', amount: 2_500, roundEnded: true })).json.status,
    ).toBe('OK');

    // Older rounds, written as the wallet writes them.
    const slot = await nodeIdOf(t.app, 'fortune-reels');
    const crash = await nodeIdOf(t.app, 'crash');
    const round = (
      id: string,
      memberId: bigint,
      node: number,
      gameCode: string,
      gameType: string,
      stake: number,
      payout: number,
      daysAgo: number,
      status = 'closed',
    ) =>
      t.db.query(
        `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                    game_type, currency, stake, payout, bet_count, win_count, status, opened_at)
         values ('SORTE', $1, $2, 'p', $3, 'SORTE', $4, $5, 'BRL', $6, $7, 1, 1, $8, now() - make_interval(days => $9))`,
        [id, memberId, node, gameCode, gameType, stake, payout, status, daysAgo],
      );
    await round('pl-r2', eve.id, slot, 'fortune-reels', 'RNG', 400, 0, 0);
    await round('pl-r3', eve.id, slot, 'fortune-reels', 'RNG', 600, 900, 2);
    await round('pl-r4', eve.id, slot, 'fortune-reels', 'RNG', 100, 0, 2);
    await round('pl-r5', eve.id, crash, 'crash', 'CRASH', 0, 0, 2, 'cancelled');
    await round('pl-r6', eve.id, crash, 'crash', 'CRASH', 5_000, 0, 20);
    await round('pl-r7', dora.id, crash, 'crash', 'CRASH', 9_999, 0, 0);
  });

  it('sums stake, payout and profit by day and game type, newest day first, with totals', async () => {
    const res = await profit(eve.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      content: [
        { date: today, gameType: 'CRASH', stake: 1_000, payout: 2_500, profit: 1_500, rounds: 1 },
        { date: today, gameType: 'RNG', stake: 400, payout: 0, profit: -400, rounds: 1 },
        { date: addDays(today, -2), gameType: 'RNG', stake: 700, payout: 900, profit: 200, rounds: 2 },
      ],
      totals: { stake: 2_100, payout: 3_400, profit: 1_300, rounds: 4 },
      currency: 'BRL',
      startDate: addDays(today, -6),
      endDate: today,
      timeZone: ZONE,
    });
  });

  it('filters by game type and date range, and refuses a range beyond 30 days', async () => {
    const rng = (await profit(eve.token, '?gameType=rng')).json().value;
    expect(rng.totals).toEqual({ stake: 1_100, payout: 900, profit: -200, rounds: 3 });
    const month = (await profit(eve.token, `?gameType=CRASH&startDate=${addDays(today, -30)}`)).json().value;
    expect(month.content.map((r: { date: string }) => r.date)).toEqual([today, addDays(today, -20)]);
    const past = (
      await profit(eve.token, `?startDate=${addDays(today, -3)}&endDate=${addDays(today, -1)}`)
    ).json().value;
    expect(past.totals.rounds).toBe(2);
    const bad = await profit(eve.token, `?startDate=${addDays(today, -31)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.field).toBe('startDate');
    expect((await profit(eve.token, '?gameType=NOPE')).json().value.field).toBe('gameType');
  });

  it("counts only the caller's rounds", async () => {
    const doras = (await profit(dora.token)).json().value;
    expect(doras.totals).toEqual({ stake: 9_999, payout: 0, profit: -9_999, rounds: 1 });
  });

  it('leaves the ledger consistent', async () => {
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
