import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';
import { consoleKit, type SignedInOperator } from '../console/console-test-kit';
import { verifyLedger } from '../ledger/ledger-verify';
import { fund } from '../vendors/test-vendor-client';
import {
  balanceOf,
  bindPix,
  buildPaymentsApp,
  createDeposit,
  depositPaid,
  multipart,
  newMember,
  PAYMENT_PASSWORD,
  pngBytes,
  ROOT_OPERATOR_KEY,
  type TestMember,
} from './payments-test-kit';
import type { RiskFactsRow } from './withdrawal-risk.repository';
import { alertsOf } from './withdrawal-risk.service';

/**
 * The finance part of the operator console (issue 15): a withdrawal's risk facts, disputed
 * withdrawals settled by an operator (never paid twice), the deposits list, and manual credits of
 * paid-but-missed deposit orders with four eyes (credited once, whoever approves twice and whenever
 * the provider's webhook comes).
 */
let t: TestApp;
/** Operator keys: each its own operator name (four eyes tells them apart by name). */
const keys: Record<'a' | 'b' | 'c' | 'support', string> = { a: '', b: '', c: '', support: '' };
let mexicoFinance: SignedInOperator;

beforeAll(async () => {
  t = await buildPaymentsApp();
  keys.a = await createOperatorKey(t.db, 'fin-a', ['finance']);
  keys.b = await createOperatorKey(t.db, 'fin-b', ['finance']);
  keys.c = await createOperatorKey(t.db, 'fin-c', ['finance']);
  keys.support = await createOperatorKey(t.db, 'desk', ['support']);
  mexicoFinance = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['finance'], 'MX');
});
afterAll(() => t.app.close());

type As = keyof typeof keys | 'mexico';
const headersOf = (as: As) =>
  as === 'mexico' ? { cookie: mexicoFinance.cookie } : { 'x-operator-key': keys[as] };
const get = (url: string, as: As = 'a') => t.app.inject({ url, headers: headersOf(as) });
const post = (url: string, payload?: object, as: As = 'a') =>
  t.app.inject({ method: 'POST', url, headers: headersOf(as), ...(payload ? { payload } : {}) });

