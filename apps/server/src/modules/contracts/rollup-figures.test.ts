import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { periodAt } from './periods';
import { RollupFiguresSource } from './rollup-figures';

const brazil = 'America/Sao_Paulo';
let db: Database;
let sut: RollupFiguresSource;
const ids: Record<string, bigint> = {};

async function insertMember(name: string, upline: string | null) {
  const [row] = await db.query<{ id: bigint }>(
    `insert into members (merchant_code, username, username_key, password_hash, type, upline_id)
     values ('BR', $1, $1, 'x', $2, $3) returning id`,
    [name, upline === null ? 1 : 0, upline === null ? null : ids[upline]],
  );
  ids[name] = (row as { id: bigint }).id;
}

/** A member's rollup row (the agents module writes these from the ledger; here they are given). */
const rollup = (name: string, period: string, start: string, turnover: number, wins: number, bonuses = 0) =>
  db.query(
    `insert into agent_member_periods (member_id, period, period_start, bets, valid_turnover, wins, bonuses)
     values ($1, $2, $3, $4, $4, $5, $6)`,
    [ids[name], period, start, turnover, wins, bonuses],
  );

beforeAll(async () => {
  db = await createTestDatabase();
  sut = new RollupFiguresSource(db);
  // agent > (m1, sub > m2); outsider is in no team of theirs.
  await insertMember('agent', null);
  await insertMember('m1', 'agent');
  await insertMember('sub', 'agent');
  await insertMember('m2', 'sub');
  await insertMember('outsider', null);
  await rollup('m1', 'D', '2026-11-02', 10_000, 4_000);
  await rollup('m1', 'D', '2026-11-03', 500, 0);
  await rollup('m2', 'D', '2026-11-02', 2_000, 5_000, 100);
  await rollup('outsider', 'D', '2026-11-02', 99_999, 0);
  await rollup('m1', 'W', '2026-11-02', 10_500, 4_000);
  // The team rows the agents module keeps beside them (the same sums, active = turnover above 0).
  await db.query(
    `insert into agent_team_periods (agent_id, period, period_start, valid_turnover, wins, bonuses, active_members)
     values ($1, 'D', '2026-11-02', 12000, 9000, 100, 2), ($2, 'D', '2026-11-02', 2000, 5000, 100, 1)`,
    [ids.agent, ids.sub],
  );
  await rollup('m2', 'W', '2026-11-02', 2_000, 5_000, 100);
});
afterAll(() => db.close());

const at = (iso: string) => new Date(iso);

describe('team figures from the rollups', () => {
  it("sums a day over the agent's whole team and counts members at the minimum bet as active", async () => {
    const day = periodAt('D', at('2026-11-02T15:00:00Z'), brazil);
    const figures = await sut.figures(ids.agent as bigint, day, 5_000, brazil);
    // Net loss: m1 100.00 - 40.00; m2 20.00 - 50.00 - 1.00 bonus.
    expect(figures).toMatchObject({ validTurnover: 12_000n, activeMembers: 1, netLoss: 2_900n });
    const subDay = await sut.figures(ids.sub as bigint, day, 0, brazil);
    expect(subDay).toMatchObject({ validTurnover: 2_000n, activeMembers: 1, netLoss: -3_100n });
  });

  it("reads the team's own row when the contract has no minimum bet", async () => {
    const day = periodAt('D', at('2026-11-02T15:00:00Z'), brazil);
    const perMember = await sut.figures(ids.agent as bigint, day, 2, brazil);
    const teamRow = await sut.figures(ids.agent as bigint, day, 0, brazil);
    expect(teamRow).toMatchObject({ validTurnover: 12_000n, activeMembers: 2, netLoss: 2_900n });
    expect(teamRow).toEqual(perMember);
  });

  it('reads the week row, and sums a semimonth per member before testing the minimum bet', async () => {
    const week = periodAt('W', at('2026-11-04T15:00:00Z'), brazil);
    expect(await sut.figures(ids.agent as bigint, week, 1_000, brazil)).toMatchObject({
      validTurnover: 12_500n,
      activeMembers: 2,
      netLoss: 3_400n,
    });
    // m1 bet 100.00 and 5.00 on two days: 105.00 over the half month reaches 102.00, neither day does.
    const half = periodAt('H', at('2026-11-10T15:00:00Z'), brazil);
    expect(await sut.figures(ids.agent as bigint, half, 10_200, brazil)).toMatchObject({
      validTurnover: 12_500n,
      activeMembers: 1,
      netLoss: 3_400n,
    });
  });

  it('has no figures for hours and 5-minute slots (those periods wait)', async () => {
    expect(
      await sut.figures(ids.agent as bigint, periodAt('hour', at('2026-11-02T15:00:00Z'), brazil), 0, brazil),
    ).toBeNull();
    expect(
      await sut.figures(ids.agent as bigint, periodAt('5min', at('2026-11-02T15:00:00Z'), brazil), 0, brazil),
    ).toBeNull();
  });

  it('answers zeros for a team without play', async () => {
    const day = periodAt('D', at('2026-11-20T15:00:00Z'), brazil);
    expect(await sut.figures(ids.agent as bigint, day, 0, brazil)).toMatchObject({
      validTurnover: 0n,
      activeMembers: 0,
      netLoss: 0n,
    });
  });
});
