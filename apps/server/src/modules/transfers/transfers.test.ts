import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { hashPassword } from '../auth/passwords';
import { verifyLedger } from '../ledger/ledger-verify';
import {
  cashOf,
  fund,
  registerAgent,
  registerMember,
  type TestMember,
  trialToken,
} from '../records/test-support';
import { PAYMENT_PASSWORD_ATTEMPTS } from './transfers.service';

let t: TestApp;
let agent: TestMember;
let subAgent: TestMember;
let ana: TestMember;
let bruno: TestMember;
let loner: TestMember;
let grandchild: TestMember;

beforeAll(async () => {
  t = await buildTestApp();
  agent = await registerAgent(t.app, 'agentetr1', 'TRAGENT1');
  ana = await registerMember(t.app, 'anatr1', { affiliateCode: 'TRAGENT1' });
  bruno = await registerMember(t.app, 'brunotr1', { affiliateCode: 'TRAGENT1' });
  loner = await registerMember(t.app, 'lonertr1');
  // agent → subAgent → grandchild: the agent's downline's downline is not the agent's direct downline.
  subAgent = await registerMember(t.app, 'subagtr1', { affiliateCode: 'TRAGENT1' });
  await t.db.query("update members set type = 2, invite_code = 'TRSUB01' where id = $1", [subAgent.id]);
  grandchild = await registerMember(t.app, 'neto1tr', { affiliateCode: 'TRSUB01' });
});
afterAll(() => t.app.close());

const post = (url: string, token: string | null, payload: object, lang = 'en') =>
  t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), lang }, payload });
const get = (url: string, token: string | null = null) =>
  t.app.inject({ url, headers: token ? { token } : {} });

const setSingleWallet = (merchantCode: string, single: boolean) =>
  t.db.query('update merchant_settings set single_wallet = $2 where merchant_code = $1', [
    merchantCode,
    single,
  ]);

