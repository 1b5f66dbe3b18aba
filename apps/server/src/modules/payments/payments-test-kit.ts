import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Currency } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { memberAccountCode } from '../ledger/ledger.service';
import { registerMember } from '../vendors/test-vendor-client';

/** The root operator key the payment tests run with (holds every role). */
export const ROOT_OPERATOR_KEY = 'root-operator-key-for-payment-tests-0001';

/** A test app with the root operator key and proof uploads in a throw-away directory. */
export function buildPaymentsApp() {
  return buildTestApp({
    operatorApiKey: ROOT_OPERATOR_KEY,
    dataDir: mkdtempSync(join(tmpdir(), 'sorte-payments-')),
    houseShards: 4,
  });
}

export type TestMember = { token: string; id: bigint; headers: Record<string, string> };

let names = 0;
export async function newMember(app: FastifyInstance, merchantCode = 'BR'): Promise<TestMember> {
  const { token, id } = await registerMember(
    app,
    `pay${merchantCode.toLowerCase()}${++names}x`,
    merchantCode,
  );
  return { token, id, headers: { authorization: `Bearer ${token}` } };
}

export async function balanceOf(
  app: FastifyInstance,
  memberId: bigint,
  kind: 'cash' | 'locked',
  currency: Currency = 'BRL',
): Promise<bigint> {
  const [row] = await app.db.query<{ balance: bigint }>(
    'select balance from ledger_accounts where code = $1',
    [memberAccountCode(memberId.toString(), kind, currency)],
  );
  return row?.balance ?? 0n;
}

/** Creates a deposit order through the API and answers its body's value. */
export async function createDeposit(
  app: FastifyInstance,
  member: TestMember,
  channel: string,
  amount: number,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/wps/relay/deposit',
    headers: member.headers,
    payload: { channel, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    orderId: string;
    status: string;
    payload: Record<string, string>;
    amount: number;
    expiresAt: string;
  };
}

/** Funds a member the real way: a deposit order paid through the sandbox's signed webhook. */
export async function depositPaid(app: FastifyInstance, member: TestMember, amount: number, channel = 'PIX') {
  const order = await createDeposit(app, member, channel, amount);
  const paid = await app.paymentsSandbox.pay(order.orderId);
  expect(paid.statusCode, paid.response).toBe(200);
  return order;
}

/** Records what is published to members' sockets. */
export function spyEvents(app: FastifyInstance) {
  return vi.spyOn(app.realtime, 'publish');
}

export const PAYMENT_PASSWORD = '240517';

export async function bindPix(
  app: FastifyInstance,
  member: TestMember,
  value = '529.982.247-25',
  type = 'CPF',
  paymentPassword = PAYMENT_PASSWORD,
) {
  return app.inject({
    method: 'POST',
    url: '/wps/relay/payeeAccounts',
    headers: member.headers,
    payload: { channel: 'PIX', type, value, holderName: 'Ana Souza', paymentPassword },
  });
}

/** A tiny valid PNG (1×1) and JPEG header, padded to a size. */
export function pngBytes(size = 200): Buffer {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}
export function jpegBytes(size = 200): Buffer {
  const head = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

/** A multipart/form-data body by hand: fields, then files (name, bytes, declared type). */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ filename: string; bytes: Buffer; contentType: string; field?: string }>,
) {
  const boundary = `----sorte${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'proofs'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
