import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import {
  betBody,
  cashBalance,
  type LaunchedPlayer,
  launchedPlayer,
  rollbackBody,
  seedHouseCatalogue,
  sign,
  transfersWithKeys as transfersWithKeysOf,
  vendorClient,
  winBody,
} from './test-vendor-client';

/**
 * Group commit: money calls that reach the wallet together run in one database statement and
 * transaction (vendor_wallet_batch), each as it would alone. The calls here are handed to the
 * service in one turn of the event loop, so they are one batch (the stats say so); the answers must
 * be exactly those of the same calls one after another.
 */
let t: TestApp;
let secret: string;
let call: ReturnType<typeof vendorClient>;

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 4 });
  await seedHouseCatalogue(t.app);
  secret = t.app.seamlessWallet.houseVendor().secret;
  call = vendorClient(t.app, { vendor: 'SORTE', secret });
});
afterAll(() => t.app.close());

type Player = LaunchedPlayer;
let names = 0;
async function newPlayer(funds: bigint): Promise<Player> {
  return launchedPlayer(t.app, call, `batcher${++names}x`, funds);
}

type Sent = { action: 'bet' | 'win' | 'rollback'; body: Record<string, unknown> };
const bet = (p: Player, transactionId: string, roundId: string, amount: number): Sent => ({
  action: 'bet',
  body: betBody(p, transactionId, roundId, amount),
});
const win = (p: Player, transactionId: string, roundId: string, amount: number): Sent => ({
  action: 'win',
  body: winBody(p, transactionId, roundId, amount),
});
const rollback = (p: Player, transactionId: string, roundId: string, refTransactionId: string): Sent => ({
  action: 'rollback',
  body: rollbackBody(p, transactionId, roundId, refTransactionId),
});

/** Hands every call to the wallet in the same turn (one batch) and answers the raw answers in order. */
async function together(calls: Sent[]): Promise<{ raws: string[]; batches: number; batchedCalls: number }> {
  const wallet = t.app.seamlessWallet;
  const before = wallet.moneyCallStats();
  const replies = await Promise.all(
    calls.map(({ action, body }) => {
      const raw = JSON.stringify(body);
      return wallet.handle({
        vendorCode: 'SORTE',
        action,
        rawBody: Buffer.from(raw),
        signature: sign(secret, raw),
      });
    }),
  );
  for (const reply of replies) expect(reply.signature).toBe(sign(secret, reply.body));
  const after = wallet.moneyCallStats();
  return {
    raws: replies.map((r) => r.body),
    batches: after.batches - before.batches,
    batchedCalls: after.batchedCalls - before.batchedCalls,
  };
}

const answer = (status: string, balance: number | null, transactionId: string) =>
  JSON.stringify({ status, balance, currency: balance === null ? null : 'BRL', transactionId });
const transfersWithKeys = (ids: string[]) =>
  transfersWithKeysOf(
    t.app,
    ids.map((id) => `vendor:SORTE:${id}`),
  );
const roundsCalled = async (roundIds: string[]) =>
  (
    await t.db.query<{ n: bigint }>(
      "select count(*) as n from vendor_rounds where vendor_code = 'SORTE' and round_id = any($1::text[])",
      [roundIds],
    )
  )[0]?.n;