async function withdraw(member: TestMember, payeeId: string, amount: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/withdraw',
    headers: member.headers,
    payload: { payeeAccountId: payeeId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.withdrawalId;
}

const messagesOf = async (member: TestMember) =>
  (await t.app.inject({ url: '/wps/relay/messages', headers: member.headers })).json().value
    .content as Array<{ kind: string; body: string }>;

const count = async (sql: string, params: unknown[]) =>
  Number((await t.db.query<{ n: bigint }>(sql, params))[0]?.n ?? 0);

describe('risk facts', () => {
  it('sets the player deposits, withdrawals, play and shared account and addresses beside a withdrawal', async () => {
    const player = await newMember(t.app);
    const twin = await newMember(t.app);
    const mexican = await newMember(t.app, 'MX');
    const payee = `risk${randomUUID().slice(0, 8)}@exemplo.com`;
    await depositPaid(t.app, player, 30_000);
    const bound = await bindPix(t.app, player, payee, 'EMAIL');
    expect((await bindPix(t.app, twin, payee, 'EMAIL')).statusCode).toBe(200);
    const payeeId = bound.json().value.id;
    // An earlier withdrawal that left; then a round of play after the deposit.
    const earlier = await withdraw(player, payeeId, 5_000);
    expect((await post(`/ops/payments/withdrawals/${earlier}/approve`)).statusCode).toBe(200);
    await t.db.query(
      `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                  game_type, currency, stake, status)
       values ('house', $1, $2, $3, 1, 'HOUSE', 'dice', 'RNG', 'BRL', 12000, 'closed')`,
      [randomUUID(), player.id, String(player.id)],
    );
    // One address shared with another Brazilian player; a Mexican one there too counts for nothing here.
    for (const id of [player.id, twin.id, mexican.id])
      await t.db.query(`insert into member_known_ips (member_id, ip) values ($1, '203.0.113.77')`, [id]);
    const withdrawalId = await withdraw(player, payeeId, 25_000);

    const res = await get(`/ops/payments/withdrawals/${withdrawalId}/risk`);
    expect(res.statusCode, res.body).toBe(200);
    const [twinRow] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      twin.id,
    ]);
    expect(res.json().value).toEqual({
      withdrawalId,
      currency: 'BRL',
      deposits: { count: 1, total: 30_000 },
      withdrawals: { count: 1, total: 5_000 },
      withdrawRatio: 1,
      lastDeposit: { amount: 30_000, at: expect.any(String) },
      turnoverSinceLastDeposit: 12_000,
      sharedPayee: { players: 1, usernames: [twinRow?.username] },
      sharedIp: { players: 1, addresses: 1 },
      alerts: ['low_turnover', 'shared_payee', 'shared_ip'],
    });
    // The queue shows the same alerts on the row; an operator of another merchant cannot see it.
    const queue = (await get('/ops/payments/withdrawals?status=locked&pageSize=100')).json().value.content;
    expect(queue.find((w: { withdrawalId: string }) => w.withdrawalId === withdrawalId)?.riskAlerts).toEqual([
      'low_turnover',
      'shared_payee',
      'shared_ip',
    ]);
    expect((await get(`/ops/payments/withdrawals/${withdrawalId}/risk`, 'mexico')).statusCode).toBe(404);
  });

  it('flags a player who never deposited, and withdrawals of twice the deposits', async () => {
    const player = await newMember(t.app);
    await fund(t.app, player.id, 10_000n);
    const bound = await bindPix(t.app, player, `nodep${randomUUID().slice(0, 8)}@exemplo.com`, 'EMAIL');
    const withdrawalId = await withdraw(player, bound.json().value.id, 5_000);
    const facts = (await get(`/ops/payments/withdrawals/${withdrawalId}/risk`)).json().value;
    expect(facts).toMatchObject({ deposits: { count: 0, total: 0 }, withdrawRatio: null, lastDeposit: null });
    expect(facts.alerts).toEqual(['no_deposit']);

    const base: RiskFactsRow = {
      id: 1n,
      deposit_count: 1n,
      deposit_total: 10_000n,
      last_deposit_at: new Date(),
      last_deposit_amount: 10_000n,
      withdrawal_count: 1n,
      withdrawal_total: 9_999n,
      turnover: 10_000n,
      payee_players: 0n,
      payee_usernames: [],
      ip_players: 0n,
      ip_addresses: 0n,
    };
    expect(alertsOf(base, 10_000n)).toEqual([]);
    expect(alertsOf(base, 10_001n)).toEqual(['withdraw_ratio']);
  });
});

