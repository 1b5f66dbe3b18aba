import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';

let t: TestApp;
let agentsKey: string;
let paymentsKey: string;
type Party = { token: string; id: bigint };
// top (house contract) > bea > caio > dani (plain member); olga (another top agent) > xavi.
let top: Party;
let bea: Party;
let caio: Party;
let dani: Party;
let olga: Party;
let xavi: Party;

let ip = 0;
async function member(username: string): Promise<Party> {
  const password = 'contracts pass 1';
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password },
    remoteAddress: `10.77.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
  return { token, id: BigInt(info.json().value.id) };
}

/** Places a member under an upline and makes it an agent (type 1) or leaves it a member (0). */
const place = (who: Party, upline: Party | null, type: number) =>
  t.db.query('update members set upline_id = $2, type = $3 where id = $1', [
    who.id,
    upline?.id ?? null,
    type,
  ]);

const daily = (rateBp: number, minTurnover = 0) => ({
  kind: 'dailySalary' as const,
  minBetAmount: 1_000,
  minActiveMembers: 0,
  feeRateBp: 0,
  tiers: [{ minTurnover, minActiveMembers: 0, rateBp }],
});

const post = (url: string, token: string, payload: unknown = {}, lang = 'en') =>
  t.app.inject({ method: 'POST', url, headers: { token, lang }, payload: payload as object });

const offer = (from: Party, to: Party, terms: unknown, lang = 'en') =>
  post('/wps/agent/contracts/offer', from.token, { downlineId: to.id.toString(), terms }, lang);
const accept = (who: Party, id: string, confirm?: boolean) =>
  post(`/wps/agent/contracts/${id}/accept`, who.token, confirm === undefined ? {} : { confirm });

async function houseOffer(agent: Party, terms: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/agents/contracts',
    headers: { 'x-operator-key': agentsKey },
    payload: { agentId: agent.id.toString(), terms } as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
}

async function activeContract(who: Party, kind = 'dailySalary') {
  const res = await post(`/wps/relay/contracts/${kind}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

beforeAll(async () => {
  t = await buildTestApp();
  agentsKey = await createOperatorKey(t.db, 'agents-desk', ['agents']);
  paymentsKey = await createOperatorKey(t.db, 'payments-desk', ['payments']);
  [top, bea, caio, dani, olga, xavi] = [
    await member('ctrtop'),
    await member('ctrbea'),
    await member('ctrcaio'),
    await member('ctrdani'),
    await member('ctrolga'),
    await member('ctrxavi'),
  ];
  await place(bea, top, 1);
  await place(caio, bea, 1);
  await place(dani, caio, 0);
  await place(olga, null, 1);
  await place(xavi, olga, 1);
});
afterAll(() => t.app.close());

