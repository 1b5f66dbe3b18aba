import type { ContractSettlement } from '@sorte/shared/contracts/agent-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { verifyLedger } from '../modules/ledger/ledger-verify';
import { DEMO_AGENT_PASSWORD, DEMO_AGENT_USERNAME, demoAgentSeeder } from './demo-agent';
import { demoAgentContractsSeeder } from './demo-agent-contracts';
import { demoAgentTeamSeeder } from './demo-agent-team';
import { demoGamesSeeder } from './demo-games';
import { runSeeders } from './run-seeders';

let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.app, [demoAgentSeeder, demoGamesSeeder, demoAgentTeamSeeder, demoAgentContractsSeeder]);
});
afterAll(() => t.app.close());

async function signIn(username: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password: DEMO_AGENT_PASSWORD },
    remoteAddress: `10.93.0.${++ip}`,
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().value.token as string;
}

async function income(token: string, kind: 'dailySalary' | 'dividend'): Promise<ContractSettlement[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/relay/contracts/${kind}/settlements`,
    headers: { token },
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.content;
}

const counts = () =>
  t.db.query(
    `select (select count(*) from contract_settlements) as settlements,
            (select count(*) from agent_contracts) as contracts,
            (select count(*) from ledger_transfers) as transfers`,
  );

describe('the demo agent contracts seeder', () => {
  it('gives the demo agent house contracts, accepted 90 days ago, and its downline agents lower ones', async () => {
    const token = await signIn(DEMO_AGENT_USERNAME);
    const info = await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: { token } });
    expect(info.json().value).toMatchObject({ dividend: 1, divtypereq: 'M', dailysalreqtype: 1 });
    const daily = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/contracts/dailySalary',
      headers: { token },
      payload: {},
    });
    const view = daily.json().value;
    expect(view.active.uplineId).toBeNull();
    expect(Date.now() - Date.parse(view.active.decidedAt)).toBeGreaterThan(89 * 86_400_000);
    expect(view.downlines.map((c: { downlineName: string }) => c.downlineName).sort()).toEqual([
      'ag1lucas',
      'ag1marta',
    ]);
  });

  it('shows the demo agent paid periods in "My income", paid by the house, and what it paid its downlines', async () => {
    const token = await signIn(DEMO_AGENT_USERNAME);
    const salary = await income(token, 'dailySalary');
    const earned = salary.filter((s) => s.incoming && s.status === 'paid' && s.amount > 0);
    expect(earned.length).toBeGreaterThan(30);
    expect(earned.every((s) => s.payerId === null)).toBe(true);
    const paidOut = salary.filter((s) => !s.incoming && s.status === 'paid' && s.amount > 0);
    expect(paidOut.length).toBeGreaterThan(10);
    const dividends = await income(token, 'dividend');
    // Whole months since the acceptance, each settled: a month of team net loss paid by the house,
    // a month of team winnings paid nothing (the seeded play is random; the house edge usually wins).
    const months = dividends.filter((s) => s.incoming);
    expect(months.length).toBeGreaterThanOrEqual(3);
    for (const month of months) expect(month.status).toBe(month.amount > 0 ? 'paid' : 'nothing');
  });

  it("pays a second-level agent from its upline's balance", async () => {
    const salary = await income(await signIn('ag2nina'), 'dailySalary');
    const paid = salary.filter((s) => s.incoming && s.status === 'paid' && s.amount > 0);
    expect(paid.length).toBeGreaterThan(10);
    const [lucas] = await t.db.query<{ id: bigint }>(
      "select id from members where username_key = 'ag1lucas'",
    );
    expect(paid.every((s) => s.payerId === lucas?.id.toString())).toBe(true);
  });

  it('leaves a clean ledger and adds nothing when it runs again', async () => {
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
    const before = await counts();
    await demoAgentContractsSeeder.run(t.app);
    expect(await counts()).toEqual(before);
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });
});
