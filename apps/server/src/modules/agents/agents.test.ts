import { addDays, dayIn } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { fund, registerAgent, registerMember, type TestMember } from '../records/test-support';
import {
  betBody,
  launch,
  rollbackBody,
  seedHouseCatalogue,
  vendorClient,
  winBody,
} from '../vendors/test-vendor-client';

const ZONE = 'America/Sao_Paulo';
let t: TestApp;
let call: ReturnType<typeof vendorClient>;
let today: string;

// top ─┬─ ana (agent) ─┬─ bia (agent) ── caio
//      │               └─ duda
//      └─ sol (the upline's other branch)
// xavi (agent of another team) ── yara
let top: TestMember;
let ana: TestMember;
let bia: TestMember;
let caio: TestMember;
let duda: TestMember;
let sol: TestMember;
let xavi: TestMember;
let yara: TestMember;

async function makeAgent(member: TestMember, code: string) {
  await t.db.query('update members set type = 1, invite_code = $2 where id = $1', [member.id, code]);
}

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { token, ...headers } });

/** Launches crash for the member and answers their player id at the studio. */
async function playerOf(member: TestMember): Promise<{ playerId: string }> {
  const auth = await call('authenticate', { token: (await launch(t.app, member.token, 'crash')).token });
  expect(auth.json.status, auth.raw).toBe('OK');
  return { playerId: auth.json.playerId as string };
}

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 4 });
  await seedHouseCatalogue(t.app);
  call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
  today = dayIn(new Date(), ZONE);
  top = await registerAgent(t.app, 'topagt1', 'TOPAGT');
  ana = await registerMember(t.app, 'anaagt1', { affiliateCode: 'TOPAGT' });
  await makeAgent(ana, 'ANAAGT');
  sol = await registerMember(t.app, 'solmem1', { affiliateCode: 'TOPAGT' });
  bia = await registerMember(t.app, 'biaagt1', { affiliateCode: 'ANAAGT' });
  await makeAgent(bia, 'BIAAGT');
  duda = await registerMember(t.app, 'dudamem1', { affiliateCode: 'ANAAGT' });
  caio = await registerMember(t.app, 'caiomem1', { affiliateCode: 'BIAAGT' });
  xavi = await registerAgent(t.app, 'xaviagt1', 'XAVAGT');
  yara = await registerMember(t.app, 'yaramem1', { affiliateCode: 'XAVAGT' });
});
afterAll(() => t.app.close());