describe('wallet mode and transfer wallets', () => {
  beforeAll(async () => {
    // A transfer-wallet vendor (PG) and a seamless one run by a wallet vendor (SORTE's studio).
    await t.db.query(
      `insert into game_vendors (vassalage, name, game_types)
       values ('PG', 'PG Soft', '{RNG}'), ('JDB', 'JDB', '{FISH}'), ('SORTE', 'Sorte Originals', '{CRASH}')
       on conflict do nothing`,
    );
    await t.db.query(
      `insert into merchant_vendor_sorting (merchant_code, game_type, vassalage, sort)
       values ('BR', 'RNG', 'PG', 1), ('BR', 'CRASH', 'SORTE', 2), ('MX', 'FISH', 'JDB', 1) on conflict do nothing`,
    );
  });

  it('is single by default for every merchant, and the transfer is refused there (409, nothing written)', async () => {
    for (const merchantCode of ['BR', 'MX', 'BD']) {
      const res = await get(`/wps/relay/merchantWallet?merchantCode=${merchantCode}`);
      expect(res.json().value).toEqual({ isSingle: true });
    }
    await fund(t.app, loner.id, 1_000n);
    const res = await post('/wps/relay/walletTransfer', loner.token, {
      from: 'MAIN',
      to: 'PG',
      amount: 100,
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SINGLE_WALLET');
    expect(await cashOf(t.app, loner.id)).toBe(1_000n);
    expect((await get('/wps/relay/vendorWallets', loner.token)).json().value).toMatchObject({
      isSingle: true,
      main: 1_000,
      wallets: [],
    });
  });

  it('moves money main ⇄ vendor when not single, once per requestId, and refuses an overdraft writing nothing', async () => {
    await setSingleWallet('BR', false);
    expect((await get('/wps/relay/merchantWallet?merchantCode=BR')).json().value).toEqual({
      isSingle: false,
    });
    expect((await get('/wps/relay/merchantWallet?merchantCode=MX')).json().value).toEqual({ isSingle: true });

    const requestId = randomUUID();
    const body = { from: 'MAIN', to: 'pg', amount: 400, requestId };
    const first = await post('/wps/relay/walletTransfer', loner.token, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      requestId,
      replayed: false,
      from: 'MAIN',
      to: 'PG',
      amount: 400,
      fromBalance: 600,
      toBalance: 400,
    });
    const again = await post('/wps/relay/walletTransfer', loner.token, body);
    expect(again.json().value).toMatchObject({ replayed: true, transferId: first.json().value.transferId });
    expect(await cashOf(t.app, loner.id)).toBe(600n);

    // The same requestId for something else is a conflict, not a second transfer.
    const other = await post('/wps/relay/walletTransfer', loner.token, { ...body, amount: 401 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');

    const back = await post('/wps/relay/walletTransfer', loner.token, {
      from: 'PG',
      to: 'MAIN',
      amount: 150,
      requestId: randomUUID(),
    });
    expect(back.json().value).toMatchObject({ fromBalance: 250, toBalance: 750 });

    const transfers = await t.db.query('select count(*)::int as n from ledger_transfers');
    const overdraft = await post('/wps/relay/walletTransfer', loner.token, {
      from: 'PG',
      to: 'MAIN',
      amount: 251,
      requestId: randomUUID(),
    });
    expect(overdraft.statusCode).toBe(409);
    expect(overdraft.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance.' });
    expect(await t.db.query('select count(*)::int as n from ledger_transfers')).toEqual(transfers);

    expect((await get('/wps/relay/vendorWallets', loner.token)).json().value).toEqual({
      isSingle: false,
      currency: 'BRL',
      currencySymbol: 'R$',
      main: 750,
      wallets: [{ vendor: 'PG', name: 'PG Soft', balance: 250 }],
    });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('names the field for a wallet that is not offered, the same wallet twice, or no main side', async () => {
    const cases = [
      [{ from: 'MAIN', to: 'JDB' }, 'to'], // offered in Mexico only
      [{ from: 'SORTE', to: 'MAIN' }, 'from'], // seamless: uses the main wallet itself
      [{ from: 'MAIN', to: 'MAIN' }, 'to'],
      [{ from: 'PG', to: 'JDB' }, 'to'],
    ] as const;
    for (const [wallets, field] of cases) {
      const res = await post('/wps/relay/walletTransfer', loner.token, {
        ...wallets,
        amount: 1,
        requestId: randomUUID(),
      });
      expect(res.statusCode, JSON.stringify(wallets)).toBe(400);
      expect(res.json().value.field).toBe(field);
    }
    const bad = await post('/wps/relay/walletTransfer', loner.token, {
      from: 'MAIN',
      to: 'PG',
      amount: 1.5,
      requestId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .value.issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['amount', 'requestId']);
  });

  it('refuses trial members', async () => {
    const res = await post('/wps/relay/walletTransfer', await trialToken(t.app), {
      from: 'MAIN',
      to: 'PG',
      amount: 1,
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NOT_ALLOWED');
  });
});

describe('transfer to upline', () => {
  it("moves money from the member's main wallet to their direct upline agent, once per requestId", async () => {
    await fund(t.app, ana.id, 5_000n);
    const agentBefore = await cashOf(t.app, agent.id);
    const body = { amount: 1_200, requestId: randomUUID() };
    const res = await post('/wps/relay/transferToUpline', ana.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      replayed: false,
      amount: 1_200,
      balance: 3_800,
      currency: 'BRL',
      to: { id: agent.id.toString(), account: 'agentetr1' },
    });
    const again = await post('/wps/relay/transferToUpline', ana.token, body);
    expect(again.json().value).toMatchObject({ replayed: true, balance: 3_800 });
    expect(await cashOf(t.app, agent.id)).toBe(agentBefore + 1_200n);
    const [transfer] = await t.db.query<{ kind: string }>('select kind from ledger_transfers where id = $1', [
      BigInt(res.json().value.transferId),
    ]);
    expect(transfer?.kind).toBe('member_transfer');
  });

  it('refuses a member without an upline, a trial member, and an overdraft (nothing written)', async () => {
    const none = await post('/wps/relay/transferToUpline', loner.token, {
      amount: 1,
      requestId: randomUUID(),
    });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'NO_UPLINE',
      message: 'You have no upline agent to transfer to.',
    });
    const pt = await post(
      '/wps/relay/transferToUpline',
      loner.token,
      { amount: 1, requestId: randomUUID() },
      'pt',
    );
    expect(pt.json().message).toBe('Você não tem um agente superior para quem transferir.');

    const trial = await post('/wps/relay/transferToUpline', await trialToken(t.app), {
      amount: 1,
      requestId: randomUUID(),
    });
    expect(trial.statusCode).toBe(403);
    expect(trial.json().code).toBe('TRIAL_NOT_ALLOWED');

    const before = await cashOf(t.app, bruno.id);
    const overdraft = await post('/wps/relay/transferToUpline', bruno.token, {
      amount: Number(before) + 1,
      requestId: randomUUID(),
    });
    expect(overdraft.statusCode).toBe(409);
    expect(overdraft.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await cashOf(t.app, bruno.id)).toBe(before);
  });

  it('asks for the payment password when the member has one, and makes guessers wait', async () => {
    await fund(t.app, bruno.id, 1_000n);
    await t.db.query('update members set payment_password_hash = $2 where id = $1', [
      bruno.id,
      await hashPassword('246810'),
    ]);
    const missing = await post('/wps/relay/transferToUpline', bruno.token, {
      amount: 10,
      requestId: randomUUID(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().value.field).toBe('paymentPassword');
    const ok = await post('/wps/relay/transferToUpline', bruno.token, {
      amount: 10,
      requestId: randomUUID(),
      paymentPassword: '246810',
    });
    expect(ok.statusCode, ok.body).toBe(200);

    for (let i = 0; i < PAYMENT_PASSWORD_ATTEMPTS; i++) {
      const wrong = await post('/wps/relay/transferToUpline', bruno.token, {
        amount: 10,
        requestId: randomUUID(),
        paymentPassword: '111111',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'paymentPassword: The payment password is not correct.',
        value: { field: 'paymentPassword' },
      });
    }
    const locked = await post('/wps/relay/transferToUpline', bruno.token, {
      amount: 10,
      requestId: randomUUID(),
      paymentPassword: '246810',
    });
    expect(locked.statusCode).toBe(429);
    expect(await cashOf(t.app, bruno.id)).toBe(990n);
  });
});

describe('transfer to downline', () => {
  it('lets an agent pay a direct downline, once per requestId', async () => {
    await fund(t.app, agent.id, 10_000n);
    const anaBefore = await cashOf(t.app, ana.id);
    const body = { downlineId: ana.id.toString(), amount: 2_500, requestId: randomUUID() };
    const res = await post('/wps/relay/transferToDownline', agent.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      replayed: false,
      to: { id: ana.id.toString(), account: 'anatr1' },
    });
    expect((await post('/wps/relay/transferToDownline', agent.token, body)).json().value.replayed).toBe(true);
    expect(await cashOf(t.app, ana.id)).toBe(anaBefore + 2_500n);
  });

  it('refuses anyone but a direct downline with the same 403, and non-agents, writing nothing', async () => {
    // Opened first: a free-play account starts with its play money, a transfer of its own.
    const trialMember = await trialToken(t.app);
    const before = await t.db.query('select count(*)::int as n from ledger_transfers');
    const attempt = (token: string, downlineId: bigint | string) =>
      post('/wps/relay/transferToDownline', token, {
        downlineId: downlineId.toString(),
        amount: 1,
        requestId: randomUUID(),
      });
    for (const target of [grandchild.id, loner.id, agent.id, '999999999']) {
      const res = await attempt(agent.token, target);
      expect(res.statusCode, String(target)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // A member is not an agent, even toward someone else's downline.
    const member = await attempt(bruno.token, ana.id);
    expect(member.statusCode).toBe(403);
    // The sub-agent may pay their own downline but not their upline's other downlines.
    expect((await attempt(subAgent.token, ana.id)).statusCode).toBe(403);
    const trial = await attempt(trialMember, ana.id);
    expect(trial.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect(await t.db.query('select count(*)::int as n from ledger_transfers')).toEqual(before);

    await fund(t.app, subAgent.id, 100n);
    expect((await attempt(subAgent.token, grandchild.id)).statusCode).toBe(200);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
