import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  charge,
  connectSocket,
  fund,
  pause,
  registerMember,
  type TestMember,
  trialToken,
  until,
} from './test-support';

let t: TestApp;
let ana: TestMember;
let bia: TestMember;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await registerMember(t.app, 'anabal1');
  bia = await registerMember(t.app, 'biabal1');
});
afterAll(() => t.app.close());

const balance = (token?: string) =>
  t.app.inject({ url: '/wps/v2/wallets/balance', headers: token ? { token } : {} });

describe('GET /wps/v2/wallets/balance', () => {
  it("answers the member's own main, bonus and held balances in minor units with the currency symbol", async () => {
    await fund(t.app, ana.id, 12_345n);
    await fund(t.app, ana.id, 500n, { account: 'bonus', kind: 'bonus' });
    const res = await balance(ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().value).toEqual({
      balance: 12_345,
      bonus: 500,
      locked: 0,
      currency: 'BRL',
      currencySymbol: 'R$',
    });
    expect((await balance(bia.token)).json().value).toMatchObject({ balance: 0, bonus: 0 });
  });

  it('answers in the merchant currency (Bangladesh: BDT, ৳)', async () => {
    const rahim = await registerMember(t.app, 'rahimbal1', { merchantCode: 'BD' });
    expect((await balance(rahim.token)).json().value).toMatchObject({
      balance: 0,
      currency: 'BDT',
      currencySymbol: '৳',
    });
  });

  it('answers a trial member their play wallet, and 401 without a session', async () => {
    expect((await balance(await trialToken(t.app))).statusCode).toBe(200);
    const res = await balance();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe("live 'balance' events on /ws", () => {
  it('reach the member after a committed transfer, with the new balance and bonus, and no one else', async () => {
    const mine = await connectSocket(t.app, ana.token);
    const theirs = await connectSocket(t.app, bia.token);
    const before = (await balance(ana.token)).json().value;
    await fund(t.app, ana.id, 1_000n);
    await until(() => mine.events.length > 0);
    expect(mine.events.at(-1)).toEqual({
      type: 'balance',
      balance: before.balance + 1_000,
      bonus: before.bonus,
      currency: 'BRL',
    });
    await pause(150);
    expect(theirs.events).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('are not sent for a refused transfer (insufficient funds) nor for a replay', async () => {
    const socket = await connectSocket(t.app, bia.token);
    await expect(charge(t.app, bia.id, 1n, 'vendor_bet')).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    await pause(200);
    expect(socket.events).toEqual([]);

    const accounts = await t.app.ledger.openAccounts(bia.id.toString(), 'BRL');
    const input = {
      idempotencyKey: 'test:balance-replay:1',
      debitAccountId: t.app.ledger.houseAccountFor('BRL', 'test:balance-replay:1'),
      creditAccountId: accounts.cash,
      amount: 300n,
      currency: 'BRL' as const,
      kind: 'deposit',
    };
    await t.app.ledger.transfer(input);
    await until(() => socket.events.length === 1);
    expect(socket.events[0]).toMatchObject({ type: 'balance', balance: 300 });
    expect((await t.app.ledger.transfer(input)).replayed).toBe(true);
    await pause(200);
    expect(socket.events).toHaveLength(1);
    socket.socket.close();
  });

  it('follow a reversal and a bonus movement, ending on the latest balances', async () => {
    const carla = await registerMember(t.app, 'carlabal1');
    const socket = await connectSocket(t.app, carla.token);
    const posted = await fund(t.app, carla.id, 2_000n);
    await fund(t.app, carla.id, 700n, { account: 'bonus', kind: 'bonus' });
    await t.app.ledger.reverse({ idempotencyKey: 'test:balance-reverse:1', transferId: posted.transferId });
    await until(() => {
      const last = socket.events.at(-1);
      return last?.balance === 0 && last?.bonus === 700;
    });
    expect(socket.events.every((e) => e.type === 'balance' && e.currency === 'BRL')).toBe(true);
    socket.socket.close();
  });

  it("reach a free-play member when their play money moves, in FUN (the header's play balance)", async () => {
    const token = await trialToken(t.app);
    const info = await t.app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    const memberId = info.json().value.id as string;
    const socket = await connectSocket(t.app, token);
    const playAccount = await t.app.ledger.openPlayAccount(memberId);
    const before = Number(await t.app.ledger.playBalance(memberId));
    expect(before).toBeGreaterThan(250);
    // A house game's bet in play money: the play account to the vendor's FUN clearing.
    const key = `test:balance-play:${randomBytes(4).toString('hex')}`;
    const shards = await t.app.ledger.openShards({ type: 'vendor', id: 'SORTE' });
    await t.app.ledger.transfer({
      idempotencyKey: key,
      debitAccountId: playAccount,
      creditAccountId: t.app.ledger.shardFor(shards, 'FUN', key),
      amount: 250n,
      currency: 'FUN',
      kind: 'vendor_bet',
    });
    await until(() => socket.events.length > 0);
    expect(socket.events.at(-1)).toEqual({
      type: 'balance',
      balance: before - 250,
      bonus: 0,
      currency: 'FUN',
    });
    socket.socket.close();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)("'balance' events across instances through Redis", () => {
  let db: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig({ redisUrl, redisKeyPrefix: `sorte-test-${randomBytes(4).toString('hex')}:` });
    a = await buildApp(config, { db });
    b = await buildApp(config, { db });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('reach a socket on instance A, once, when the money moved on instance B', async () => {
    const member = await registerMember(a, 'redisbal1');
    const socket = await connectSocket(a, member.token);
    await fund(b, member.id, 2_500n);
    await until(() => socket.events.length > 0);
    await pause(200);
    expect(socket.events).toEqual([{ type: 'balance', balance: 2_500, bonus: 0, currency: 'BRL' }]);
    socket.socket.close();
  });
});