describe('the hierarchy', () => {
  it('lists the whole team below an agent with levels, and only the direct downlines at level 1', async () => {
    const res = await get(ana.token, '/wps/agent/team/downlines');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().value.content as Array<{
      username: string;
      level: number;
      directDownlines: number;
    }>;
    expect(rows.map((r) => [r.username, r.level]).sort()).toEqual([
      ['biaagt1', 1],
      ['caiomem1', 2],
      ['dudamem1', 1],
    ]);
    expect(rows.find((r) => r.username === 'biaagt1')?.directDownlines).toBe(1);

    const direct = await get(ana.token, '/wps/agent/team/downlines?level=1');
    expect(direct.json().value.total).toBe(2);
  });

  it('drills down one level into a downline agent', async () => {
    const res = await get(ana.token, `/wps/agent/team/downlines?parentId=${bia.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.parent).toEqual({ id: bia.id.toString(), username: 'biaagt1', level: 1 });
    expect(res.json().value.content.map((r: { username: string }) => r.username)).toEqual(['caiomem1']);
  });

  it('moves a member with their whole team when their upline changes, and refuses a cycle', async () => {
    await t.db.query('update members set upline_id = $2 where id = $1', [bia.id, sol.id]);
    const anaTeam = await get(ana.token, '/wps/agent/team/downlines');
    expect(anaTeam.json().value.content.map((r: { username: string }) => r.username)).toEqual(['dudamem1']);
    const levels = await t.db.query<{ member_id: bigint; depth: number }>(
      'select member_id, depth from member_tree where ancestor_id = $1 and depth > 0 order by depth',
      [sol.id],
    );
    expect(levels.map((r) => [r.member_id, r.depth])).toEqual([
      [bia.id, 1],
      [caio.id, 2],
    ]);
    // Back where it was; and bia under her own downline caio is refused.
    await t.db.query('update members set upline_id = $2 where id = $1', [bia.id, ana.id]);
    await expect(
      t.db.query('update members set upline_id = $2 where id = $1', [bia.id, caio.id]),
    ).rejects.toThrow(/own team/);
    const topTeam = await t.db.query<{ total: bigint }>(
      'select count(*) as total from member_tree where ancestor_id = $1 and depth > 0',
      [top.id],
    );
    expect(Number(topTeam[0]?.total)).toBe(5);
  });
});

describe('rollups and the team overview', () => {
  beforeAll(async () => {
    // caio (level 2 under ana): deposit 100.00, two crash rounds (bet 10.00 won 25.00; bet 5.00 lost),
    // and a third bet of 3.00 rolled back. duda: deposit 50.00 and nothing else. yara (another team):
    // deposit and a bet that ana must never see.
    await fund(t.app, caio.id, 10_000n);
    await fund(t.app, duda.id, 5_000n);
    await fund(t.app, yara.id, 7_000n);
    const caioPlayer = await playerOf(caio);
    expect((await call('bet', betBody(caioPlayer, 'agt-b1', 'agt-r1', 1_000))).json.status).toBe('OK');
    expect((await call('win', winBody(caioPlayer, 'agt-w1', 'agt-r1', 2_500))).json.status).toBe('OK');
    expect((await call('bet', betBody(caioPlayer, 'agt-b2', 'agt-r2', 500))).json.status).toBe('OK');
    expect((await call('win', winBody(caioPlayer, 'agt-w2', 'agt-r2', 0))).json.status).toBe('OK');
    expect((await call('bet', betBody(caioPlayer, 'agt-b3', 'agt-r3', 300))).json.status).toBe('OK');
    expect(
      (await call('rollback', rollbackBody(caioPlayer, 'agt-rb3', 'agt-r3', 'agt-b3'))).json.status,
    ).toBe('OK');
    const yaraPlayer = await playerOf(yara);
    expect((await call('bet', betBody(yaraPlayer, 'agt-yb1', 'agt-yr1', 700))).json.status).toBe('OK');
    await t.app.agents.rollups.catchUp();
  });

  it("sums the team's day, week and month, levels below included", async () => {
    const res = await get(ana.token, '/wps/agent/team/overview');
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value.teamSize).toEqual({ direct: 2, total: 3 });
    const expected = {
      newRegistrations: 3,
      firstDepositors: 2,
      activeMembers: 1,
      deposits: 15_000,
      depositCount: 2,
      withdrawals: 0,
      withdrawalCount: 0,
      validTurnover: 1_500,
      wins: 2_500,
      bonus: 0,
      rounds: 2, // the rolled-back round is no round
      netProfitLoss: 1_000,
    };
    expect(value.today).toEqual(expected);
    expect(value.thisWeek).toEqual(expected);
    expect(value.thisMonth).toEqual(expected);
    expect(value.range).toMatchObject({ ...expected, endDate: today });
    expect(value.yesterday).toMatchObject({ deposits: 0, validTurnover: 0, newRegistrations: 0 });
    expect(value.dailyTurnover.at(-1)).toEqual({ date: today, validTurnover: 1_500, netProfitLoss: 1_000 });
    expect(value.teamGrowth.at(-1)).toEqual({ date: today, teamSize: 3, newRegistrations: 3 });
    expect(value.teamGrowth).toHaveLength(30);

    // A picked range of two days: members active on any of its days, counted once.
    const picked = (
      await get(ana.token, `/wps/agent/team/overview?startDate=${addDays(today, -1)}&endDate=${today}`)
    ).json().value;
    expect(picked.range).toEqual({ ...expected, startDate: addDays(today, -1), endDate: today });
    expect(picked.teamGrowth).toHaveLength(2);
  });

  it('gives a downline agent only their own team, and the top agent everyone below', async () => {
    const biaView = (await get(bia.token, '/wps/agent/team/overview')).json().value;
    expect(biaView.teamSize).toEqual({ direct: 1, total: 1 });
    expect(biaView.today).toMatchObject({ deposits: 10_000, validTurnover: 1_500, firstDepositors: 1 });
    const topView = (await get(top.token, '/wps/agent/team/overview')).json().value;
    expect(topView.teamSize).toEqual({ direct: 2, total: 5 });
    expect(topView.today).toMatchObject({ deposits: 15_000, firstDepositors: 2 });
  });

  it('counts every transfer once: a second catch-up and a later deposit add only what is new', async () => {
    expect(await t.app.agents.rollups.catchUp()).toBe(0);
    await fund(t.app, duda.id, 1_000n);
    expect(await t.app.agents.rollups.catchUp()).toBe(1);
    const today = (await get(ana.token, '/wps/agent/team/overview')).json().value.today;
    // A second deposit is no second first deposit.
    expect(today).toMatchObject({ deposits: 16_000, depositCount: 3, firstDepositors: 2 });
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });

  it('lists team rounds and per-day, per-game profit and loss', async () => {
    const betting = (await get(ana.token, '/wps/agent/team/betting')).json().value;
    expect(betting.total).toBe(3);
    expect(betting.totals).toEqual({ stake: 1_500, payout: 2_500, profit: 1_000, rounds: 3 });
    expect(new Set(betting.content.map((r: { username: string }) => r.username))).toEqual(
      new Set(['caiomem1']),
    );

    const pl = (await get(ana.token, `/wps/agent/team/profitLoss?username=caiomem1`)).json().value;
    expect(pl.content).toEqual([
      {
        memberId: caio.id.toString(),
        username: 'caiomem1',
        date: today,
        gameType: 'CRASH',
        validTurnover: 1_500,
        wins: 2_500,
        profit: 1_000,
        rounds: 2,
      },
    ]);
  });

  it("lists the team's deposits, never another team's", async () => {
    const res = await get(ana.token, '/wps/agent/team/transactions?type=deposit');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().value.content as Array<{ username: string; amount: number }>;
    expect(rows.map((r) => [r.username, r.amount]).sort()).toEqual([
      ['caiomem1', 10_000],
      ['dudamem1', 1_000],
      ['dudamem1', 5_000],
    ]);
    // The downline list shows each member's main-wallet balance.
    const list = (await get(ana.token, '/wps/agent/team/downlines?username=DUDA')).json().value;
    expect(list.content.map((r: { username: string; balance: number }) => [r.username, r.balance])).toEqual([
      ['dudamem1', 6_000],
    ]);
  });
});

describe('who may read what', () => {
  const calls = [
    '/wps/agent/team/betting?memberId=',
    '/wps/agent/team/profitLoss?memberId=',
    '/wps/agent/team/transactions?memberId=',
    '/wps/agent/team/downlines?parentId=',
  ];

  it('answers a member outside the team as not found, on every call: another team, the upline, its other branch', async () => {
    for (const outsider of [yara, xavi, top, sol, ana]) {
      for (const url of calls) {
        const res = await get(ana.token, `${url}${outsider.id}`);
        // ana's own id is her top level for the downline list; everywhere else she is not her team.
        if (outsider === ana && url.includes('parentId')) {
          expect(res.statusCode).toBe(200);
          continue;
        }
        expect(res.statusCode, `${url}${outsider.id}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_IN_TEAM' });
        expect(res.body).not.toContain(outsider.username);
      }
      const byName = await get(ana.token, `/wps/agent/team/betting?username=${outsider.username}`);
      expect(byName.statusCode).toBe(404);
    }
    // A downline agent cannot look up at their upline's other members either.
    const up = await get(bia.token, `/wps/agent/team/profitLoss?memberId=${duda.id}`);
    expect(up.statusCode).toBe(404);
  });

  it('refuses members who are not agents, in their language', async () => {
    for (const url of ['/wps/agent/team/overview', ...calls.map((c) => c.split('?')[0] as string)]) {
      const res = await get(duda.token, url, { 'accept-language': 'pt-BR' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'AGENT_ONLY',
        message: 'Apenas agentes podem usar o centro do agente.',
      });
    }
    expect((await t.app.inject({ url: '/wps/agent/team/overview' })).statusCode).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const early = addDays(today, -31);
    const tooEarly = await get(ana.token, `/wps/agent/team/betting?startDate=${early}`, {
      'accept-language': 'es',
    });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().value.field).toBe('startDate');
    expect(tooEarly.json().message).toContain('startDate');

    for (const url of [
      '/wps/agent/team/downlines?pageSize=1000',
      '/wps/agent/team/downlines?level=abc',
      '/wps/agent/team/downlines?type=3',
      '/wps/agent/team/betting?gameType=NOPE',
      '/wps/agent/team/betting?memberId=12x',
      '/wps/agent/team/overview?endDate=2020-02-31',
      `/wps/agent/team/overview?startDate=${addDays(today, -91)}`,
      `/wps/agent/team/transactions?endDate=${addDays(today, 1)}`,
    ]) {
      const res = await get(ana.token, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
