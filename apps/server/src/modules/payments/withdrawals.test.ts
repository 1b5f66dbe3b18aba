import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';
import { verifyLedger } from '../ledger/ledger-verify';
import { PaymentsRepository } from './payments.repository';
import {
  balanceOf,
  bindPix,
  buildPaymentsApp,
  depositPaid,
  jpegBytes,
  multipart,
  newMember,
  PAYMENT_PASSWORD,
  pngBytes,
  ROOT_OPERATOR_KEY,
  spyEvents,
  type TestMember,
} from './payments-test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(() => t.app.close());

const withdraw = (
  member: TestMember,
  payeeAccountId: string,
  amount: number,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/withdraw',
    headers: member.headers,
    payload: { payeeAccountId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID(), ...extra },
  });

const ops = (action: 'approve' | 'reject', withdrawalId: string, key = ROOT_OPERATOR_KEY, reason?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/payments/withdrawals/${withdrawalId}/${action}`,
    headers: { 'x-operator-key': key },
    ...(action === 'reject'
      ? { payload: { reason: reason ?? 'The PIX key does not belong to the account holder.' } }
      : {}),
  });

const messageKinds = async (member: TestMember) =>
  (await t.app.inject({ url: '/wps/relay/messages', headers: member.headers }))
    .json()
    .value.content.map((m: { kind: string }) => m.kind);

/** A member with `cash` centavos deposited through the sandbox and one bound PIX account. */
async function memberWithAccount(cash: number): Promise<{ member: TestMember; payeeId: string }> {
  const member = await newMember(t.app);
  if (cash > 0) await depositPaid(t.app, member, cash);
  const bound = await bindPix(t.app, member);
  expect(bound.statusCode, bound.body).toBe(200);
  return { member, payeeId: bound.json().value.id };
}

const confirm = (member: TestMember, withdrawalId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/wps/relay/withdraw/orders/${withdrawalId}/confirmation`,
    headers: member.headers,
    payload,
  });

const confirmMultipart = (member: TestMember, withdrawalId: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: `/wps/relay/withdraw/orders/${withdrawalId}/confirmation`,
    headers: { ...member.headers, 'content-type': form.contentType },
    payload: form.payload,
  });

/** A member with a withdrawal of R$ 100 that the operator approved and the sandbox paid. */
async function paidWithdrawal() {
  const { member, payeeId } = await memberWithAccount(20_000);
  const res = await withdraw(member, payeeId, 10_000);
  const withdrawalId = res.json().value.withdrawalId as string;
  expect((await ops('approve', withdrawalId)).statusCode).toBe(200);
  return { member, payeeId, withdrawalId };
}

