import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WebSocket } from 'ws';

/** Test helpers (never used outside tests) for the records module. */

let ip = 0;
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;

export type TestMember = { token: string; id: bigint; username: string };

/** Registers a member by username (under the agent whose code is given) and signs them in. */
export async function registerMember(
  app: FastifyInstance,
  username: string,
  options: { affiliateCode?: string; merchantCode?: string } = {},
): Promise<TestMember> {
  const password = 'records pass 1';
  const res = await app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: {
      username,
      password,
      confirmPassword: password,
      ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
    },
    headers: { merchantCode: options.merchantCode ?? 'BR' },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const info = await app.inject({ url: '/wps/member/info', headers: { token } });
  return { token, id: BigInt(info.json().value.id), username };
}

/** Registers an agent (type 1) with an invitation code downlines register with. */
export async function registerAgent(app: FastifyInstance, username: string, inviteCode: string) {
  const agent = await registerMember(app, username);
  await app.db.query('update members set type = 1, invite_code = $2 where id = $1', [agent.id, inviteCode]);
  return agent;
}

/** A free-play (trial, type 4) session token. */
export async function trialToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: {},
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
}

let fundings = 0;
/** Deposits into a member's cash (or bonus) account from the house, as a payment would. */
export async function fund(
  app: FastifyInstance,
  memberId: bigint,
  amount: bigint,
  options: { kind?: string; account?: 'cash' | 'bonus'; metadata?: Record<string, unknown> } = {},
) {
  const accounts = await app.ledger.openAccounts(memberId.toString(), 'BRL');
  const key = `test:records-fund:${memberId}:${++fundings}`;
  return app.ledger.transfer({
    idempotencyKey: key,
    debitAccountId: app.ledger.houseAccountFor('BRL', key),
    creditAccountId: accounts[options.account ?? 'cash'],
    amount,
    currency: 'BRL',
    kind: options.kind ?? 'deposit',
    metadata: options.metadata ?? {},
  });
}

/** Takes money from a member's cash to the house (a bet, a withdrawal...). */
export async function charge(app: FastifyInstance, memberId: bigint, amount: bigint, kind: string) {
  const accounts = await app.ledger.openAccounts(memberId.toString(), 'BRL');
  const key = `test:records-charge:${memberId}:${++fundings}`;
  return app.ledger.transfer({
    idempotencyKey: key,
    debitAccountId: accounts.cash,
    creditAccountId: app.ledger.houseAccountFor('BRL', key),
    amount,
    currency: 'BRL',
    kind,
  });
}

export async function cashOf(app: FastifyInstance, memberId: bigint): Promise<bigint> {
  const accounts = await app.ledger.openAccounts(memberId.toString(), 'BRL');
  return (await app.ledger.getAccount(accounts.cash)).balance;
}

/** Opens /ws, authenticates, and collects every event after `ready`. */
export async function connectSocket(app: FastifyInstance, token: string) {
  const address = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
  const events: Array<Record<string, unknown>> = [];
  const ready = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const event = JSON.parse(raw.toString());
      if (event.type === 'ready') resolve();
      else events.push(event);
    });
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return { socket, events };
}

export const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
