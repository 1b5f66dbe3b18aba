import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { verifyLedger } from '../modules/ledger/ledger-verify';
import { DEMO_AGENT_PASSWORD, DEMO_AGENT_USERNAME, demoAgentSeeder } from './demo-agent';
import { demoAgentTeamSeeder } from './demo-agent-team';
import { demoGamesSeeder } from './demo-games';
import { runSeeders } from './run-seeders';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.app, [demoAgentSeeder, demoGamesSeeder, demoAgentTeamSeeder]);
  const login = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: DEMO_AGENT_USERNAME, password: DEMO_AGENT_PASSWORD },
    remoteAddress: '10.91.0.1',
  });
  expect(login.statusCode, login.body).toBe(200);
  token = login.json().value.token as string;
});
afterAll(() => t.app.close());

const get = (url: string) => t.app.inject({ url, headers: { token } });

describe('the demo agent team seeder', () => {
  it('gives the demo agent a 3-level team with 90 days of figures and today’s deposits', async () => {
    const res = await get('/wps/agent/team/overview?startDate=&endDate=');
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value.teamSize).toEqual({ direct: 6, total: 19 });
    expect(value.today.deposits).toBe(40_000);
    expect(value.yesterday.validTurnover + value.thisMonth.validTurnover).toBeGreaterThan(0);
    expect(
      value.dailyTurnover.filter((d: { validTurnover: number }) => d.validTurnover > 0).length,
    ).toBeGreaterThan(10);
    expect(value.teamGrowth.at(-1).teamSize).toBe(19);
    const levels = await get('/wps/agent/team/downlines?level=3');
    expect(levels.json().value.total).toBe(4);
    const pl = await get('/wps/agent/team/profitLoss');
    expect(pl.json().value.total).toBeGreaterThan(0);
  });

  it("lets the team's agents sign in with the demo agent's password and see their own team", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'ag1lucas', password: DEMO_AGENT_PASSWORD },
      remoteAddress: '10.91.0.2',
    });
    expect(login.statusCode, login.body).toBe(200);
    const res = await t.app.inject({
      url: '/wps/agent/team/overview',
      headers: { token: login.json().value.token as string },
    });
    expect(res.json().value.teamSize).toEqual({ direct: 6, total: 10 });
  });

  it('leaves balances that agree with the history, and a clean ledger', async () => {
    const rows = await t.db.query<{ username: string; history: bigint; balance: bigint }>(
      `select m.username, a.deposits - a.withdrawals - a.valid_turnover + a.wins as history,
              coalesce((select l.balance from ledger_accounts l where l.code = 'member:' || m.id || ':cash:BRL'), 0)
                as balance
         from members m join agent_member_periods a on a.member_id = m.id and a.period = 'A'
        where m.username like 'mb%' or m.username like 'ag%'`,
    );
    expect(rows).toHaveLength(19);
    for (const row of rows) expect(row.balance, row.username).toBe(row.history);
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });

  it('runs again without adding anything', async () => {
    const before = await t.db.query(
      'select count(*) as n, sum(valid_turnover) as v from agent_member_periods',
    );
    await demoAgentTeamSeeder.run(t.app);
    expect(
      await t.db.query('select count(*) as n, sum(valid_turnover) as v from agent_member_periods'),
    ).toEqual(before);
  });
});