describe('payee accounts', () => {
  it('binds a PIX key, the first bind setting the payment password', async () => {
    const member = await newMember(t.app);
    const before = (await t.app.inject({ url: '/wps/relay/payeeAccounts', headers: member.headers })).json()
      .value;
    expect(before).toEqual({ accounts: [], hasPaymentPassword: false, limit: 5 });
    const weak = await bindPix(t.app, member, '529.982.247-25', 'CPF', '111111');
    expect(weak.json().code).toBe('PAYMENT_PASSWORD_WEAK');
    expect((await bindPix(t.app, member, '529.982.247-25', 'CPF', '123456')).json().code).toBe(
      'PAYMENT_PASSWORD_WEAK',
    );
    const res = await bindPix(t.app, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      channel: 'PIX',
      type: 'CPF',
      maskedValue: '***.982.247-**',
      holderName: 'Ana Souza',
      status: 'bound',
      confirmedAt: null,
    });
    const after = (await t.app.inject({ url: '/wps/relay/payeeAccounts', headers: member.headers })).json()
      .value;
    expect(after.hasPaymentPassword).toBe(true);
    // From now on the password is checked, not set.
    const wrong = await bindPix(t.app, member, 'ana@exemplo.com', 'EMAIL', '240518');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    expect((await bindPix(t.app, member, 'Ana@Exemplo.com', 'EMAIL')).json().value.maskedValue).toBe(
      'an***@exemplo.com',
    );
    expect((await bindPix(t.app, member, 'ana@exemplo.com', 'EMAIL')).json().code).toBe(
      'PAYEE_ACCOUNT_EXISTS',
    );
  });

  it('checks the value of each account type', async () => {
    const member = await newMember(t.app);
    const codeOf = async (value: string, type: string) =>
      (await bindPix(t.app, member, value, type)).json().code;
    expect(await codeOf('529.982.247-24', 'CPF')).toBe('INVALID_CPF');
    expect(await codeOf('111.111.111-11', 'CPF')).toBe('INVALID_CPF');
    expect(await codeOf('ana@', 'EMAIL')).toBe('INVALID_PIX_KEY');
    expect(await codeOf('+1 415 555 2671', 'PHONE')).toBe('INVALID_PIX_KEY');
    expect(await codeOf('not-a-uuid', 'EVP')).toBe('INVALID_PIX_KEY');
    expect(await codeOf('032180000118359719', 'CLABE')).toBe('PAYEE_TYPE_MISMATCH');
    expect((await bindPix(t.app, member, '(11) 98765-4321', 'PHONE')).json().value.maskedValue).toBe(
      '+5511*****4321',
    );

    const mx = await newMember(t.app, 'MX');
    const spei = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/payeeAccounts',
        headers: mx.headers,
        payload: {
          channel: 'SPEI',
          type: 'CLABE',
          value,
          holderName: 'José Pérez',
          paymentPassword: PAYMENT_PASSWORD,
        },
      });
    expect((await spei('032180000118359710')).json().code).toBe('INVALID_CLABE');
    expect((await spei('032180000118359719')).json().value).toMatchObject({
      type: 'CLABE',
      maskedValue: '032180********9719',
    });
    // A Mexican member has no PIX.
    expect((await bindPix(t.app, mx)).json().code).toBe('PAYMENT_CHANNEL_UNAVAILABLE');

    const bd = await newMember(t.app, 'BD');
    const wallet = (channel: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/payeeAccounts',
        headers: bd.headers,
        payload: {
          channel,
          type: 'WALLET',
          value,
          holderName: 'Rahim Uddin',
          paymentPassword: PAYMENT_PASSWORD,
        },
      });
    expect((await wallet('BKASH', '01212345678')).json().code).toBe('INVALID_WALLET_NUMBER');
    expect((await wallet('BKASH', '+880 1712-345678')).statusCode).toBe(200);
    expect((await wallet('NAGAD', '01712345678')).statusCode).toBe(200);
  });

  it('locks the payment password after 5 wrong tries', async () => {
    const member = await newMember(t.app);
    await bindPix(t.app, member);
    for (let i = 0; i < 5; i++)
      expect((await bindPix(t.app, member, 'x@exemplo.com', 'EMAIL', '975310')).json().code).toBe(
        'PAYMENT_PASSWORD_INVALID',
      );
    const locked = await bindPix(t.app, member, 'x@exemplo.com', 'EMAIL');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
  });

  it('changes and unbinds a bound account, never another member’s', async () => {
    const { member, payeeId } = await memberWithAccount(0);
    const other = await newMember(t.app);
    const update = (who: TestMember, value: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/wps/relay/payeeAccounts/${payeeId}`,
        headers: who.headers,
        payload: { type: 'EMAIL', value, holderName: 'Ana Souza', paymentPassword: PAYMENT_PASSWORD },
      });
    expect((await update(other, 'b@exemplo.com')).statusCode).toBe(404);
    const changed = await update(member, 'ana.nova@exemplo.com');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({
      type: 'EMAIL',
      maskedValue: 'an***@exemplo.com',
      status: 'bound',
    });
    const unbind = (who: TestMember) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/relay/payeeAccounts/${payeeId}/unbind`,
        headers: who.headers,
        payload: { paymentPassword: PAYMENT_PASSWORD },
      });
    expect((await unbind(other)).statusCode).toBe(404);
    expect((await unbind(member)).statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/wps/relay/payeeAccounts', headers: member.headers })).json()
      .value;
    expect(list.accounts).toEqual([]);
  });

  it('refuses to change or unbind an account with a withdrawal in progress', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    expect((await withdraw(member, payeeId, 2_000)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/wps/relay/payeeAccounts/${payeeId}/unbind`,
      headers: member.headers,
      payload: { paymentPassword: PAYMENT_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYEE_ACCOUNT_IN_USE');
  });

  it('confirms an account at its first payout, after which it can never change or be unbound', async () => {
    const { member, payeeId } = await paidWithdrawal();
    const list = (await t.app.inject({ url: '/wps/relay/payeeAccounts', headers: member.headers })).json()
      .value;
    expect(list.accounts[0]).toMatchObject({ id: payeeId, status: 'confirmed' });
    expect(list.accounts[0].confirmedAt).not.toBeNull();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/wps/relay/payeeAccounts/${payeeId}`,
      headers: member.headers,
      payload: {
        type: 'EMAIL',
        value: 'outro@exemplo.com',
        holderName: 'Ana Souza',
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject({
      code: 'PAYEE_ACCOUNT_CONFIRMED',
      message: 'This account has been confirmed and can no longer be changed or unlinked.',
    });
    const unbind = await t.app.inject({
      method: 'POST',
      url: `/wps/relay/payeeAccounts/${payeeId}/unbind`,
      headers: { ...member.headers, lang: 'pt' },
      payload: { paymentPassword: PAYMENT_PASSWORD },
    });
    expect(unbind.statusCode).toBe(409);
    expect(unbind.json().message).toBe(
      'Esta conta foi confirmada e não pode mais ser alterada ou desvinculada.',
    );
    // Even the database function refuses, whatever a caller skips.
    const repo = new PaymentsRepository(t.db);
    expect(await repo.changePayee({ id: BigInt(payeeId), memberId: member.id, action: 'unbind' })).toBe(
      'confirmed',
    );
  });
});

