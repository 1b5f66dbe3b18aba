import { randomUUID } from 'node:crypto';
import { PLAY_MONEY_TOP_UP_TO_MINOR } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { registerMember, trialToken } from '../records/test-support';
import type { LedgerService } from './ledger.service';
import { verifyLedger } from './ledger-verify';

/**
 * Play money (DECISIONS.md "trial (free play) accounts"): a free-play account's demo balance in the
 * ledger's FUN currency. It starts at the top-up amount, is topped up back to it on request and never
 * past it, never goes negative, and can never reach a real currency or a payment provider.
 */

let t: TestApp;
let sut: LedgerService;
const TOP = BigInt(PLAY_MONEY_TOP_UP_TO_MINOR);

beforeAll(async () => {
  t = await buildTestApp({ houseShards: 4 });
  sut = t.app.ledger;
});
afterAll(() => t.app.close());

const info = async (token: string) =>
  (await t.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } })).json()
    .value;
const topUp = (token: string, requestId: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/v2/wallets/playMoney/topUp',
    headers: { authorization: `Bearer ${token}` },
    payload: { requestId },
  });

/** A new free-play member: its token and id. */
async function trial() {
  const token = await trialToken(t.app);
  return { token, id: (await info(token)).id as string };
}

/** Spends play money the way a house game's bet does: play account → the vendor's FUN clearing. */
async function spend(memberId: string, amount: bigint, key = `test:spend:${randomUUID()}`) {
  const shards = await sut.openShards({ type: 'vendor', id: 'SORTE' });
  return sut.transfer({
    idempotencyKey: key,
    debitAccountId: await sut.openPlayAccount(memberId),
    creditAccountId: sut.shardFor(shards, 'FUN', key),
    amount,
    currency: 'FUN',
    kind: 'vendor_bet',
  });
}

const transfersOf = async (memberId: string) =>
  (
    await t.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
        where a.code = $1`,
      [`member:${memberId}:play:FUN`],
    )
  )[0]?.n;

describe('play money on the ledger', () => {
  it('starts a free-play account with 1,000.00 of play money, shown as its balance; real cash stays 0', async () => {
    const { token, id } = await trial();
    expect(await info(token)).toMatchObject({
      isTrial: true,
      balance: PLAY_MONEY_TOP_UP_TO_MINOR,
      currency: 'FUN',
      currencySymbol: 'FUN',
    });
    expect((await sut.memberBalances(id, 'BRL')).cash).toBe(0n);
    // The real-money balance call still answers the (empty) real wallet.
    const wallet = await t.app.inject({
      url: '/wps/v2/wallets/balance',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wallet.json().value).toMatchObject({ balance: 0, currency: 'BRL' });
  });

  it('tops up back to 1,000.00 and never past it; a full balance gets nothing', async () => {
    const { token, id } = await trial();
    const full = await topUp(token);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().value).toEqual({
      added: 0,
      balance: PLAY_MONEY_TOP_UP_TO_MINOR,
      topUpTo: PLAY_MONEY_TOP_UP_TO_MINOR,
      currency: 'FUN',
    });
    await spend(id, 73_450n);
    const refilled = (await topUp(token)).json().value;
    expect(refilled).toMatchObject({ added: 73_450, balance: PLAY_MONEY_TOP_UP_TO_MINOR });
    expect(await sut.playBalance(id)).toBe(TOP);
  });

  it('is idempotent on the request id: a repeat finds the first top-up and adds nothing', async () => {
    const { token, id } = await trial();
    await spend(id, 40_000n);
    const requestId = randomUUID();
    const first = (await topUp(token, requestId)).json().value;
    await spend(id, 10_000n);
    const again = (await topUp(token, requestId)).json().value;
    expect(first).toMatchObject({ added: 40_000, balance: PLAY_MONEY_TOP_UP_TO_MINOR });
    expect(again.added).toBe(40_000);
    expect(again.balance).toBe(PLAY_MONEY_TOP_UP_TO_MINOR - 10_000);
    expect(await sut.playBalance(id)).toBe(TOP - 10_000n);
    // The start grant and one top-up: the repeat moved nothing.
    expect(await transfersOf(id)).toBe(2);
  });

  it('adds the difference once when 20 top-ups with different ids arrive together', async () => {
    const { token, id } = await trial();
    await spend(id, 99_999n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => topUp(token)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const added = answers.map((a) => a.json().value.added as number);
    expect(added.filter((a) => a > 0)).toEqual([99_999]);
    expect(await sut.playBalance(id)).toBe(TOP);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('never goes negative: spending more than the play balance is refused and nothing moves', async () => {
    const { id } = await trial();
    await expect(spend(id, TOP + 1n)).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS' });
    expect(await sut.playBalance(id)).toBe(TOP);
    const bets = await Promise.all(
      Array.from({ length: 30 }, () =>
        spend(id, 7_000n).then(
          () => 'OK',
          (error: { code?: string }) => error.code,
        ),
      ),
    );
    expect(bets.filter((b) => b === 'OK')).toHaveLength(14);
    expect(bets.filter((b) => b === 'INSUFFICIENT_FUNDS')).toHaveLength(16);
    expect(await sut.playBalance(id)).toBe(TOP - 14n * 7_000n);
  });

  it('cannot be withdrawn: play money never moves to a real currency, and no provider holds any', async () => {
    const { id } = await trial();
    const play = await sut.openPlayAccount(id);
    const { cash } = await sut.openAccounts(id, 'BRL');
    const provider = await sut.openShards({ type: 'provider', id: 'SANDBOX' });
    expect(provider.has('FUN')).toBe(false);
    const brlClearing = provider.get('BRL')?.[0] as bigint;
    for (const [credit, currency] of [
      [cash, 'FUN'],
      [brlClearing, 'FUN'],
      [brlClearing, 'BRL'],
    ] as const) {
      await expect(
        sut.transfer({
          idempotencyKey: `test:cash-out:${randomUUID()}`,
          debitAccountId: play,
          creditAccountId: credit,
          amount: 100n,
          currency,
          kind: 'withdrawal',
        }),
      ).rejects.toMatchObject({ code: 'CURRENCY_MISMATCH' });
    }
    expect(await sut.playBalance(id)).toBe(TOP);
    expect((await sut.memberBalances(id, 'BRL')).cash).toBe(0n);
  });

  it('is for free-play accounts only, and a bad request id is a 400 naming it', async () => {
    const member = await registerMember(t.app, 'playmoney1');
    const refused = await topUp(member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PLAY_MONEY_TRIAL_ONLY',
      message: 'Play money is for free-play accounts only',
    });
    expect(await sut.playBalance(member.id.toString())).toBe(0n);
    const { token } = await trial();
    const bad = await topUp(token, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('requestId');
    expect((await topUp('nobody')).statusCode).toBe(401);
  });

  it('keeps ledger:verify clean: play money sums to zero in its own currency', async () => {
    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches).toEqual([]);
    const [fun] = await t.db.query<{ total: bigint; house: bigint }>(
      `select sum(balance)::bigint as total, sum(balance) filter (where owner_type = 'house')::bigint as house
         from ledger_accounts where currency = 'FUN'`,
    );
    expect(fun?.total).toBe(0n);
    expect(fun?.house ?? 0n).toBeLessThan(0n);
  });
});
