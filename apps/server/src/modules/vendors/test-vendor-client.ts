import { createHmac } from 'node:crypto';
import type { Currency } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { demoGamesSeeder } from '../../seed/demo-games';

/**
 * Test helpers (never used outside tests) that talk to the wallet exactly as a vendor would: JSON
 * bodies signed with node:crypto over the very bytes sent.
 */

export const sign = (secret: string, raw: string | Buffer) =>
  createHmac('sha256', secret).update(raw).digest('hex');

export type WalletCall = {
  statusCode: number;
  /** The raw answer, for byte-for-byte comparisons. */
  raw: string;
  json: Record<string, unknown> & { status: string; balance: number | null };
  signature: string | undefined;
};

export type VendorClientOptions = {
  vendor?: string;
  secret?: string;
  /** Sent instead of the computed signature (null: no header). */
  signature?: string | null;
  contentType?: string;
};

export function vendorClient(app: FastifyInstance, defaults: { vendor: string; secret: string }) {
  return async function call(
    action: string,
    body: object | string,
    options: VendorClientOptions = {},
  ): Promise<WalletCall> {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const secret = options.secret ?? defaults.secret;
    const signature = options.signature === undefined ? sign(secret, raw) : options.signature;
    const res = await app.inject({
      method: 'POST',
      url: `/vendor/${options.vendor ?? defaults.vendor}/wallet/${action}`,
      payload: raw,
      headers: {
        'content-type': options.contentType ?? 'application/json',
        ...(signature === null ? {} : { 'x-signature': signature }),
      },
    });
    return {
      statusCode: res.statusCode,
      raw: res.body,
      json: res.statusCode === 200 ? res.json() : { status: `HTTP ${res.statusCode}`, balance: null },
      signature: res.headers['x-signature'] as string | undefined,
    };
  };
}

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

/** Registers a member by username and answers its session token and id. */
export async function registerMember(
  app: FastifyInstance,
  username: string,
  merchantCode = 'BR',
): Promise<{ token: string; id: bigint }> {
  const res = await app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password: 'correct horse 1', confirmPassword: 'correct horse 1' },
    headers: { merchantCode },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const info = await app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
  return { token, id: BigInt(info.json().value.id) };
}

let funding = 0;
/** Deposits into a member's cash account from the house. */
export async function fund(
  app: FastifyInstance,
  memberId: bigint,
  amount: bigint,
  currency: Currency = 'BRL',
) {
  const accounts = await app.ledger.openAccounts(memberId.toString(), currency);
  const key = `test:fund:${memberId}:${++funding}`;
  await app.ledger.transfer({
    idempotencyKey: key,
    debitAccountId: app.ledger.houseAccountFor(currency, key),
    creditAccountId: accounts.cash,
    amount,
    currency,
    kind: 'deposit',
  });
}

export type LaunchedPlayer = { memberId: bigint; playerId: string; sessionToken: string };

/** A registered member with `funds` centavos, launched into crash and authenticated at the wallet. */
export async function launchedPlayer(
  app: FastifyInstance,
  call: ReturnType<typeof vendorClient>,
  username: string,
  funds: bigint,
): Promise<LaunchedPlayer> {
  const member = await registerMember(app, username);
  if (funds > 0n) await fund(app, member.id, funds);
  const auth = await call('authenticate', { token: (await launch(app, member.token, 'crash')).token });
  expect(auth.json.status, auth.raw).toBe('OK');
  return { memberId: member.id, playerId: auth.json.playerId as string, sessionToken: member.token };
}

type CallPlayer = { playerId: string };

/** The body of a bet, win or rollback call as the house studio sends it (BRL, crash by default). */
export const betBody = (
  p: CallPlayer,
  transactionId: string,
  roundId: string,
  amount: number,
  gameCode = 'crash',
) => ({
  transactionId,
  playerId: p.playerId,
  roundId,
  gameCode,
  amount,
  currency: 'BRL',
});
export const winBody = (
  p: CallPlayer,
  transactionId: string,
  roundId: string,
  amount: number,
  roundEnded = true,
) => ({
  ...betBody(p, transactionId, roundId, amount),
  roundEnded,
});
export const rollbackBody = (
  p: CallPlayer,
  transactionId: string,
  roundId: string,
  refTransactionId: string,
) => ({
  transactionId,
  playerId: p.playerId,
  roundId,
  refTransactionId,
});

/** How many ledger transfers carry these idempotency keys. */
export const transfersWithKeys = async (app: FastifyInstance, keys: string[]) =>
  (
    await app.db.query<{ n: bigint }>(
      'select count(*) as n from ledger_transfers where idempotency_key = any($1::text[])',
      [keys],
    )
  )[0]?.n;

export async function cashBalance(app: FastifyInstance, memberId: bigint, currency: Currency = 'BRL') {
  const accounts = await app.ledger.openAccounts(memberId.toString(), currency);
  return (await app.ledger.getAccount(accounts.cash)).balance;
}

export async function seedHouseCatalogue(app: FastifyInstance): Promise<void> {
  await demoGamesSeeder.run(app);
}

export async function nodeIdOf(app: FastifyInstance, gameCode: string): Promise<number> {
  const [row] = await app.db.query<{ node_id: number }>('select node_id from games where game_code = $1', [
    gameCode,
  ]);
  if (!row) throw new Error(`no game ${gameCode}`);
  return row.node_id;
}

/** Launches a game as the member would and answers the launch URL and its one-time token. */
export async function launch(
  app: FastifyInstance,
  sessionToken: string,
  gameCode: string,
  query = '',
): Promise<{ url: string; token: string }> {
  const nodeId = await nodeIdOf(app, gameCode);
  const res = await app.inject({
    url: `/wps/game/launchGame?game=${nodeId}${query}`,
    headers: { authorization: `Bearer ${sessionToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().value.url as string;
  const token = new URL(url, 'http://site.test').searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return { url, token };
}
