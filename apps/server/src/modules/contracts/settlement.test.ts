import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';
import { verifyLedger } from '../ledger/ledger-verify';
import type { Period } from './periods';
import { SettlementRepository } from './settlement.repository';
import { type SettlementLedger, SettlementService, type TeamFiguresSource } from './settlement.service';
import { emptyFigures, type TeamFigures } from './settlement-math';

let t: TestApp;
let agentsKey: string;
type Party = { token: string; id: bigint };
// top (house contracts: daily salary 1 %, daily dividend 20 %) > bea (daily salary 0.6 %, from top).
let top: Party;
let bea: Party;
let olga: Party;

let ip = 0;
async function member(username: string): Promise<Party> {
  const password = 'settle pass 1';
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password },
    remoteAddress: `10.78.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
  return { token, id: BigInt(info.json().value.id) };
}

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { token }, payload });

const flat = (kind: 'dailySalary' | 'dividend', rateBp: number) => ({
  kind,
  ...(kind === 'dividend' ? { period: 'D' } : {}),
  minBetAmount: 0,
  minActiveMembers: 0,
  feeRateBp: 0,
  tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
});

async function houseContract(agent: Party, terms: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/agents/contracts',
    headers: { 'x-operator-key': agentsKey },
    payload: { agentId: agent.id.toString(), terms },
  });
  expect(res.statusCode, res.body).toBe(200);
  const accepted = await post(`/wps/agent/contracts/${res.json().value.id}/accept`, agent.token);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/**
 * Team figures as plain numbers (the rollups are tested in the agents module): per agent, daily
 * valid turnover 1,000.00 for top's team and 600.00 for bea's; top's team's net loss per day below.
 */
const topNetLoss: Record<string, bigint> = {
  '2026-11-20': -50_000n,
  '2026-11-21': 200_000n,
  '2026-11-22': 10_000n,
};
const source: TeamFiguresSource = {
  supports: (kind) => kind === 'D',
  async figures(agentId: bigint, period: Period): Promise<TeamFigures | null> {
    if (period.kind !== 'D') return null;
    if (agentId === top.id)
      return { ...emptyFigures(), validTurnover: 100_000n, netLoss: topNetLoss[period.key] ?? 0n };
    return { ...emptyFigures(), validTurnover: 60_000n };
  },
};

const settlementsAt = (iso: string, ledger: SettlementLedger = t.app.ledger) =>
  new SettlementService(t.db, new SettlementRepository(t.db), ledger, source, { clock: () => new Date(iso) });

const cash = async (who: Party) => (await t.app.ledger.memberBalances(who.id.toString(), 'BRL')).cash;

const rows = (who: Party) =>
  t.db.query<{ kind: string; period_key: string; amount: bigint; carry_out: bigint; status: string }>(
    `select c.kind, s.period_key, s.amount, s.carry_out, s.status
       from contract_settlements s join agent_contracts c on c.id = s.contract_id
      where s.payee_id = $1 order by c.kind, s.period_key`,
    [who.id],
  );

beforeAll(async () => {
  t = await buildTestApp();
  agentsKey = await createOperatorKey(t.db, 'agents-desk', ['agents']);
  [top, bea, olga] = [await member('settop'), await member('setbea'), await member('setolga')];
  await t.db.query('update members set type = 1 where id = any($1)', [[top.id, bea.id, olga.id]]);
  await t.db.query('update members set upline_id = $2 where id = $1', [bea.id, top.id]);
  await houseContract(top, flat('dailySalary', 100));
  await houseContract(top, flat('dividend', 2_000));
  const offer = await post('/wps/agent/contracts/offer', top.token, {
    downlineId: bea.id.toString(),
    terms: flat('dailySalary', 60),
  });
  expect(offer.statusCode, offer.body).toBe(200);
  expect((await post(`/wps/agent/contracts/${offer.json().value.id}/accept`, bea.token)).statusCode).toBe(
    200,
  );
  // Every contract accepted on Friday 20 November 2026, 09:00 in São Paulo.
  await t.db.query(`update agent_contracts set decided_at = '2026-11-20T12:00:00Z'`);
});
afterAll(() => t.app.close());

describe('settlement run', () => {
  it('settles each ended day once: the house pays at once, the upline after its deadline', async () => {
    // Monday 23 November, 12:00 in São Paulo: the 20th, 21st and 22nd have ended.
    const report = await settlementsAt('2026-11-23T15:00:00Z').runDue();
    expect(report).toMatchObject({ contracts: 3, settled: 9, skipped: false });

    expect((await rows(top)).map((r) => [r.kind, r.period_key, r.amount, r.carry_out, r.status])).toEqual([
      ['dailySalary', '2026-11-20', 1_000n, 0n, 'paid'],
      ['dailySalary', '2026-11-21', 1_000n, 0n, 'paid'],
      ['dailySalary', '2026-11-22', 1_000n, 0n, 'paid'],
      // The team won 500.00 on the 20th: carried, then taken off the 21st's 2,000.00.
      ['dividend', '2026-11-20', 0n, -50_000n, 'nothing'],
      ['dividend', '2026-11-21', 30_000n, 0n, 'paid'],
      ['dividend', '2026-11-22', 2_000n, 0n, 'paid'],
    ]);
    // bea's 0.6 % of 600.00 = 3.60 a day, owed by top: the 22nd is not 24 hours past its end yet.
    expect((await rows(bea)).map((r) => [r.period_key, r.amount, r.status])).toEqual([
      ['2026-11-20', 360n, 'paid'],
      ['2026-11-21', 360n, 'paid'],
      ['2026-11-22', 360n, 'owed'],
    ]);
    expect(await cash(top)).toBe(3_000n + 32_000n - 720n);
    expect(await cash(bea)).toBe(720n);
  });

  it('settles and pays nothing twice when run again', async () => {
    const report = await settlementsAt('2026-11-23T15:00:00Z').runDue();
    expect(report).toMatchObject({ settled: 0, paid: 0 });
    expect(await cash(top)).toBe(34_280n);
    expect(await cash(bea)).toBe(720n);
  });

  it('lets only the paying upline process an owed payable, once', async () => {
    const listed = (await post('/wps/relay/contracts/dailySalary/settlements', bea.token)).json().value
      .content;
    const owed = listed.find((s: { status: string }) => s.status === 'owed');
    expect(owed).toMatchObject({
      periodKey: '2026-11-22',
      amount: 360,
      incoming: true,
      payerId: top.id.toString(),
    });
    const url = '/wps/relay/contracts/dailySalary/process';
    expect((await post(url, bea.token, { settlementId: owed.id })).statusCode).toBe(404);
    expect((await post(url, olga.token, { settlementId: owed.id })).statusCode).toBe(404);
    expect(
      (await post('/wps/relay/contracts/dividend/process', top.token, { settlementId: owed.id })).statusCode,
    ).toBe(404);
    const paid = await post(url, top.token, { settlementId: owed.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ status: 'paid', incoming: false });
    expect((await post(url, top.token, { settlementId: owed.id })).statusCode).toBe(409);
    expect(await cash(bea)).toBe(1_080n);
    const topView = (await post('/wps/relay/contracts/dailySalary/settlements', top.token)).json().value
      .content;
    expect(topView.filter((s: { incoming: boolean }) => !s.incoming)).toHaveLength(3);
    expect(
      (await post('/wps/relay/contracts/dailySalary/settlements', olga.token)).json().value.content,
    ).toEqual([]);
  });

  it('settles a period once when two runs overlap', async () => {
    const [a, b] = await Promise.all([
      settlementsAt('2026-11-24T15:00:00Z').runDue(),
      settlementsAt('2026-11-24T15:00:00Z').runDue(),
    ]);
    // One run did the work: the other shared it (same process) or skipped (advisory lock held).
    expect(a === b || a.skipped !== b.skipped).toBe(true);
    expect(Math.max(a.settled, b.settled)).toBe(3);
    const day = await t.db.query<{ n: number }>(
      `select count(*)::int as n from contract_settlements where period_key = '2026-11-23'`,
    );
    expect(day[0]?.n).toBe(3);
    // top: +10.00 daily salary, -3.60 processed above; the dividend's 23rd had no net loss.
    expect(await cash(top)).toBe(34_280n - 360n + 1_000n);
    expect(await cash(bea)).toBe(1_080n);
  });

  it('finishes a run stopped between a payable and its payment, paying it exactly once', async () => {
    let calls = 0;
    const failing: SettlementLedger = {
      cashAccountOf: (id, currency) => t.app.ledger.cashAccountOf(id, currency),
      houseAccountFor: (currency, key) => t.app.ledger.houseAccountFor(currency, key),
      transfer: (input) => {
        if (++calls === 1) throw new Error('process killed');
        return t.app.ledger.transfer(input);
      },
    };
    await expect(settlementsAt('2026-11-25T15:00:00Z', failing).runDue()).rejects.toThrow('process killed');
    expect(
      (await rows(top)).find((r) => r.period_key === '2026-11-24' && r.kind === 'dailySalary')?.status,
    ).toBe('owed');
    await settlementsAt('2026-11-25T15:00:00Z').runDue();
    await settlementsAt('2026-11-25T15:00:00Z').runDue();
    expect((await rows(top)).filter((r) => r.period_key === '2026-11-24').map((r) => r.status)).toEqual([
      'paid',
      'nothing',
    ]);
    // top: +10.00 for the 24th, -3.60 to bea for the 23rd (now past its deadline).
    expect(await cash(top)).toBe(34_920n + 1_000n - 360n);
    expect(await cash(bea)).toBe(1_440n);
    const verdict = await verifyLedger(t.db);
    expect(verdict.ok).toBe(true);
  });

  it("shows the operator a period's report and runs settlements on demand, for the agents role only", async () => {
    const report = await t.app.inject({
      url: '/ops/agents/settlements?periodKey=2026-11-20',
      headers: { 'x-operator-key': agentsKey },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().value.totals).toEqual({
      payables: 3,
      paid: 2,
      owed: 0,
      amountPaid: { BRL: 1_000 + 360 },
      amountOwed: {},
    });
    const payments = await createOperatorKey(t.db, 'payments-desk', ['payments']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ops/agents/settlements/run',
      headers: { 'x-operator-key': payments },
    });
    expect(refused.statusCode).toBe(403);
    const before = await cash(top);
    // The operator's run uses the real clock: a payable of top's still owed (3.60 to bea for the 24th)
    // is paid by it once past the merchant's deadline (24 hours), and only that.
    const owedByTop = await t.db.query<{ amount: bigint; period_end: Date }>(
      `select amount, period_end from contract_settlements where payer_id = $1 and status = 'owed'`,
      [top.id],
    );
    const dueNow = owedByTop
      .filter((row) => new Date(row.period_end).getTime() + 24 * 3_600_000 <= Date.now())
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const run = await t.app.inject({
      method: 'POST',
      url: '/ops/agents/settlements/run',
      headers: { 'x-operator-key': agentsKey },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().value).toMatchObject({ skipped: false });
    // The days already settled are not paid again (later days have no rollups here: nothing to pay).
    expect(await cash(top)).toBe(before - dueNow);
    const bad = await t.app.inject({
      url: '/ops/agents/settlements?periodKey=yesterday',
      headers: { 'x-operator-key': agentsKey },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('periodKey: has an invalid format');
  });
});