describe('withdrawals', () => {
  it('locks the amount at once: cash → locked, with a live event', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const events = spyEvents(t.app);
    const res = await withdraw(member, payeeId, 2_000);
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json().value;
    expect(w).toMatchObject({
      amount: 2_000,
      currency: 'BRL',
      status: 'locked',
      channel: 'PIX',
      accountType: 'CPF',
      maskedAccount: '***.982.247-**',
      confirmation: null,
      allowedConfirmations: [],
    });
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(3_000n);
    expect(await balanceOf(t.app, member.id, 'locked')).toBe(2_000n);
    expect(events).toHaveBeenCalledWith(member.id, {
      type: 'withdrawal',
      withdrawalId: w.withdrawalId,
      status: 'locked',
      confirmation: null,
    });
    events.mockRestore();
  });

  it('checks limits, the payment password and the balance', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    expect((await withdraw(member, payeeId, 999)).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await withdraw(member, payeeId, 2_000, { paymentPassword: '000001' })).json().code).toBe(
      'PAYMENT_PASSWORD_INVALID',
    );
    const tooMuch = await withdraw(member, payeeId, 5_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(5_000n);
    const [none] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from withdrawals where member_id = $1',
      [member.id],
    );
    expect(none?.n).toBe(0n);
  });

  it('is idempotent on the request id: a retry finds the first withdrawal and locks nothing more', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(member, payeeId, 2_000, { requestId })),
    );
    const ids = new Set(answers.map((a) => a.json().value.withdrawalId));
    expect(ids.size).toBe(1);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(3_000n);
    const other = await withdraw(member, payeeId, 2_500, { requestId });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('locks only what fits when 20 withdrawals race over R$ 55', async () => {
    const { member, payeeId } = await memberWithAccount(5_500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(member, payeeId, 1_000)));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(5);
    expect(codes.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(15);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(500n);
    expect(await balanceOf(t.app, member.id, 'locked')).toBe(5_000n);
    const list = (
      await t.app.inject({ url: '/wps/relay/withdraw/orders?pageSize=50', headers: member.headers })
    ).json().value;
    expect(list.total).toBe(5);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('never shows or confirms another member’s withdrawal', async () => {
    const { withdrawalId } = await paidWithdrawal();
    const other = await newMember(t.app);
    expect(
      (await t.app.inject({ url: `/wps/relay/withdraw/orders/${withdrawalId}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect((await confirm(other, withdrawalId, { state: 'received' })).statusCode).toBe(404);
    const list = (await t.app.inject({ url: '/wps/relay/withdraw/orders', headers: other.headers })).json()
      .value;
    expect(list.total).toBe(0);
    // A payee account of someone else cannot be withdrawn to.
    const mine = await memberWithAccount(5_000);
    const foreign = await memberWithAccount(0);
    expect((await withdraw(mine.member, foreign.payeeId, 2_000)).statusCode).toBe(404);
  });
});

describe('operator decisions', () => {
  it('needs an operator key with the payments role', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const id = (await withdraw(member, payeeId, 2_000)).json().value.withdrawalId;
    const support = await createOperatorKey(t.db, 'support-desk', ['support']);
    const payments = await createOperatorKey(t.db, 'payments-desk', ['payments']);
    expect(
      (await t.app.inject({ method: 'POST', url: `/ops/payments/withdrawals/${id}/approve` })).statusCode,
    ).toBe(401);
    expect((await ops('approve', id, 'not-a-key')).statusCode).toBe(403);
    expect((await ops('approve', id, support)).statusCode).toBe(403);
    expect((await ops('reject', id, support)).statusCode).toBe(403);
    const approved = await ops('approve', id, payments);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ operator: 'payments-desk', status: 'paid' });
    // Members' tokens are not operator keys.
    expect(
      (await t.app.inject({ url: '/ops/payments/withdrawals', headers: member.headers })).statusCode,
    ).toBe(401);
  });

  it('approves: locked → provider clearing, paid by the sandbox, once, with a message', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const id = (await withdraw(member, payeeId, 2_000)).json().value.withdrawalId;
    const events = spyEvents(t.app);
    const first = await ops('approve', id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      status: 'paid',
      operator: 'root',
      accountValue: '52998224725',
    });
    expect(first.json().value.providerReference).toMatch(/^sbx_/);
    expect(first.json().value.allowedConfirmations).toEqual(['received', 'partial', 'not_received']);
    expect(await balanceOf(t.app, member.id, 'locked')).toBe(0n);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(3_000n);
    const again = await Promise.all([ops('approve', id), ops('approve', id)]);
    expect(again.map((a) => a.json().value.status)).toEqual(['paid', 'paid']);
    const [transfers] = await t.db.query<{ n: bigint }>(
      "select count(*) as n from ledger_transfers where idempotency_key like 'withdrawal:' || $1 || ':%'",
      [id],
    );
    expect(transfers?.n).toBe(2n); // the lock and the payout
    const [payouts] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from sandbox_payouts where withdrawal_no = $1',
      [id],
    );
    expect(payouts?.n).toBe(1n);
    expect((await messageKinds(member)).filter((k: string) => k === 'withdrawalApproved')).toHaveLength(1);
    expect(events).toHaveBeenCalledWith(member.id, {
      type: 'withdrawal',
      withdrawalId: id,
      status: 'paid',
      confirmation: null,
    });
    events.mockRestore();
    const reject = await ops('reject', id);
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe('WITHDRAWAL_STATE_CONFLICT');
  });

  it('rejects: locked → cash, once, with the reason in the message', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const id = (await withdraw(member, payeeId, 2_000)).json().value.withdrawalId;
    const rejected = await ops('reject', id, ROOT_OPERATOR_KEY, 'Name does not match the account holder.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      reason: 'Name does not match the account holder.',
    });
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(5_000n);
    expect(await balanceOf(t.app, member.id, 'locked')).toBe(0n);
    expect((await ops('reject', id)).statusCode).toBe(200);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(5_000n);
    const messages = (await t.app.inject({ url: '/wps/relay/messages', headers: member.headers })).json()
      .value.content;
    expect(messages.filter((m: { kind: string }) => m.kind === 'withdrawalRejected')).toHaveLength(1);
    expect(messages[0].body).toContain('Name does not match the account holder.');
    expect((await ops('approve', id)).json().code).toBe('WITHDRAWAL_STATE_CONFLICT');
    const member404 = await ops('approve', 'WAAAAAAAAAAAAAAAA');
    expect(member404.statusCode).toBe(404);
    // The account was not paid into, so it stays changeable.
    const list = (await t.app.inject({ url: '/wps/relay/payeeAccounts', headers: member.headers })).json()
      .value;
    expect(list.accounts[0].status).toBe('bound');
  });

  it('lists withdrawals by status for operators', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const id = (await withdraw(member, payeeId, 2_000)).json().value.withdrawalId;
    const res = await t.app.inject({
      url: '/ops/payments/withdrawals?status=locked&pageSize=100',
      headers: { 'x-operator-key': ROOT_OPERATOR_KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.content.map((w: { withdrawalId: string }) => w.withdrawalId)).toContain(id);
    expect(res.json().value.content.every((w: { status: string }) => w.status === 'locked')).toBe(true);
  });
});

describe('withdrawal confirmation', () => {
  it('records received', async () => {
    const { member, withdrawalId } = await paidWithdrawal();
    const res = await confirm(member, withdrawalId, { state: 'received' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      confirmation: 'received',
      receivedAmount: 10_000,
      remainderAmount: 0,
      allowedConfirmations: [],
      confirmDeadline: null,
    });
    expect((await confirm(member, withdrawalId, { state: 'all_received' })).json().code).toBe(
      'CONFIRMATION_NOT_ALLOWED',
    );
  });

  it('records partly received with the remainder, then all received', async () => {
    const { member, withdrawalId } = await paidWithdrawal();
    expect((await confirm(member, withdrawalId, { state: 'partial' })).json().code).toBe(
      'RECEIVED_AMOUNT_INVALID',
    );
    expect(
      (await confirm(member, withdrawalId, { state: 'partial', receivedAmount: 10_000 })).json().code,
    ).toBe('RECEIVED_AMOUNT_INVALID');
    const form = multipart({ state: 'partial', receivedAmount: '6000' }, [
      { filename: 'extrato.png', bytes: pngBytes(), contentType: 'image/png' },
    ]);
    const partial = await confirmMultipart(member, withdrawalId, form);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().value).toMatchObject({
      confirmation: 'partial',
      receivedAmount: 6_000,
      remainderAmount: 4_000,
      proofCount: 1,
      allowedConfirmations: ['all_received'],
    });
    const all = await confirm(member, withdrawalId, { state: 'all_received' });
    expect(all.json().value).toMatchObject({
      confirmation: 'all_received',
      receivedAmount: 10_000,
      remainderAmount: 0,
    });
  });

  it('needs a proof for not received, and keeps the images as files with metadata', async () => {
    const { member, withdrawalId } = await paidWithdrawal();
    const none = await confirm(member, withdrawalId, { state: 'not_received' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('PROOF_REQUIRED');
    const form = multipart({ state: 'not_received' }, [
      { filename: 'a.png', bytes: pngBytes(1_000), contentType: 'image/png' },
      { filename: 'b.jpg', bytes: jpegBytes(2_000), contentType: 'image/jpeg' },
    ]);
    const res = await confirmMultipart(member, withdrawalId, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      confirmation: 'not_received',
      receivedAmount: 0,
      remainderAmount: 10_000,
      proofCount: 2,
      allowedConfirmations: ['partial', 'all_received'],
    });
    const detail = (
      await t.app.inject({
        url: `/ops/payments/withdrawals/${withdrawalId}`,
        headers: { 'x-operator-key': ROOT_OPERATOR_KEY },
      })
    ).json().value;
    expect(
      detail.proofs.map((p: { contentType: string; sizeBytes: number }) => [p.contentType, p.sizeBytes]),
    ).toEqual([
      ['image/png', 1_000],
      ['image/jpeg', 2_000],
    ]);
    const image = await t.app.inject({
      url: `/ops/payments/withdrawals/${withdrawalId}/proofs/${detail.proofs[1].id}`,
      headers: { 'x-operator-key': ROOT_OPERATOR_KEY },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpegBytes(2_000))).toBe(true);
    const files = readdirSync(join(t.config.dataDir, 'uploads', 'withdrawal-proofs'));
    expect(files.every((f) => /^[0-9a-f]{32}\.(png|jpg)$/.test(f))).toBe(true);
  });

  it('refuses a too big image, a non-image named .png and a fourth image', async () => {
    const { member, withdrawalId } = await paidWithdrawal();
    const big = await confirmMultipart(
      member,
      withdrawalId,
      multipart({ state: 'not_received' }, [
        { filename: 'big.png', bytes: pngBytes(5 * 1024 * 1024 + 1), contentType: 'image/png' },
      ]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PROOF_TOO_LARGE', message: 'Each image may be at most 5 MB.' });
    const exactly5Mb = await confirmMultipart(
      member,
      withdrawalId,
      multipart({ state: 'not_received' }, [
        { filename: 'max.jpg', bytes: jpegBytes(5 * 1024 * 1024), contentType: 'image/jpeg' },
      ]),
    );
    expect(exactly5Mb.statusCode, exactly5Mb.body).toBe(200);

    const other = await paidWithdrawal();
    const disguised = await confirmMultipart(
      other.member,
      other.withdrawalId,
      multipart({ state: 'not_received' }, [
        {
          filename: 'proof.png',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          contentType: 'image/png',
        },
      ]),
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('PROOF_NOT_IMAGE');
    const gif = await confirmMultipart(
      other.member,
      other.withdrawalId,
      multipart({ state: 'not_received' }, [
        { filename: 'proof.jpg', bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), contentType: 'image/jpeg' },
      ]),
    );
    expect(gif.json().code).toBe('PROOF_NOT_IMAGE');
    const four = await confirmMultipart(
      other.member,
      other.withdrawalId,
      multipart(
        { state: 'not_received' },
        Array.from({ length: 4 }, (_, i) => ({
          filename: `p${i}.png`,
          bytes: pngBytes(),
          contentType: 'image/png',
        })),
      ),
    );
    expect(four.statusCode).toBe(400);
    expect(four.json()).toMatchObject({
      code: 'PROOF_TOO_MANY',
      message: 'At most 3 images can be uploaded.',
    });
    const five = await confirmMultipart(
      other.member,
      other.withdrawalId,
      multipart(
        { state: 'not_received' },
        Array.from({ length: 5 }, (_, i) => ({
          filename: `p${i}.png`,
          bytes: pngBytes(),
          contentType: 'image/png',
        })),
      ),
    );
    expect(five.json().code).toBe('PROOF_TOO_MANY');
    // Nothing was recorded by the refused uploads.
    const w = (
      await t.app.inject({
        url: `/wps/relay/withdraw/orders/${other.withdrawalId}`,
        headers: other.member.headers,
      })
    ).json().value;
    expect(w).toMatchObject({ confirmation: null, proofCount: 0 });
    // Three across two confirmations at most.
    const two = multipart({ state: 'not_received' }, [
      { filename: 'a.png', bytes: pngBytes(), contentType: 'image/png' },
      { filename: 'b.png', bytes: pngBytes(), contentType: 'image/png' },
    ]);
    expect((await confirmMultipart(other.member, other.withdrawalId, two)).statusCode).toBe(200);
    const twoMore = multipart({ state: 'partial', receivedAmount: '100' }, [
      { filename: 'c.png', bytes: pngBytes(), contentType: 'image/png' },
      { filename: 'd.png', bytes: pngBytes(), contentType: 'image/png' },
    ]);
    expect((await confirmMultipart(other.member, other.withdrawalId, twoMore)).json().code).toBe(
      'PROOF_TOO_MANY',
    );
  });

  it('answers a body that says multipart but is not with a 400, not a server error', async () => {
    const { member, withdrawalId } = await paidWithdrawal();
    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/wps/relay/withdraw/orders/${withdrawalId}/confirmation`,
        headers: { ...member.headers, 'content-type': contentType },
        payload: '{"state":"received"}',
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
  });

  it('cannot confirm before the payout', async () => {
    const { member, payeeId } = await memberWithAccount(5_000);
    const id = (await withdraw(member, payeeId, 2_000)).json().value.withdrawalId;
    const res = await confirm(member, id, { state: 'received' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFIRMATION_NOT_ALLOWED');
  });

  it('counts an unconfirmed withdrawal as received after the deadline', async () => {
    const { member, withdrawalId } = await paidWithdrawal();
    const fresh = (
      await t.app.inject({ url: `/wps/relay/withdraw/orders/${withdrawalId}`, headers: member.headers })
    ).json().value;
    const deadline = new Date(fresh.confirmDeadline).getTime() - new Date(fresh.paidAt).getTime();
    expect(Math.round(deadline / 60_000)).toBe(30);
    await t.db.query(
      "update withdrawals set confirm_deadline = now() - interval '1 second' where withdrawal_no = $1",
      [withdrawalId],
    );
    const events = spyEvents(t.app);
    const read = (
      await t.app.inject({ url: `/wps/relay/withdraw/orders/${withdrawalId}`, headers: member.headers })
    ).json().value;
    expect(read).toMatchObject({
      confirmation: 'auto_received',
      receivedAmount: 10_000,
      allowedConfirmations: [],
    });
    expect(events).toHaveBeenCalledWith(member.id, {
      type: 'withdrawal',
      withdrawalId,
      status: 'paid',
      confirmation: 'auto_received',
    });
    events.mockRestore();
    const late = await confirm(member, withdrawalId, { state: 'not_received' });
    expect(late.json().code).toBe('CONFIRMATION_NOT_ALLOWED');
  });

  it('uses the merchant setting for the auto-receipt time, and the job sweeps without a read', async () => {
    await t.db.query(
      "update payment_merchant_settings set withdrawal_auto_receipt_minutes = 5 where merchant_code = 'BR'",
    );
    try {
      const { withdrawalId } = await paidWithdrawal();
      const [row] = await t.db.query<{ minutes: number }>(
        'select round(extract(epoch from confirm_deadline - paid_at) / 60)::int as minutes from withdrawals where withdrawal_no = $1',
        [withdrawalId],
      );
      expect(row?.minutes).toBe(5);
      await t.db.query('update withdrawals set confirm_deadline = now() where withdrawal_no = $1', [
        withdrawalId,
      ]);
      expect(await t.app.payments.withdrawals.autoReceive(null)).toBeGreaterThanOrEqual(1);
      const [after] = await t.db.query<{ confirmation: string }>(
        'select confirmation from withdrawals where withdrawal_no = $1',
        [withdrawalId],
      );
      expect(after?.confirmation).toBe('auto_received');
    } finally {
      await t.db.query(
        "update payment_merchant_settings set withdrawal_auto_receipt_minutes = 30 where merchant_code = 'BR'",
      );
    }
  });

  it('keeps the ledger balanced through it all', async () => {
    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches).toEqual([]);
  });
});