describe('disputed withdrawals', () => {
  /** A paid withdrawal of 10,000 the member then disputed: partly received 6,000, or not received. */
  async function disputed(state: 'partial' | 'not_received') {
    const member = await newMember(t.app);
    await depositPaid(t.app, member, 20_000);
    const bound = await bindPix(t.app, member, `disp${randomUUID().slice(0, 8)}@exemplo.com`, 'EMAIL');
    const withdrawalId = await withdraw(member, bound.json().value.id, 10_000);
    expect((await post(`/ops/payments/withdrawals/${withdrawalId}/approve`)).json().value.status).toBe(
      'paid',
    );
    const url = `/wps/relay/withdraw/orders/${withdrawalId}/confirmation`;
    const form = multipart({ state }, [
      { filename: 'a.png', bytes: pngBytes(500), contentType: 'image/png' },
    ]);
    const confirmed =
      state === 'partial'
        ? await t.app.inject({
            method: 'POST',
            url,
            headers: member.headers,
            payload: { state, receivedAmount: 6_000 },
          })
        : await t.app.inject({
            method: 'POST',
            url,
            headers: { ...member.headers, 'content-type': form.contentType },
            payload: form.payload,
          });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { member, withdrawalId };
  }
  const settle = (withdrawalId: string, resolution: string, reason = 'checked the proofs', as: As = 'a') =>
    post(`/ops/payments/withdrawals/${withdrawalId}/dispute`, { resolution, reason }, as);
  const payoutsOf = (withdrawalId: string) =>
    count('select count(*) as n from sandbox_payouts where withdrawal_no = $1', [`${withdrawalId}-R`]);

  it('lists open disputes; pays the missing amount again through the provider once, however often asked', async () => {
    const { member, withdrawalId } = await disputed('partial');
    const open = (await get('/ops/payments/withdrawals?dispute=open&pageSize=100')).json().value.content;
    expect(
      open.find((w: { withdrawalId: string }) => w.withdrawalId === withdrawalId)?.dispute,
    ).toMatchObject({
      state: 'open',
      amount: 4_000,
    });
    expect((await settle(withdrawalId, 'resent', 'x', 'mexico')).statusCode).toBe(404);

    const res = await settle(withdrawalId, 'resent');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.dispute).toMatchObject({
      state: 'resent',
      amount: 4_000,
      operator: 'fin-a',
      paidAt: expect.any(String),
      payoutFailed: false,
    });
    expect((await settle(withdrawalId, 'resent')).statusCode).toBe(200);
    expect(await payoutsOf(withdrawalId)).toBe(1);
    const [payout] = await t.db.query<{ amount: bigint }>(
      'select amount from sandbox_payouts where withdrawal_no = $1',
      [`${withdrawalId}-R`],
    );
    expect(payout?.amount).toBe(4_000n);
    const returned = await settle(withdrawalId, 'returned');
    expect(returned.statusCode).toBe(409);
    expect(returned.json().code).toBe('DISPUTE_NOT_OPEN');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(10_000n);
    expect((await messagesOf(member)).filter((m) => m.kind === 'withdrawalDisputeResent')).toHaveLength(1);
    const closed = (await get('/ops/payments/withdrawals?dispute=open&pageSize=100')).json().value.content;
    expect(closed.map((w: { withdrawalId: string }) => w.withdrawalId)).not.toContain(withdrawalId);
    const resolved = (await get('/ops/payments/withdrawals?dispute=resolved&pageSize=100')).json().value
      .content;
    expect(resolved.map((w: { withdrawalId: string }) => w.withdrawalId)).toContain(withdrawalId);
  });

  it('returns the amount to the balance, or rejects the dispute with a reason the member reads; one way only', async () => {
    const lost = await disputed('not_received');
    // Two operators at once, each another way: exactly one settles it.
    const race = await Promise.all([
      settle(lost.withdrawalId, 'returned'),
      settle(lost.withdrawalId, 'resent'),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = race.find((r) => r.statusCode === 200)?.json().value.dispute.state;
    const cash = await balanceOf(t.app, lost.member.id, 'cash');
    expect(cash).toBe(won === 'returned' ? 20_000n : 10_000n);
    expect(await payoutsOf(lost.withdrawalId)).toBe(won === 'returned' ? 0 : 1);
    expect((await settle(lost.withdrawalId, won)).statusCode).toBe(200);
    expect(await balanceOf(t.app, lost.member.id, 'cash')).toBe(cash);
    // The member can no longer change their word on it.
    const mine = await t.app.inject({
      url: `/wps/relay/withdraw/orders/${lost.withdrawalId}`,
      headers: lost.member.headers,
    });
    expect(mine.json().value.allowedConfirmations).toEqual([]);

    const complete = await disputed('partial');
    const rejected = await settle(
      complete.withdrawalId,
      'rejected',
      'The bank statement shows R$ 100,00 paid',
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value.dispute).toMatchObject({ state: 'rejected', operator: 'fin-a' });
    expect(await balanceOf(t.app, complete.member.id, 'cash')).toBe(10_000n);
    const message = (await messagesOf(complete.member)).find((m) => m.kind === 'withdrawalDisputeRejected');
    expect(message?.body).toContain('The bank statement shows R$ 100,00 paid');
    expect((await settle(complete.withdrawalId, 'returned')).statusCode).toBe(409);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('refuses bad input and withdrawals that are not disputed, writing nothing', async () => {
    const { withdrawalId } = await disputed('partial');
    const bad = await settle(withdrawalId, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/resolution/);
    expect((await settle(withdrawalId, 'rejected', '   ')).statusCode).toBe(400);
    expect(
      (await post('/ops/payments/withdrawals/nope/dispute', { resolution: 'rejected', reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await get(`/ops/payments/withdrawals/${withdrawalId}`)).json().value.dispute.state).toBe('open');
    const member = await newMember(t.app);
    await depositPaid(t.app, member, 5_000);
    const bound = await bindPix(t.app, member, `nodisp${randomUUID().slice(0, 8)}@exemplo.com`, 'EMAIL');
    const pending = await withdraw(member, bound.json().value.id, 2_000);
    expect((await settle(pending, 'returned')).json().code).toBe('DISPUTE_NOT_OPEN');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(3_000n);
  });
});

describe('deposits', () => {
  const depositsOf = async (query: string, as: As = 'a') => {
    const res = await get(`/ops/payments/deposits?${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { total: number; content: Array<Record<string, unknown>> };
  };
  const usernameOf = async (member: TestMember) =>
    (await t.db.query<{ username: string }>('select username from members where id = $1', [member.id]))[0]
      ?.username as string;

  it('lists orders by status, channel, player and time, scoped to the operator merchant, with provider events', async () => {
    const member = await newMember(t.app);
    const username = await usernameOf(member);
    const paid = await depositPaid(t.app, member, 5_000);
    const waiting = await createDeposit(t.app, member, 'PIX', 6_000);
    const failed = await createDeposit(t.app, member, 'PIX', 7_000);
    await t.app.paymentsSandbox.fail(failed.orderId);

    const all = await depositsOf(`username=${username.toUpperCase()}`);
    expect(all.content.map((d) => [d.orderId, d.status])).toEqual([
      [failed.orderId, 'failed'],
      [waiting.orderId, 'pending'],
      [paid.orderId, 'paid'],
    ]);
    expect(all.content[2]).toMatchObject({
      username,
      merchantCode: 'BR',
      amount: 5_000,
      creditedBy: 'provider',
    });
    expect((await depositsOf(`username=${username}&status=pending`)).content.map((d) => d.orderId)).toEqual([
      waiting.orderId,
    ]);
    expect((await depositsOf(`username=${username}&channel=SPEI`)).total).toBe(0);
    expect((await depositsOf(`username=${username}&merchantCode=MX`)).total).toBe(0);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    expect((await depositsOf(`username=${username}&from=${encodeURIComponent(soon)}`)).total).toBe(0);
    expect((await depositsOf(`username=${username}&to=${encodeURIComponent(soon)}`)).total).toBe(3);
    // Scoped to Mexico: Brazil's orders are not there, and one of them reads as unknown.
    expect((await depositsOf(`username=${username}`, 'mexico')).total).toBe(0);
    expect((await depositsOf('pageSize=100', 'mexico')).content.every((d) => d.merchantCode === 'MX')).toBe(
      true,
    );
    expect((await get(`/ops/payments/deposits/${paid.orderId}`, 'mexico')).statusCode).toBe(404);

    const detail = (await get(`/ops/payments/deposits/${paid.orderId}`)).json().value;
    expect(detail.events).toEqual([
      expect.objectContaining({
        type: 'payment.paid',
        outcome: 'credited',
        eventId: expect.stringMatching(/^evt_/),
      }),
    ]);
    expect(detail.manualCredits).toEqual([]);
    // Support reads them but cannot ask for a credit.
    expect((await get(`/ops/payments/deposits/${paid.orderId}`, 'support')).statusCode).toBe(200);
    expect(
      (
        await post(
          `/ops/payments/deposits/${waiting.orderId}/manual-credits`,
          { reason: 'paid at the bank', requestId: randomUUID() },
          'support',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
      ['status=lost', 'status'],
      ['merchantCode=XX', 'merchantCode'],
      ['pageSize=1000', 'pageSize'],
    ]) {
      const res = await get(`/ops/payments/deposits?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
    expect((await get('/ops/payments/deposits/D123')).statusCode).toBe(400);
  });
});

describe('manual credit of a paid-but-missed deposit (four eyes)', () => {
  const credits = (orderId: string) => `/ops/payments/deposits/${orderId}/manual-credits`;
  const ask = (orderId: string, as: As = 'a', reason = 'PSP statement line 42 shows it paid') =>
    post(credits(orderId), { reason, requestId: randomUUID() }, as);

  /** An order whose time ran out before the provider's "paid" arrived: the platform refused it. */
  async function missedOrder(member: TestMember, amount: number) {
    const order = await createDeposit(t.app, member, 'PIX', amount);
    await t.app.paymentsSandbox.expire(order.orderId);
    const late = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid');
    expect((await t.app.paymentsSandbox.deliver(late.body, late.signature)).statusCode).toBe(409);
    return order.orderId;
  }

  it('credits once after a second operator approves; a repeat or a late provider callback credits nothing', async () => {
    const member = await newMember(t.app);
    const orderId = await missedOrder(member, 8_000);
    expect((await get(`/ops/payments/deposits/${orderId}`)).json().value.events).toEqual([
      expect.objectContaining({ type: 'payment.expired', outcome: 'expired' }),
      expect.objectContaining({ type: 'payment.paid', outcome: 'order_not_pending' }),
    ]);

    const asked = await ask(orderId);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().value).toMatchObject({ status: 'expired', manualCreditPending: true });
    const creditId = asked.json().value.manualCredits[0].id;
    expect((await ask(orderId, 'b')).json().code).toBe('MANUAL_CREDIT_PENDING');
    const pending = await get('/ops/payments/deposits?manualCredit=pending&pageSize=100');
    expect(pending.json().value.content.map((d: { orderId: string }) => d.orderId)).toContain(orderId);

    const own = await post(`${credits(orderId)}/${creditId}/approve`);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('MANUAL_CREDIT_OWN_REQUEST');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(0n);
    expect((await post(`${credits(orderId)}/${creditId}/approve`, undefined, 'mexico')).statusCode).toBe(404);

    // Two other operators at once: one credits, the other finds it decided.
    const both = await Promise.all([
      post(`${credits(orderId)}/${creditId}/approve`, undefined, 'b'),
      post(`${credits(orderId)}/${creditId}/approve`, undefined, 'c'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const approved = both.find((r) => r.statusCode === 200)?.json().value;
    expect(approved).toMatchObject({ status: 'paid', creditedBy: 'manual', manualCreditPending: false });
    expect(approved.manualCredits[0]).toMatchObject({ status: 'applied', requestedBy: 'fin-a' });
    const approver = approved.manualCredits[0].decidedBy === 'fin-b' ? 'b' : 'c';
    expect((await post(`${credits(orderId)}/${creditId}/approve`, undefined, approver)).statusCode).toBe(200);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(8_000n);

    // The provider sends its "paid" again later: the order is paid, nothing more is credited.
    const again = await t.app.paymentsSandbox.signedEvent(orderId, 'payment.paid');
    const answer = await t.app.paymentsSandbox.deliver(again.body, again.signature);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(JSON.parse(answer.body).value.outcome).toBe('already_paid');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(8_000n);
    expect((await messagesOf(member)).filter((m) => m.kind === 'depositCredited')).toHaveLength(1);
    expect((await ask(orderId, 'b')).json().code).toBe('DEPOSIT_ALREADY_PAID');
    expect(
      await count("select count(*) as n from ledger_transfers where idempotency_key = 'deposit:' || $1", [
        orderId,
      ]),
    ).toBe(1);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('leaves nothing to approve when the provider credits first, and can be rejected', async () => {
    const member = await newMember(t.app);
    const order = await createDeposit(t.app, member, 'PIX', 3_000);
    const creditId = (await ask(order.orderId)).json().value.manualCredits[0].id;
    expect((await t.app.paymentsSandbox.pay(order.orderId)).statusCode).toBe(200);
    const late = await post(`${credits(order.orderId)}/${creditId}/approve`, undefined, 'b');
    expect(late.json().code).toBe('MANUAL_CREDIT_NOT_PENDING');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(3_000n);

    const missed = await missedOrder(member, 4_000);
    const second = (await ask(missed)).json().value.manualCredits[0].id;
    const rejected = await post(
      `${credits(missed)}/${second}/reject`,
      { reason: 'not on the statement' },
      'b',
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value.manualCredits[0]).toMatchObject({
      status: 'rejected',
      decidedBy: 'fin-b',
      decisionReason: 'not on the statement',
    });
    expect((await post(`${credits(missed)}/${second}/approve`, undefined, 'b')).statusCode).toBe(409);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(3_000n);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const member = await newMember(t.app);
    const orderId = await missedOrder(member, 2_000);
    const short = await post(credits(orderId), { reason: 'x', requestId: randomUUID() });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('reason');
    expect((await post(credits(orderId), { reason: 'paid at the bank', requestId: 'no' })).statusCode).toBe(
      400,
    );
    expect((await post(`${credits(orderId)}/abc/approve`, undefined, 'b')).statusCode).toBe(400);
    expect((await post(`${credits(orderId)}/999999/approve`, undefined, 'b')).statusCode).toBe(404);
    expect(
      (await post(`${credits('DAAAAAAAAAAAAAAAA')}`, { reason: 'paid at the bank', requestId: randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect(
      await count(
        'select count(*) as n from deposit_manual_credits c join deposit_orders o on o.id = c.order_id where o.order_no = $1',
        [orderId],
      ),
    ).toBe(0);
  });
});
