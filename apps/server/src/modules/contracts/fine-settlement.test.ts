import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';
import { verifyLedger } from '../ledger/ledger-verify';
import { FineFiguresSource } from './fine-figures';
import { RollupFiguresSource } from './rollup-figures';
import { SettlementRepository } from './settlement.repository';
import { SettlementService } from './settlement.service';

/**
 * Hourly and real-time salary settled from the wallet's own rounds (migration 0028's slot sums),
 * by the real figures source: top (house contracts: hourly salary 1 %; real-time win 1 %, loss 2 %,
 * single bet 0.5 % from 50.00) > bea (real-time from top: win 0.5 %, loss 1 %, single bet 0.5 %)
 * > players pia and pedro. São Paulo is UTC−3: 12:00Z is 09:00 there.
 */
let t: TestApp;
let agentsKey: string;
type Party = { token: string; id: bigint };
let top: Party;
let bea: Party;
let pia: Party;
let pedro: Party;

let ip = 0;
async function member(username: string): Promise<Party> {
  const password = 'fine pass 1';
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password },
    remoteAddress: `10.79.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
  return { token, id: BigInt(info.json().value.id) };
}

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { token }, payload });

const hourly = {
  kind: 'hourlySalary',
  minBetAmount: 1_000,
  minActiveMembers: 2,
  feeRateBp: 0,
  tiers: [{ minTurnover: 0, minActiveMembers: 2, rateBp: 100 }],
};
const realtime = (winRateBp: number, lossRateBp: number, singleBetRateBp: number) => ({
  kind: 'realtimeSalary',
  minBetAmount: 5_000,
  minActiveMembers: 0,
  feeRateBp: 0,
  winRateBp,
  lossRateBp,
  singleBetRateBp,
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

let seq = 0;
/** A round of the seamless wallet as its SQL leaves it: the round row and its transactions. */
async function round(
  who: Party,
  at: string,
  bets: number[],
  outcome: { payout: number; status: 'open' | 'closed'; rolledBack?: boolean },
) {
  const roundId = `fine-${++seq}`;
  const live = outcome.rolledBack ? 0 : bets.reduce((a, b) => a + b, 0);
  await t.db.query(
    `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                game_type, currency, stake, payout, bet_count, win_count, status, opened_at, closed_at)
     values ('SORTE', $1, $2, 'p', 1, 'SORTE', 'fortune-reels', 'RNG', 'BRL', $3, $4, $5, 0, $6, $7,
             case when $6 = 'closed' then $7::timestamptz + interval '20 seconds' end)`,
    [roundId, who.id, live, outcome.payout, bets.length, outcome.status, at],
  );
  for (const [i, amount] of bets.entries())
    await t.db.query(
      `insert into vendor_transactions (vendor_code, transaction_id, action, player_id, member_id, round_id,
                                        amount, status, rolled_back_by, created_at)
       values ('SORTE', $1, 'bet', 'p', $2, $3, $4, 'OK', $5, $6::timestamptz + make_interval(secs => $7))`,
      [`${roundId}-b${i}`, who.id, roundId, amount, outcome.rolledBack ? `${roundId}-rb` : null, at, i],
    );
  if (outcome.payout > 0)
    await t.db.query(
      `insert into vendor_transactions (vendor_code, transaction_id, action, player_id, member_id, round_id,
                                        amount, status, created_at)
       values ('SORTE', $1, 'win', 'p', $2, $3, $4, 'OK', $5::timestamptz + interval '20 seconds')`,
      [`${roundId}-w`, who.id, roundId, outcome.payout, at],
    );
}

const settlementsAt = (iso: string) =>
  new SettlementService(
    t.db,
    new SettlementRepository(t.db),
    t.app.ledger,
    new FineFiguresSource(t.db, new RollupFiguresSource(t.db)),
    { clock: () => new Date(iso) },
  );

const cash = async (who: Party) => (await t.app.ledger.memberBalances(who.id.toString(), 'BRL')).cash;

const rows = (who: Party, kind: string) =>
  t.db.query<{ period_key: string; amount: bigint; status: string; details: Record<string, unknown> }>(
    `select s.period_key, s.amount, s.status, s.details
       from contract_settlements s join agent_contracts c on c.id = s.contract_id
      where s.payee_id = $1 and c.kind = $2 order by s.period_start`,
    [who.id, kind],
  );
const paidOrOwed = async (who: Party, kind: string) =>
  (await rows(who, kind))
    .filter((r) => r.status !== 'nothing')
    .map((r) => [r.period_key, r.amount, r.status]);

beforeAll(async () => {
  t = await buildTestApp();
  agentsKey = await createOperatorKey(t.db, 'fine-desk', ['agents']);
  [top, bea, pia, pedro] = [
    await member('finetop'),
    await member('finebea'),
    await member('finepia'),
    await member('finepedro'),
  ];
  await t.db.query('update members set type = 1 where id = any($1)', [[top.id, bea.id]]);
  await t.db.query('update members set upline_id = $2 where id = $1', [bea.id, top.id]);
  await t.db.query('update members set upline_id = $2 where id = any($1)', [[pia.id, pedro.id], bea.id]);
  await houseContract(top, hourly);
  await houseContract(top, realtime(100, 200, 50));
  const offer = await post('/wps/agent/contracts/offer', top.token, {
    downlineId: bea.id.toString(),
    terms: realtime(50, 100, 50),
  });
  expect(offer.statusCode, offer.body).toBe(200);
  const accepted = await post(`/wps/agent/contracts/${offer.json().value.id}/accept`, bea.token);
  expect(accepted.statusCode, accepted.body).toBe(200);
  // Accepted on Friday 20 November 2026 at 09:00 in São Paulo.
  await t.db.query(`update agent_contracts set decided_at = '2026-11-20T12:00:00Z'`);

  // 09:00–09:05: pia bets 100.00 and wins 250.00 (won; a single bet over 50.00); pedro bets 30.00 +
  // 20.00 and loses (lost; neither bet reaches 50.00); pedro's 40.00 is rolled back (not counted).
  await round(pia, '2026-11-20T12:01:00Z', [10_000], { payout: 25_000, status: 'closed' });
  await round(pedro, '2026-11-20T12:02:00Z', [3_000, 2_000], { payout: 0, status: 'closed' });
  await round(pedro, '2026-11-20T12:03:00Z', [4_000], { payout: 0, status: 'closed', rolledBack: true });
  // 09:05–09:10: pia's 60.00 in a round still open (neither won nor lost; still a single bet).
  await round(pia, '2026-11-20T12:07:00Z', [6_000], { payout: 0, status: 'open' });
  // 10:30: pia bets 20.00 and loses (only pia active in that hour: below hourly's 2 members).
  await round(pia, '2026-11-20T13:30:00Z', [2_000], { payout: 0, status: 'closed' });
});
afterAll(() => t.app.close());

describe('hourly and real-time salary settlement', () => {
  it("settles each ended hour and 5-minute slot once, from the team's rounds", async () => {
    // 10:10 in São Paulo: the 09:00 hour and the slots 09:00 to 10:05 have ended.
    const report = await settlementsAt('2026-11-20T13:10:00Z').runDue();
    expect(report).toMatchObject({ contracts: 3, settled: 1 + 14 + 14, skipped: false });

    // Hourly: 1 % of the team's valid turnover 100.00 + 50.00 + 60.00 = 210.00; 2 active members.
    const [hour] = await rows(top, 'hourlySalary');
    expect(hour).toMatchObject({ period_key: '2026-11-20T09', amount: 210n, status: 'paid' });
    expect(hour?.details.figures).toMatchObject({
      validTurnover: '21000',
      activeMembers: '2',
      bets: '25000',
      wins: '25000',
      betCount: '5',
    });
    // Real-time, top (house): 1 % of 100.00 won + 2 % of 50.00 lost + 0.5 % of 100.00 single = 2.50;
    // then 0.5 % of pia's open 60.00 single bet = 0.30.
    expect(await paidOrOwed(top, 'realtimeSalary')).toEqual([
      ['2026-11-20T09:00', 250n, 'paid'],
      ['2026-11-20T09:05', 30n, 'paid'],
    ]);
    // bea (from top): 0.5 % + 1 % + 0.5 % = 1.50, then 0.30; owed by top until its deadline.
    expect(await paidOrOwed(bea, 'realtimeSalary')).toEqual([
      ['2026-11-20T09:00', 150n, 'owed'],
      ['2026-11-20T09:05', 30n, 'owed'],
    ]);
    expect((await rows(bea, 'realtimeSalary')).map((r) => r.period_key)).toHaveLength(14);
    expect(await cash(top)).toBe(210n + 250n + 30n);
  });

  it('settles nothing twice when two runs race', async () => {
    const [a, b] = await Promise.all([
      settlementsAt('2026-11-20T13:10:00Z').runDue(),
      settlementsAt('2026-11-20T13:10:00Z').runDue(),
    ]);
    expect(Math.max(a.settled, b.settled)).toBe(0);
    expect(await cash(top)).toBe(490n);
    // Each 10-second piece of the 14 slots summed once.
    const pieces = await t.db.query<{ n: number }>(
      `select count(*)::int as n from contract_fine_pieces_done where piece_start < '2026-11-20T13:10:00Z'`,
    );
    expect(pieces[0]?.n).toBe(14 * 30);
  });

  it('catches up the hours and slots missed while stopped, in order', async () => {
    // Stopped until 12:00 in São Paulo: the 10:00 and 11:00 hours and the 22 slots from 10:10 are due.
    const report = await settlementsAt('2026-11-20T15:00:00Z').runDue();
    expect(report.settled).toBe(2 + 22 + 22);
    const hours = await rows(top, 'hourlySalary');
    expect(hours.map((r) => [r.period_key, r.amount, r.status])).toEqual([
      ['2026-11-20T09', 210n, 'paid'],
      // pia alone at 10:30: one active member, below the contract's two.
      ['2026-11-20T10', 0n, 'nothing'],
      ['2026-11-20T11', 0n, 'nothing'],
    ]);
    const keys = (await rows(top, 'realtimeSalary')).map((r) => r.period_key);
    expect(keys).toHaveLength(14 + 22);
    expect(keys).toEqual([...keys].sort());
    expect(keys.at(-1)).toBe('2026-11-20T11:55');
    // 10:30: pia's 20.00 lost: top 2 % = 0.40, bea 1 % = 0.20 (below 50.00: no single bet).
    expect(await paidOrOwed(top, 'realtimeSalary')).toContainEqual(['2026-11-20T10:30', 40n, 'paid']);
    expect(await paidOrOwed(bea, 'realtimeSalary')).toContainEqual(['2026-11-20T10:30', 20n, 'owed']);
  });

  it("pays the upline's owed payables once the merchant's deadline has passed, set by the operator", async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/ops/agents/settlement-deadline',
      headers: { 'x-operator-key': agentsKey },
      payload: { merchantCode: 'BR', minutes: -5 },
    });
    expect(refused.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/ops/agents/settlement-deadline',
      headers: { 'x-operator-key': agentsKey },
      payload: { merchantCode: 'ZZ', minutes: 60 },
    });
    expect(unknown.statusCode).toBe(404);
    // Two hours: everything up to 10:00 in São Paulo is past it at 12:00 (the run's clock).
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops/agents/settlement-deadline',
      headers: { 'x-operator-key': agentsKey },
      payload: { merchantCode: 'BR', minutes: 120 },
    });
    expect(set.statusCode, set.body).toBe(200);
    await settlementsAt('2026-11-20T15:00:00Z').runDue();
    expect(await paidOrOwed(bea, 'realtimeSalary')).toEqual([
      ['2026-11-20T09:00', 150n, 'paid'],
      ['2026-11-20T09:05', 30n, 'paid'],
      ['2026-11-20T10:30', 20n, 'owed'],
    ]);
    expect(await cash(bea)).toBe(180n);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it("shows contract payments as their own type in the member's account record", async () => {
    const res = await t.app.inject({
      url: '/wps/relay/memberTransactionDetail',
      headers: { token: bea.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json().value.content as { type: string; amount: number }[];
    expect(content.map((m) => [m.type, m.amount]).sort()).toEqual([
      ['contract', 150],
      ['contract', 30],
    ]);
    const filtered = await t.app.inject({
      url: '/wps/relay/memberTransactionDetail?type=contract',
      headers: { token: top.token },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const topTypes = (filtered.json().value.content as { type: string }[]).map((m) => m.type);
    expect(topTypes.length).toBeGreaterThan(0);
    expect(new Set(topTypes)).toEqual(new Set(['contract']));
  });
});