describe('money calls arriving together (one batch, one transaction)', () => {
  it('runs bets and wins of several members in arrival order, each answered as alone', async () => {
    const [a, b, c] = await Promise.all([newPlayer(10_000n), newPlayer(20_000n), newPlayer(30_000n)]);
    const sent = [
      bet(a as Player, 'm-a1', 'm-ra1', 1_000),
      bet(b as Player, 'm-b1', 'm-rb1', 2_000),
      bet(a as Player, 'm-a2', 'm-ra2', 500),
      win(a as Player, 'm-aw1', 'm-ra1', 3_000),
      bet(c as Player, 'm-c1', 'm-rc1', 4_000),
      win(b as Player, 'm-bw1', 'm-rb1', 0),
      rollback(c as Player, 'm-crb1', 'm-rc1', 'm-c1'),
    ];
    const { raws, batches, batchedCalls } = await together(sent);
    expect({ batches, batchedCalls }).toEqual({ batches: 1, batchedCalls: sent.length });
    expect(raws).toEqual([
      answer('OK', 9_000, 'm-a1'),
      answer('OK', 18_000, 'm-b1'),
      answer('OK', 8_500, 'm-a2'),
      answer('OK', 11_500, 'm-aw1'),
      answer('OK', 26_000, 'm-c1'),
      answer('OK', 18_000, 'm-bw1'),
      answer('OK', 30_000, 'm-crb1'),
    ]);
    expect(await cashBalance(t.app, (a as Player).memberId)).toBe(11_500n);
    expect(await cashBalance(t.app, (b as Player).memberId)).toBe(18_000n);
    expect(await cashBalance(t.app, (c as Player).memberId)).toBe(30_000n);
    // One clearing shard for the whole batch (two batches never take shards in opposite orders).
    const sides = await t.db.query<{ clearing: bigint }>(
      `select case when kind = 'vendor_bet' then credit_account_id else debit_account_id end as clearing
         from ledger_transfers where idempotency_key = any($1::text[])`,
      [['m-a1', 'm-b1', 'm-a2', 'm-aw1', 'm-c1'].map((id) => `vendor:SORTE:${id}`)],
    );
    expect(sides).toHaveLength(5);
    expect(new Set(sides.map((s) => s.clearing)).size).toBe(1);
    // Each call is recorded with its answer: repeats, one by one now, get the same bytes.
    for (const [i, s] of sent.entries()) expect((await call(s.action, s.body)).raw).toBe(raws[i]);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('answers a transaction id repeated inside the batch with the first answer, and moves money once', async () => {
    const p = await newPlayer(10_000n);
    const first = bet(p, 'd-1', 'd-r1', 2_500);
    const altered = bet(p, 'd-1', 'd-r1', 9_999);
    const { raws, batches } = await together([first, first, altered, first]);
    expect(batches).toBe(1);
    expect(raws).toEqual([
      answer('OK', 7_500, 'd-1'),
      answer('OK', 7_500, 'd-1'),
      answer('DUPLICATE_MISMATCH', 7_500, 'd-1'),
      answer('OK', 7_500, 'd-1'),
    ]);
    expect(await transfersWithKeys(['d-1'])).toBe(1n);
    expect(await cashBalance(t.app, p.memberId)).toBe(7_500n);
  });

  it('refuses an insufficient bet among good ones, leaving no round for it, and takes the others', async () => {
    const [poor, rich] = await Promise.all([newPlayer(1_000n), newPlayer(50_000n)]);
    const { raws, batches } = await together([
      bet(poor as Player, 'f-p1', 'f-rp1', 600),
      bet(rich as Player, 'f-r1', 'f-rr1', 5_000),
      bet(poor as Player, 'f-p2', 'f-rp2', 600),
      bet(poor as Player, 'f-p3', 'f-rp3', 400),
      bet(rich as Player, 'f-r2', 'f-rr2', 5_000),
    ]);
    expect(batches).toBe(1);
    expect(raws).toEqual([
      answer('OK', 400, 'f-p1'),
      answer('OK', 45_000, 'f-r1'),
      answer('INSUFFICIENT_FUNDS', 400, 'f-p2'),
      answer('OK', 0, 'f-p3'),
      answer('OK', 40_000, 'f-r2'),
    ]);
    expect(await transfersWithKeys(['f-p1', 'f-p2', 'f-p3', 'f-r1', 'f-r2'])).toBe(4n);
    expect(await roundsCalled(['f-rp1', 'f-rp2', 'f-rp3'])).toBe(2n);
    expect(await cashBalance(t.app, (poor as Player).memberId)).toBe(0n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('runs the calls one by one when one of them fails the batch: only that one is refused', async () => {
    const [p, q] = await Promise.all([newPlayer(10_000n), newPlayer(10_000n)]);
    expect((await call('bet', bet(p, 'x-b0', 'x-r0', 1_000).body)).json.status).toBe('OK');
    // A win that would take the round's payout past the largest bigint: an SQL error, not an answer.
    await t.db.query("update vendor_rounds set payout = 9223372036854775000 where round_id = 'x-r0'");
    const failedBefore = t.app.seamlessWallet.moneyCallStats().failedBatches;
    const { raws, batches } = await together([
      bet(q as Player, 'x-q1', 'x-rq1', 2_000),
      win(p, 'x-huge', 'x-r0', Number.MAX_SAFE_INTEGER),
      bet(p, 'x-b1', 'x-r1', 3_000),
      bet(q as Player, 'x-q1', 'x-rq1', 2_000),
    ]);
    expect(batches).toBe(1);
    expect(t.app.seamlessWallet.moneyCallStats().failedBatches).toBe(failedBefore + 1);
    expect(raws).toEqual([
      answer('OK', 8_000, 'x-q1'),
      answer('INVALID_REQUEST', null, 'x-huge'),
      answer('OK', 6_000, 'x-b1'),
      answer('OK', 8_000, 'x-q1'),
    ]);
    // Nothing of the failed batch stayed: each good call moved money once, the bad one not at all
    // (and its id is still free).
    expect(await transfersWithKeys(['x-q1', 'x-b1', 'x-huge'])).toBe(2n);
    expect(await cashBalance(t.app, p.memberId)).toBe(6_000n);
    expect(await cashBalance(t.app, (q as Player).memberId)).toBe(8_000n);
    const [recorded] = await t.db.query<{ n: bigint }>(
      "select count(*) as n from vendor_transactions where vendor_code = 'SORTE' and transaction_id = 'x-huge'",
    );
    expect(recorded?.n).toBe(0n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });
});
