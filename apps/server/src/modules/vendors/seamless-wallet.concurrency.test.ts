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
  transfersWithKeys,
  vendorClient,
} from './test-vendor-client';

let t: TestApp;
let call: ReturnType<typeof vendorClient>;

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 8 });
  await seedHouseCatalogue(t.app);
  call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
});
afterAll(() => t.app.close());

type Player = Pick<LaunchedPlayer, 'memberId' | 'playerId'>;
let names = 0;
async function newPlayer(funds: bigint): Promise<Player> {
  return launchedPlayer(t.app, call, `racer${++names}x`, funds);
}

const bet = betBody;
const rollback = rollbackBody;
const count = (statuses: string[]) =>
  statuses.reduce<Record<string, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

describe('the wallet under concurrent calls', () => {
  it('lets exactly floor(balance / amount) of 50 simultaneous bets through and never goes negative', async () => {
    const p = await newPlayer(17_500n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('bet', bet(p, `flood-${i}`, `flood-round-${i}`, 1_000))),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(count(answers.map((a) => a.json.status))).toEqual({ OK: 17, INSUFFICIENT_FUNDS: 33 });
    // Every answer's balance is one the account really had, never below zero.
    for (const a of answers) expect(a.json.balance as number).toBeGreaterThanOrEqual(0);
    const okBalances = answers.filter((a) => a.json.status === 'OK').map((a) => a.json.balance);
    expect(new Set(okBalances).size).toBe(17);
    expect(await cashBalance(t.app, p.memberId)).toBe(500n);
    const [rounds] = await t.db.query<{ n: bigint }>(
      "select count(*) as n from vendor_rounds where round_id like 'flood-round-%'",
    );
    expect(rounds?.n).toBe(17n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('moves money once for 20 simultaneous copies of one bet, all answered with the same bytes', async () => {
    const p = await newPlayer(10_000n);
    const body = bet(p, 'copies-1', 'copies-round', 2_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('bet', body)));
    expect(new Set(answers.map((a) => a.raw))).toEqual(
      new Set(['{"status":"OK","balance":8000,"currency":"BRL","transactionId":"copies-1"}']),
    );
    expect(await transfersWithKeys(t.app, ['vendor:SORTE:copies-1'])).toBe(1n);
    expect(await cashBalance(t.app, p.memberId)).toBe(8_000n);
  });

  it('refunds a bet once when 10 rollbacks of it arrive together', async () => {
    const p = await newPlayer(10_000n);
    expect((await call('bet', bet(p, 'multi-bet', 'multi-round', 3_000))).json.status).toBe('OK');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('rollback', rollback(p, `multi-rb-${i}`, 'multi-round', 'multi-bet')),
      ),
    );
    expect(answers.every((a) => a.json.status === 'OK')).toBe(true);
    const keys = Array.from({ length: 10 }, (_, i) => `vendor:SORTE:multi-rb-${i}`);
    expect(await transfersWithKeys(t.app, keys)).toBe(1n);
    expect(await cashBalance(t.app, p.memberId)).toBe(10_000n);
  });

  it('never loses or doubles money when a bet and its rollback race', async () => {
    const p = await newPlayer(100_000n);
    const pairs = 30;
    const results = await Promise.all(
      Array.from({ length: pairs }, async (_, i) => {
        const b = bet(p, `race-bet-${i}`, `race-round-${i}`, 1_000);
        const r = rollback(p, `race-rb-${i}`, `race-round-${i}`, `race-bet-${i}`);
        // Alternate who leaves first; the database decides who lands first.
        const [betAnswer, rollbackAnswer] =
          i % 2
            ? await Promise.all([call('bet', b), call('rollback', r)])
            : await Promise.all([call('rollback', r), call('bet', b)]).then(([x, y]) => [y, x] as const);
        return { i, bet: betAnswer.json.status, rollback: rollbackAnswer.json.status };
      }),
    );
    // Both orders really happened.
    const outcomes = count(results.map((r) => r.bet));
    expect(outcomes.OK ?? 0, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.DUPLICATE_MISMATCH ?? 0, JSON.stringify(outcomes)).toBeGreaterThan(0);
    for (const { i, bet: betStatus, rollback: rollbackStatus } of results) {
      expect(rollbackStatus).toBe('OK');
      // Either the bet landed first and was refunded, or the rollback did and the bet was refused.
      expect(['OK', 'DUPLICATE_MISMATCH']).toContain(betStatus);
      const moved = await transfersWithKeys(t.app, [
        `vendor:SORTE:race-bet-${i}`,
        `vendor:SORTE:race-rb-${i}`,
      ]);
      expect(moved).toBe(betStatus === 'OK' ? 2n : 0n);
    }
    expect(await cashBalance(t.app, p.memberId)).toBe(100_000n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('keeps balances equal to the rounds after a random mix of bets, wins, rollbacks and repeats', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(50_000n)));
    let seed = 20_261_122;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const sent: Array<{ action: string; body: Record<string, unknown> }> = [];
    const tasks: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 400; i++) {
      const p = players[random(players.length)] as Player;
      const round = `mix-round-${random(120)}`;
      const roll = random(100);
      let action: string;
      let body: Record<string, unknown>;
      if (roll < 45) {
        action = 'bet';
        body = bet(p, `mix-bet-${i}`, round, 1 + random(3_000));
      } else if (roll < 70) {
        action = 'win';
        body = {
          transactionId: `mix-win-${i}`,
          playerId: p.playerId,
          roundId: round,
          gameCode: 'crash',
          amount: random(5_000),
          currency: 'BRL',
          roundEnded: random(3) === 0,
        };
      } else if (roll < 85) {
        const earlier = sent.filter((s) => s.action === 'bet');
        const target =
          earlier[random(Math.max(earlier.length, 1))]?.body ?? bet(p, `mix-ghost-${i}`, round, 1);
        action = 'rollback';
        body = rollback(
          { playerId: target.playerId as string },
          `mix-rb-${i}`,
          target.roundId as string,
          target.transactionId as string,
        );
      } else {
        const earlier = sent[random(Math.max(sent.length, 1))];
        if (!earlier) continue;
        action = earlier.action;
        body = earlier.body;
      }
      sent.push({ action, body });
      tasks.push(() => call(action, body));
    }
    // 16 calls in flight at a time.
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < tasks.length) {
          const task = tasks[next++] as () => Promise<unknown>;
          await task();
        }
      }),
    );

    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches).toEqual([]);
    for (const p of players) {
      const [rounds] = await t.db.query<{ stake: bigint; payout: bigint }>(
        `select coalesce(sum(stake), 0)::bigint as stake, coalesce(sum(payout), 0)::bigint as payout
           from vendor_rounds where player_id = $1 and round_id like 'mix-%'`,
        [p.playerId],
      );
      const balance = await cashBalance(t.app, p.memberId);
      expect(balance).toBeGreaterThanOrEqual(0n);
      expect(balance).toBe(50_000n - (rounds?.stake ?? 0n) + (rounds?.payout ?? 0n));
    }
    // Each vendor transaction id moved money at most once, and every refund undoes one bet.
    const [dup] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from (select idempotency_key from ledger_transfers
        where idempotency_key like 'vendor:SORTE:mix-%' group by 1 having count(*) > 1) x`,
    );
    expect(dup?.n).toBe(0n);
  }, 120_000);

  it('runs batches side by side over the same members, in opposite orders, without a deadlock', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer(100_000n)));
    const wallet = t.app.seamlessWallet;
    const before = wallet.moneyCallStats();
    // Waves of bets of every player, each wave handed over in its own turn of the event loop (so
    // each is a batch of its own, started while the earlier ones still run), every other wave in the
    // opposite order of members: batches that locked members in arrival order would deadlock.
    const waves = 8;
    const answers = await Promise.all(
      Array.from({ length: waves }, async (_, w) => {
        await new Promise((resolve) => setTimeout(resolve, w));
        const order = w % 2 ? [...players].reverse() : players;
        return Promise.all(
          order.map((p, i) => {
            const raw = JSON.stringify(bet(p, `side-${w}-${i}`, `side-round-${w}-${i}`, 1_000));
            return wallet.handle({
              vendorCode: 'SORTE',
              action: 'bet',
              rawBody: Buffer.from(raw),
              signature: sign(wallet.houseVendor().secret, raw),
            });
          }),
        );
      }),
    );
    const after = wallet.moneyCallStats();
    const statuses = answers.flat().map((a) => (JSON.parse(a.body) as { status: string }).status);
    expect(count(statuses)).toEqual({ OK: waves * players.length });
    // Side by side for real on PostgreSQL (PGlite runs one batch at a time), and not one batch
    // failed (a deadlock fails its batch).
    if (t.db.kind === 'postgres') expect(after.mostInFlight).toBeGreaterThan(1);
    expect(after.failedBatches).toBe(before.failedBatches);
    for (const p of players)
      expect(await cashBalance(t.app, p.memberId)).toBe(100_000n - BigInt(waves) * 1_000n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });
});
