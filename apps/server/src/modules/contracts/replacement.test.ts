import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';
import type { Period } from './periods';
import { SettlementRepository } from './settlement.repository';
import { SettlementService, type TeamFiguresSource } from './settlement.service';
import { emptyFigures, type TeamFigures } from './settlement-math';

/**
 * A contract replaced by a newer one of the same kind (spec section 4): the period of the change is
 * paid once (by the contract that ended in it), and a dividend's negative balance carries on into
 * the new contract with the same payer. São Paulo days; the team's net loss per day below.
 */
let t: TestApp;
let agentsKey: string;
let agent: { token: string; id: bigint };

const netLoss: Record<string, bigint> = {
  '2026-11-20': -50_000n,
  '2026-11-21': 10_000n,
  '2026-11-22': 100_000n,
};
const source: TeamFiguresSource = {
  supports: (kind) => kind === 'D',
  async figures(_agentId: bigint, period: Period): Promise<TeamFigures | null> {
    return { ...emptyFigures(), validTurnover: 1n, netLoss: netLoss[period.key] ?? 0n };
  },
};

const dividend = (rateBp: number) => ({
  kind: 'dividend',
  period: 'D',
  minBetAmount: 0,
  minActiveMembers: 0,
  feeRateBp: 0,
  tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
});

async function houseDividend(rateBp: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/agents/contracts',
    headers: { 'x-operator-key': agentsKey },
    payload: { agentId: agent.id.toString(), terms: dividend(rateBp) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as string;
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/wps/agent/contracts/${id}/accept`,
    headers: { token: agent.token },
    payload: {},
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  agentsKey = await createOperatorKey(t.db, 'replace-desk', ['agents']);
  const password = 'replace pass 1';
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username: 'replacer', password, confirmPassword: password },
    remoteAddress: '10.80.0.1',
  });
  const token = res.json().value.token as string;
  const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
  agent = { token, id: BigInt(info.json().value.id) };
  await t.db.query('update members set type = 1 where id = $1', [agent.id]);
  const first = await houseDividend(2_000);
  await t.db.query(`update agent_contracts set decided_at = '2026-11-20T12:00:00Z' where id = $1`, [first]);
  // Replaced by a 10 % dividend at noon on the 21st in São Paulo.
  const second = await houseDividend(1_000);
  await t.db.query(`update agent_contracts set ended_at = '2026-11-21T15:00:00Z' where id = $1`, [first]);
  await t.db.query(`update agent_contracts set decided_at = '2026-11-21T15:00:00Z' where id = $1`, [second]);
});
afterAll(() => t.app.close());

describe('a replaced contract', () => {
  it('pays the day of the change once and carries the negative balance into the new contract', async () => {
    const run = (iso: string) =>
      new SettlementService(t.db, new SettlementRepository(t.db), t.app.ledger, source, {
        clock: () => new Date(iso),
      }).runDue();
    // Two runs: the new contract waits for the old one's last day within the first.
    await run('2026-11-23T15:00:00Z');
    await run('2026-11-23T15:00:00Z');
    const rows = await t.db.query<{ rate: number; period_key: string; amount: bigint; carry_out: bigint }>(
      `select (c.terms->'tiers'->0->>'rateBp')::int as rate, s.period_key, s.amount, s.carry_out
         from contract_settlements s join agent_contracts c on c.id = s.contract_id
        order by s.period_start, c.id`,
    );
    expect(rows.map((r) => [r.rate, r.period_key, r.amount, r.carry_out])).toEqual([
      [2_000, '2026-11-20', 0n, -50_000n],
      // The 21st belongs to the contract that ended in it: −500.00 + 100.00 carried on.
      [2_000, '2026-11-21', 0n, -40_000n],
      // The new contract starts on the 22nd from that −400.00: 10 % of 600.00.
      [1_000, '2026-11-22', 6_000n, 0n],
    ]);
    expect((await t.app.ledger.memberBalances(agent.id.toString(), 'BRL')).cash).toBe(6_000n);
  });
});
