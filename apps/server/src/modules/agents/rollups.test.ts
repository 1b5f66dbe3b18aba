import { addDays, type Currency, dayIn, startOfDayIn } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { charge, fund, registerAgent, registerMember, type TestMember } from '../records/test-support';
import { monthStart, weekStart } from './periods';
import { RollupsService } from './rollups.service';

let t: TestApp;
let agent: TestMember;
let members: TestMember[];

const overview = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/wps/agent/team/overview${query}`, headers: { token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

beforeAll(async () => {
  t = await buildTestApp();
  agent = await registerAgent(t.app, 'rollagt1', 'ROLLAGT');
  members = [];
  for (let i = 0; i < 4; i++)
    members.push(await registerMember(t.app, `rollmem${i}`, { affiliateCode: 'ROLLAGT' }));
});
afterAll(() => t.app.close());

describe('rollup periods', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
    expect(monthStart('2026-11-25')).toBe('2026-11-01');
  });

  it("counts an instant on the merchant's calendar day", () => {
    const instant = new Date('2026-11-25T02:30:00Z');
    expect(dayIn(instant, 'America/Sao_Paulo')).toBe('2026-11-24');
    expect(dayIn(instant, 'America/Mexico_City')).toBe('2026-11-24');
    expect(dayIn(instant, 'Asia/Dhaka')).toBe('2026-11-25');
  });
});

describe('the catch-up', () => {
  it('counts every transfer exactly once with several instances racing in small batches', async () => {
    for (const [i, member] of members.entries()) {
      for (let n = 0; n < 5; n++) await fund(t.app, member.id, BigInt(1_000 * (i + 1)));
      await charge(t.app, member.id, 700n, 'vendor_bet');
    }
    const instances = [1, 2, 3].map(() => new RollupsService(t.db, t.app.ledger, { batchSize: 3 }));
    const read = await Promise.all(instances.map((instance) => instance.catchUp()));
    // 24 transfers of this test, plus the accounts' openings if any: each read by exactly one of them.
    expect(read.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24);
    expect(await t.app.agents.rollups.catchUp()).toBe(0);

    const today = (await overview(agent.token)).today;
    expect(today).toMatchObject({
      deposits: 5 * (1_000 + 2_000 + 3_000 + 4_000),
      depositCount: 20,
      firstDepositors: 4,
      activeMembers: 4,
      validTurnover: 4 * 700,
      netProfitLoss: -4 * 700,
    });
  });

  it('reads a transfer committed after the last run on the next one, with no wait', async () => {
    await fund(t.app, members[0]?.id as bigint, 500n);
    expect(await t.app.agents.rollups.catchUp()).toBe(1);
    expect(await t.app.agents.rollups.catchUp()).toBe(0);
    expect((await overview(agent.token)).today.deposits).toBe(50_500);
  });

  it('writes nothing of a batch that fails midway, and counts it whole on the next run', async () => {
    const member = members[1] as TestMember;
    await fund(t.app, member.id, 9_000n);
    await charge(t.app, member.id, 1_000n, 'vendor_bet');
    const cursor = 'select last_xact_id::text as xact, last_transfer_id from agent_rollup_cursor';
    const [cursorBefore] = await t.db.query(cursor);
    // The team rows are written last: failing there proves the member rows written before go too.
    await t.db.exec(`
      create function agent_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$;
      create trigger agent_test_refuse before insert on agent_team_periods
        for each row execute function agent_test_refuse();`);
    await expect(t.app.agents.rollups.catchUp()).rejects.toThrow(/disk full/);
    const [cursorAfter] = await t.db.query(cursor);
    expect(cursorAfter).toEqual(cursorBefore);
    expect((await overview(agent.token)).today.deposits).toBe(50_500);
    const [memberDay] = await t.db.query<{ deposits: bigint }>(
      "select deposits from agent_member_periods where member_id = $1 and period = 'A'",
      [member.id],
    );
    expect(memberDay?.deposits).toBe(10_000n);

    await t.db.exec(
      'drop trigger agent_test_refuse on agent_team_periods; drop function agent_test_refuse()',
    );
    expect(await t.app.agents.rollups.catchUp()).toBe(2);
    expect((await overview(agent.token)).today).toMatchObject({ deposits: 59_500, validTurnover: 3_800 });
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });

  it('counts withdrawals when the money leaves the member, bonuses, refunds and taken-back wins', async () => {
    const member = members[2] as TestMember;
    const { cash, locked } = await t.app.ledger.openAccounts(member.id.toString(), 'BRL');
    // A withdrawal's lock moves cash to the member's own locked account: not a withdrawal yet.
    await t.app.ledger.transfer({
      idempotencyKey: 'test:agents-lock',
      debitAccountId: cash,
      creditAccountId: locked,
      amount: 2_000n,
      currency: 'BRL',
      kind: 'withdrawal',
    });
    const payout = await t.app.ledger.transfer({
      idempotencyKey: 'test:agents-payout',
      debitAccountId: locked,
      creditAccountId: t.app.ledger.houseAccountFor('BRL', 'test:agents-payout'),
      amount: 2_000n,
      currency: 'BRL',
      kind: 'withdrawal',
    });
    expect(payout.transferId).toBeGreaterThan(0n);
    await fund(t.app, member.id, 300n, { kind: 'bonus', account: 'bonus' });
    const bet = await charge(t.app, member.id, 400n, 'vendor_bet');
    await t.app.ledger.reverse({ transferId: bet.transferId, idempotencyKey: 'test:agents-bet-back' });
    const win = await fund(t.app, member.id, 600n, { kind: 'vendor_win' });
    await t.app.ledger.reverse({ transferId: win.transferId, idempotencyKey: 'test:agents-win-back' });
    const before = (await overview(agent.token)).today;
    await t.app.agents.rollups.catchUp();

    const after = (await overview(agent.token)).today;
    expect(after.withdrawals - before.withdrawals).toBe(2_000);
    expect(after.withdrawalCount - before.withdrawalCount).toBe(1);
    expect(after.bonus - before.bonus).toBe(300);
    expect(after.validTurnover).toBe(before.validTurnover);
    expect(after.wins).toBe(before.wins);
    expect(after.deposits).toBe(before.deposits);
  });

  it("puts a transfer on the merchant's day: Dhaka's midnight, not UTC's", async () => {
    const zone = 'Asia/Dhaka';
    const bdAgent = await registerMember(t.app, 'bdagent1', { merchantCode: 'BD' });
    await t.db.query("update members set type = 1, invite_code = 'BDAGT' where id = $1", [bdAgent.id]);
    const bdMember = await registerMember(t.app, 'bdmember1', { merchantCode: 'BD', affiliateCode: 'BDAGT' });
    const today = dayIn(new Date(), zone);
    const midnight = startOfDayIn(today, zone);
    const deposit = async (amount: bigint, at: Date) => {
      const currency: Currency = 'BDT';
      const { cash } = await t.app.ledger.openAccounts(bdMember.id.toString(), currency);
      const key = `test:agents-bd:${amount}`;
      const posted = await t.app.ledger.transfer({
        idempotencyKey: key,
        debitAccountId: t.app.ledger.houseAccountFor(currency, key),
        creditAccountId: cash,
        amount,
        currency,
        kind: 'deposit',
      });
      // Transfers are append-only: the guard is lifted on this throwaway database to move one back.
      await t.db.exec('alter table ledger_transfers disable trigger ledger_transfers_append_only');
      await t.db.query('update ledger_transfers set created_at = $2 where id = $1', [posted.transferId, at]);
      await t.db.exec('alter table ledger_transfers enable trigger ledger_transfers_append_only');
    };
    // 00:30 in Dhaka is 18:30 UTC the day before; 23:30 in Dhaka the evening before.
    await deposit(3_000n, new Date(midnight.getTime() + 30 * 60_000));
    await deposit(7_000n, new Date(midnight.getTime() - 30 * 60_000));
    await t.app.agents.rollups.catchUp();

    const view = await overview(bdAgent.token);
    expect(view.timeZone).toBe(zone);
    expect(view.today).toMatchObject({ deposits: 3_000, firstDepositors: 0 });
    expect(view.yesterday).toMatchObject({ deposits: 7_000, firstDepositors: 1 });
    const week = weekStart(today) === today ? 3_000 : 10_000;
    expect(view.thisWeek.deposits).toBe(week);
    expect(view.dailyTurnover.map((d: { date: string }) => d.date).at(-2)).toBe(addDays(today, -1));
  });

  it('gives a caller arriving during a run the transfers it wrote, on a run of its own', async () => {
    const rollups = t.app.agents.rollups;
    await rollups.catchUp();
    const before = (await overview(agent.token)).today.deposits;
    await fund(t.app, members[0]?.id as bigint, 100n);
    const running = rollups.catchUp();
    // Written while that run may already have read: the second caller must still see it counted.
    await fund(t.app, members[0]?.id as bigint, 200n);
    const second = rollups.catchUp();
    const third = rollups.catchUp();
    expect(third).toBe(second);
    expect((await running) + (await second)).toBe(2);
    expect((await overview(agent.token)).today.deposits).toBe(before + 300);
  });

  it('counts the same when paced, in batches of a few transfers', async () => {
    const memberSums = async () =>
      Object.fromEntries(
        (
          await t.db.query<{ period: string; deposits: bigint; bets: bigint }>(
            `select period, sum(deposits)::bigint as deposits, sum(bets)::bigint as bets
               from agent_member_periods where member_id = any($1::bigint[]) group by period`,
            [members.map((m) => m.id.toString())],
          )
        ).map((row) => [row.period.trim(), { deposits: Number(row.deposits), bets: Number(row.bets) }]),
      );
    const before = (await overview(agent.token)).today;
    const membersBefore = await memberSums();
    for (const [i, member] of members.entries()) {
      await fund(t.app, member.id, BigInt(100 * (i + 1)));
      await charge(t.app, member.id, 10n, 'vendor_bet');
    }
    // Resting between the steps of each batch, and (the second) between batches only.
    const paced = (between: 'steps' | 'batches') =>
      new RollupsService(t.db, t.app.ledger, { batchSize: 3, pace: { restRatio: 1, maxRestMs: 5, between } });
    expect(await paced('steps').catchUp()).toBe(8);
    expect(await t.app.agents.rollups.catchUp()).toBe(0);
    expect((await overview(agent.token)).today).toMatchObject({
      deposits: before.deposits + 100 + 200 + 300 + 400,
      depositCount: before.depositCount + 4,
      validTurnover: before.validTurnover + 4 * 10,
    });
    // Every member's day, week, month and all-time rows.
    const membersAfter = await memberSums();
    for (const period of ['D', 'W', 'M', 'A'])
      expect(membersAfter[period], period).toEqual({
        deposits: (membersBefore[period]?.deposits ?? 0) + 1_000,
        bets: (membersBefore[period]?.bets ?? 0) + 40,
      });

    await fund(t.app, members[2]?.id as bigint, 5n);
    await fund(t.app, members[3]?.id as bigint, 5n);
    await charge(t.app, members[3]?.id as bigint, 1n, 'vendor_bet');
    await fund(t.app, members[0]?.id as bigint, 5n);
    expect(await paced('batches').catchUp()).toBe(4);
    expect((await memberSums()).A).toEqual({
      deposits: (membersAfter.A?.deposits ?? 0) + 15,
      bets: (membersAfter.A?.bets ?? 0) + 1,
    });
  });
});
