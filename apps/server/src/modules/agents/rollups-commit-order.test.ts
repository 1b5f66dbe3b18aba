import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { FineFiguresSource, SLOT_MS } from '../contracts/fine-figures';
import { RollupFiguresSource } from '../contracts/rollup-figures';
import { LedgerRepository } from '../ledger/ledger.repository';
import { verifyLedger } from '../ledger/ledger-verify';
import { fund, pause, registerAgent, registerMember, type TestMember } from '../records/test-support';
import { launch, seedHouseCatalogue, vendorClient } from '../vendors/test-vendor-client';

/**
 * Exactly once whatever the commit order: the rollups and the contracts' 5-minute slot figures
 * count a transfer / a bet whose transaction commits after later ones were read (PostgreSQL, two
 * connections), and a seamless-wallet round whose every bet was rolled back counts as no round.
 */
let t: TestApp;
let call: ReturnType<typeof vendorClient>;
let agent: TestMember;
const postgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true });
  await seedHouseCatalogue(t.app);
  call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
  agent = await registerAgent(t.app, 'orderagt1', 'ORDERAGT');
});
afterAll(() => t.app.close());

const today = async () => {
  const res = await t.app.inject({ url: '/wps/agent/team/overview', headers: { token: agent.token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.today as { deposits: number; rounds: number; validTurnover: number };
};

/** Catches up until `done` holds (other databases' writers on the cluster can hold the xmin back). */
async function catchUpUntil(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i++) {
    await t.app.agents.rollups.catchUp();
    await pause(50);
  }
}

describe('rollups', () => {
  it.runIf(postgres)(
    'count a transfer whose transaction commits after a later one was read, exactly once',
    async () => {
      // Two members: the open transaction holds the row locks of its own accounts only.
      const first = await registerMember(t.app, 'ordermem1', { affiliateCode: 'ORDERAGT' });
      const second = await registerMember(t.app, 'ordermem3', { affiliateCode: 'ORDERAGT' });
      const firstCash = (await t.app.ledger.openAccounts(first.id.toString(), 'BRL')).cash;
      const secondCash = (await t.app.ledger.openAccounts(second.id.toString(), 'BRL')).cash;
      const earlyKey = 'test:order-early';
      const earlyHouse = t.app.ledger.houseAccountFor('BRL', earlyKey);
      let laterKey = 'test:order-later:0';
      for (let i = 1; t.app.ledger.houseAccountFor('BRL', laterKey) === earlyHouse; i++)
        laterKey = `test:order-later:${i}`;
      await t.app.agents.rollups.catchUp();
      const before = (await today()).deposits;

      await t.db.withConnection(async (early) => {
        await early.exec('begin');
        // The early transfer: its id and transaction id are taken now, it is seen at commit.
        await new LedgerRepository(early).postTransfer({
          idempotencyKey: earlyKey,
          debitAccountId: earlyHouse,
          creditAccountId: firstCash,
          amount: 1_000n,
          currency: 'BRL',
          kind: 'deposit',
          reversalOf: null,
          metadata: {},
        });
        try {
          // A later transfer commits, and the catch-up runs, while the early one is still open.
          await t.app.ledger.transfer({
            idempotencyKey: laterKey,
            debitAccountId: t.app.ledger.houseAccountFor('BRL', laterKey),
            creditAccountId: secondCash,
            amount: 2_000n,
            currency: 'BRL',
            kind: 'deposit',
          });
          await t.app.agents.rollups.catchUp();
          expect((await today()).deposits - before).toBeLessThanOrEqual(2_000);
        } finally {
          await early.exec('commit');
        }
      });

      await catchUpUntil(async () => (await today()).deposits - before >= 3_000);
      expect((await today()).deposits - before).toBe(3_000);
      // Nothing is read twice.
      expect(await t.app.agents.rollups.catchUp()).toBe(0);
      expect((await today()).deposits - before).toBe(3_000);
      expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
    },
  );

  it('count no round for a round whose every bet was rolled back, whatever the catch-up saw first', async () => {
    const member = await registerMember(t.app, 'ordermem2', { affiliateCode: 'ORDERAGT' });
    await fund(t.app, member.id, 50_000n);
    const auth = await call('authenticate', { token: (await launch(t.app, member.token, 'crash')).token });
    expect(auth.json.status, auth.raw).toBe('OK');
    const playerId = auth.json.playerId as string;
    const base = (roundId: string) => ({ playerId, roundId, gameCode: 'crash', currency: 'BRL' });
    const bet = async (roundId: string, id: string, amount: number) =>
      expect((await call('bet', { ...base(roundId), transactionId: id, amount })).json.status).toBe('OK');
    const rollback = async (roundId: string, id: string, ref: string) =>
      expect(
        (await call('rollback', { transactionId: id, playerId, roundId, refTransactionId: ref })).json.status,
      ).toBe('OK');

    await t.app.agents.rollups.catchUp();
    const before = await today();
    // Read after the rollback: bet and refund in one batch.
    await bet('order-r1', 'order-r1-b', 1_000);
    await rollback('order-r1', 'order-r1-rb', 'order-r1-b');
    // Read between: the round was counted, then cancelled.
    await bet('order-r2', 'order-r2-b', 1_000);
    await catchUpUntil(async () => (await today()).rounds > before.rounds);
    expect((await today()).rounds - before.rounds).toBe(1);
    await rollback('order-r2', 'order-r2-rb', 'order-r2-b');
    // One of two bets rolled back: still a round.
    await bet('order-r3', 'order-r3-b1', 1_000);
    await bet('order-r3', 'order-r3-b2', 2_000);
    await rollback('order-r3', 'order-r3-rb', 'order-r3-b1');
    // Two bets, both rolled back: the second rollback cancels it.
    await bet('order-r4', 'order-r4-b1', 1_000);
    await bet('order-r4', 'order-r4-b2', 3_000);
    await rollback('order-r4', 'order-r4-rb1', 'order-r4-b1');
    await rollback('order-r4', 'order-r4-rb2', 'order-r4-b2');
    await catchUpUntil(async () => (await today()).validTurnover - before.validTurnover >= 2_000);

    const after = await today();
    expect(after.rounds - before.rounds).toBe(1);
    expect(after.validTurnover - before.validTurnover).toBe(2_000);
    const pl = await t.app.inject({
      url: `/wps/agent/team/profitLoss?username=ordermem2`,
      headers: { token: agent.token },
    });
    expect(pl.statusCode, pl.body).toBe(200);
    expect(pl.json().value.totals).toMatchObject({ rounds: 1, validTurnover: 2_000 });
  });
});

describe('contract slot figures', () => {
  it.runIf(postgres)(
    'wait for a bet whose transaction is still open when its slot is asked for, and count it once',
    async () => {
      const slotAgent = await registerAgent(t.app, 'orderagt2', 'ORDERSLOT');
      const early = await registerMember(t.app, 'orderslot1', { affiliateCode: 'ORDERSLOT' });
      const late = await registerMember(t.app, 'orderslot2', { affiliateCode: 'ORDERSLOT' });
      const figures = (slot: Date) =>
        new FineFiguresSource(t.db, new RollupFiguresSource(t.db)).figures(
          slotAgent.id,
          { kind: '5min', key: 'order-slot', start: slot, end: new Date(slot.getTime() + SLOT_MS) },
          1_000,
          'America/Sao_Paulo',
        );
      // A wallet round and its bet as the wallet's SQL writes them (created_at: the transaction's now()).
      const betRows = (member: TestMember, roundId: string, amount: number, at: Date | null) => `
        insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                   game_type, currency, stake, bet_count, opened_at)
        values ('SORTE', '${roundId}', ${member.id}, 'p', 1, 'SORTE', 'crash', 'CRASH', 'BRL', ${amount}, 1,
                ${at ? `'${at.toISOString()}'` : 'now()'});
        insert into vendor_transactions (vendor_code, transaction_id, action, player_id, member_id, round_id,
                                         amount, status, created_at)
        values ('SORTE', '${roundId}-b', 'bet', 'p', ${member.id}, '${roundId}', ${amount}, 'OK',
                ${at ? `'${at.toISOString()}'` : 'now()'});`;

      let slot = new Date(0);
      await t.db.withConnection(async (connection) => {
        await connection.exec('begin');
        try {
          const [row] = await connection.query<{ now: Date }>('select now() as now');
          const startedAt = new Date(row?.now as Date);
          slot = new Date(Math.floor(startedAt.getTime() / SLOT_MS) * SLOT_MS);
          await connection.exec(betRows(early, 'order-slot-early', 3_000, null));
          // Another bet of the same slot commits meanwhile; the slot is asked for.
          await t.db.exec(betRows(late, 'order-slot-late', 5_000, startedAt));
          expect(await figures(slot)).toBeNull();
        } finally {
          await connection.exec('commit');
        }
      });

      let counted = await figures(slot);
      for (let i = 0; i < 100 && counted === null; i++) {
        await pause(50);
        counted = await figures(slot);
      }
      expect(counted).toMatchObject({ validTurnover: 8_000n, betCount: 2, activeMembers: 2 });
      // Summed once: asked again, the same figures.
      expect(await figures(slot)).toMatchObject({ validTurnover: 8_000n, betCount: 2, activeMembers: 2 });
      const rows = await t.db.query<{ member_id: bigint; valid_turnover: bigint }>(
        `select member_id, valid_turnover from contract_fine_slots
          where slot_start = $1 and member_id = any($2::bigint[]) order by valid_turnover`,
        [slot, [early.id.toString(), late.id.toString()]],
      );
      expect(rows.map((r) => [BigInt(r.member_id), BigInt(r.valid_turnover)])).toEqual([
        [early.id, 3_000n],
        [late.id, 5_000n],
      ]);
    },
  );
});
