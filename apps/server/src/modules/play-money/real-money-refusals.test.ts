import { randomUUID } from 'node:crypto';
import { PLAY_MONEY_TOP_UP_TO_MINOR } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { registerAgent, registerMember, trialToken } from '../records/test-support';
import { betBody, launch, seedHouseCatalogue, vendorClient, winBody } from '../vendors/test-vendor-client';

/**
 * A free-play (trial) account holds play money, and every real-money path stays closed to it
 * (DECISIONS.md "trial (free play) accounts"): deposit, withdraw, wallet transfers, transfers to an
 * upline or a downline, agent contracts and income. Each refusal moves nothing, and play money
 * counts towards nobody's turnover or income.
 */

let t: TestApp;
let trial: string;
let trialId: string;

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 2 });
  await seedHouseCatalogue(t.app);
  trial = await trialToken(t.app);
  const info = await t.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${trial}` } });
  trialId = info.json().value.id;
});
afterAll(() => t.app.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const transferCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from ledger_transfers'))[0]?.n;

describe('real money stays closed to a free-play account with play money', () => {
  it.each([
    ['deposit', 'POST', '/wps/relay/deposit', { channel: 'PIX', amount: 5_000 }],
    ['deposit channels', 'GET', '/wps/relay/deposit/channels', undefined],
    [
      'withdraw',
      'POST',
      '/wps/relay/withdraw',
      { payeeAccountId: '1', amount: 5_000, paymentPassword: '123456', requestId: randomUUID() },
    ],
    [
      'wallet transfer',
      'POST',
      '/wps/relay/walletTransfer',
      { from: 'MAIN', to: 'PG', amount: 100, requestId: randomUUID() },
    ],
    ['transfer to upline', 'POST', '/wps/relay/transferToUpline', { amount: 100, requestId: randomUUID() }],
    [
      'transfer to a downline',
      'POST',
      '/wps/relay/transferToDownline',
      { downlineId: '1', amount: 100, requestId: randomUUID() },
    ],
    ['agent contracts and income', 'GET', '/wps/member/info/funds/consolidated', undefined],
  ] as const)('refuses %s (403 TRIAL_NOT_ALLOWED) and moves nothing', async (_, method, url, payload) => {
    const before = await transferCount();
    const res = await t.app.inject({ method, url, headers: as(trial), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED', message: 'Register an account first' });
    expect(await transferCount()).toBe(before);
    expect(await t.app.ledger.playBalance(trialId)).toBe(BigInt(PLAY_MONEY_TOP_UP_TO_MINOR));
  });

  it("refuses the agent centre's team and income pages", async () => {
    const res = await t.app.inject({ url: '/wps/agent/team/overview', headers: as(trial) });
    expect(res.statusCode).toBe(403);
  });

  it('counts play-money bets and wins towards no turnover or income, while real ones still count', async () => {
    const call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
    const auth = await call('authenticate', { token: (await launch(t.app, trial, 'crash')).token });
    expect(auth.json).toMatchObject({ status: 'OK', currency: 'FUN' });
    const p = { playerId: auth.json.playerId as string };
    expect(
      (await call('bet', { ...betBody(p, 'refuse-bet', 'refuse-round', 5_000), currency: 'FUN' })).json
        .status,
    ).toBe('OK');
    expect(
      (await call('win', { ...winBody(p, 'refuse-win', 'refuse-round', 9_000), currency: 'FUN' })).json
        .status,
    ).toBe('OK');
    // A real member of an agent bets too: the rollups still see real money.
    await registerAgent(t.app, 'refuseagt', 'REFUSEAGT');
    const member = await registerMember(t.app, 'refusemem', { affiliateCode: 'REFUSEAGT' });
    const accounts = await t.app.ledger.openAccounts(member.id.toString(), 'BRL');
    await t.app.ledger.transfer({
      idempotencyKey: 'test:refuse:fund',
      debitAccountId: t.app.ledger.houseAccountFor('BRL', 'test:refuse:fund'),
      creditAccountId: accounts.cash,
      amount: 10_000n,
      currency: 'BRL',
      kind: 'deposit',
    });
    await t.app.agents.rollups.catchUp();
    const counted = await t.db.query<{ member_id: bigint }>(
      "select distinct member_id from agent_member_periods where period = 'A'",
    );
    const ids = counted.map((r) => r.member_id.toString());
    expect(ids).toContain(member.id.toString());
    expect(ids).not.toContain(trialId);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });
});