describe('operator calls', () => {
  it('makes a member an agent with the agents role only', async () => {
    const call = (key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/ops/agents/${top.id}/type`,
        headers: key ? { 'x-operator-key': key } : {},
        payload: { type: 2 },
      });
    expect((await call()).statusCode).toBe(401);
    expect((await call(paymentsKey)).statusCode).toBe(403);
    expect((await call(agentsKey)).statusCode).toBe(200);
    const info = await t.app.inject({ url: '/wps/member/info', headers: { token: top.token } });
    expect(info.json().value).toMatchObject({ type: 2, isAgent: true });
  });

  it('gives house contracts to top-level agents only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/agents/contracts',
      headers: { 'x-operator-key': agentsKey },
      payload: { agentId: bea.id.toString(), terms: daily(100) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'agentId' } });
    expect(res.json().message).toBe('agentId: must be an agent with no upline');
  });
});

describe('offers and the rate cap', () => {
  it('lets a top agent accept the house contract, and consolidated info shows it', async () => {
    const id = await houseOffer(top, daily(100));
    let info = (
      await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: { token: top.token } })
    ).json().value;
    expect(info).toMatchObject({
      dailysalreqtype: 2,
      dividend: 0,
      info: { isAgent: true, pendingOffers: 1 },
    });
    const res = await accept(top, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ contract: { status: 'active', uplineId: null }, ended: [] });
    info = (
      await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: { token: top.token } })
    ).json().value;
    expect(info).toMatchObject({ dailysalreqtype: 1, contracthoursalreq: 0, realtimesalreqtype: 0 });
  });

  it("refuses a downline rate above the upline's, naming the tier and both rates, in the caller's language", async () => {
    const res = await offer(top, bea, daily(120));
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('terms.tiers.0.rateBp');
    expect(res.json().message).toBe(
      "terms.tiers.0.rateBp: 1.20% is above the upline's 1.00%: a downline's rate can never exceed its upline's",
    );
    const pt = await offer(top, bea, daily(120), 'pt');
    expect(pt.json().message).toContain('1.20% está acima dos 1.00% do superior');
  });

  it('refuses offers to anyone but a direct downline agent, and kinds the upline does not have', async () => {
    for (const [from, to] of [
      [top, caio], // two levels down
      [olga, bea], // another team
      [caio, dani], // not an agent
    ] as const) {
      const res = await offer(from, to, daily(10));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('downlineId: must be an agent directly below you');
    }
    const hourly = await offer(top, bea, { ...daily(10), kind: 'hourlySalary' });
    expect(hourly.json().message).toBe(
      'terms.kind: you have no active hourly salary contract to share with a downline',
    );
    const bad = await offer(top, bea, daily(10_001));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.field).toBe('terms.tiers.0.rateBp');
  });

  it('passes contracts down two levels within the caps', async () => {
    const toBea = await offer(top, bea, daily(70));
    expect(toBea.statusCode, toBea.body).toBe(200);
    expect((await accept(bea, toBea.json().value.id)).statusCode).toBe(200);
    const toCaio = await offer(bea, caio, daily(50));
    expect(toCaio.statusCode, toCaio.body).toBe(200);
    expect((await accept(caio, toCaio.json().value.id)).statusCode).toBe(200);
    const view = await activeContract(bea);
    expect(view.active).toMatchObject({ uplineName: 'ctrtop', terms: { tiers: [{ rateBp: 70 }] } });
    expect(view.downlines).toEqual([expect.objectContaining({ downlineName: 'ctrcaio', status: 'active' })]);
  });
});

describe('stale offers', () => {
  it('cannot be accepted once the agent has moved under another upline', async () => {
    const id = await houseOffer(olga, daily(100));
    await place(olga, top, 1);
    try {
      const res = await accept(olga, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONTRACT_NOT_OPEN');
    } finally {
      await place(olga, null, 1);
      expect((await post(`/wps/agent/contracts/${id}/reject`, olga.token)).statusCode).toBe(200);
    }
  });
});

describe('only the parties see a contract', () => {
  it('answers another team like an unknown contract, for every contract call', async () => {
    const beaContract = (await activeContract(bea)).active.id as string;
    for (const who of [olga, xavi, caio]) {
      for (const action of ['accept', 'reject', 'terminate']) {
        const res = await post(`/wps/agent/contracts/${beaContract}/${action}`, who.token);
        expect(res.statusCode, `${action} by another`).toBe(404);
      }
    }
    // A downline id outside the caller's own contracts shows nothing.
    const view = (
      await post('/wps/relay/contracts/dailySalary', olga.token, { memberId: bea.id.toString() })
    ).json().value;
    expect(view).toEqual({ kind: 'dailySalary', active: null, offers: [], downlines: [] });
    expect((await activeContract(bea)).active.id).toBe(beaContract);
  });

  it('refuses trial accounts and callers without a session', async () => {
    const trial = await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
    const token = trial.json().value.token as string;
    const res = await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: { token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect((await t.app.inject({ method: 'POST', url: '/wps/relay/contracts/dividend' })).statusCode).toBe(
      401,
    );
  });
});

describe('accepting a lower rate than a downline', () => {
  let lower: string;

  it('changes nothing until the agent confirms, and lists what would end', async () => {
    const res = await offer(top, bea, daily(40));
    expect(res.statusCode, res.body).toBe(200);
    lower = res.json().value.id;
    const refused = await accept(bea, lower);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONTRACT_CONFIRM_REQUIRED',
      value: { contracts: [{ downlineId: caio.id.toString(), downlineName: 'ctrcaio' }] },
    });
    expect(refused.json().message).toContain('ends 1 contract(s) of your downlines');
    expect((await activeContract(bea)).active.terms.tiers[0].rateBp).toBe(70);
    expect((await activeContract(caio)).active.terms.tiers[0].rateBp).toBe(50);
  });

  it('on confirmation ends the downline contract, messages the downline and offers it the new cap', async () => {
    const res = await accept(bea, lower, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.ended).toEqual([expect.objectContaining({ downlineName: 'ctrcaio' })]);
    expect((await activeContract(bea)).active).toMatchObject({
      id: lower,
      terms: { tiers: [{ rateBp: 40 }] },
    });

    const caioView = await activeContract(caio);
    expect(caioView.active).toBeNull();
    expect(caioView.offers).toEqual([
      expect.objectContaining({
        uplineName: 'ctrbea',
        status: 'offered',
        terms: expect.objectContaining({ tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp: 40 }] }),
      }),
    ]);
    const messages = (
      await t.app.inject({ url: '/wps/relay/messages', headers: { token: caio.token, lang: 'es' } })
    ).json().value;
    expect(messages.content[0]).toMatchObject({ kind: 'contractEnded', title: 'Contrato terminado' });
    expect(messages.content[0].body).toContain(`contrato ${caioView.offers[0].id}`);

    const ended = await t.db.query<{ status: string; end_reason: string }>(
      'select status, end_reason from agent_contracts where downline_id = $1 and kind = $2 order by id',
      [bea.id, 'dailySalary'],
    );
    expect(ended.map((r) => [r.status, r.end_reason])).toEqual([
      ['terminated', 'replaced'],
      ['active', null],
    ]);
  });

  it('lets the downline reject the new offer once', async () => {
    const id = (await activeContract(caio)).offers[0].id as string;
    const first = await post(`/wps/agent/contracts/${id}/reject`, caio.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().value.status).toBe('rejected');
    const again = await post(`/wps/agent/contracts/${id}/reject`, caio.token, {}, 'bn');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONTRACT_NOT_OPEN' });
    expect(again.json().message).toContain('রিফ্রেশ');
  });

  it('lets either party terminate an active contract, once', async () => {
    const id = (await activeContract(bea)).active.id as string;
    const res = await post(`/wps/agent/contracts/${id}/terminate`, bea.token);
    expect(res.json().value).toMatchObject({ status: 'terminated', endReason: 'terminatedByDownline' });
    expect((await post(`/wps/agent/contracts/${id}/terminate`, top.token)).statusCode).toBe(409);
    const info = (
      await t.app.inject({ url: '/wps/member/info/funds/consolidated', headers: { token: bea.token } })
    ).json().value;
    expect(info.dailysalreqtype).toBe(0);
  });
});
