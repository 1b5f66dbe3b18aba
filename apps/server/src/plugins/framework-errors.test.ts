import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '../../test/helper';
import { testConfig } from '../config';

/** Sends raw bytes and reads everything until the server closes the connection. */
function rawExchange(port: number, write: (socket: Socket) => void) {
  return new Promise<{ text: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ text: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }),
    );
    socket.on('connect', () => write(socket));
  });
}

/** The last answer on the connection (one closes it). */
const parse = (text: string) => {
  const last = text.slice(text.lastIndexOf('HTTP/1.1 '));
  const [head = '', body = ''] = last.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), json: JSON.parse(body) };
};

const long = 'x'.repeat(150);

describe('answers before routing stay in the envelope', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({
      operatorApiKey: 'operator-key-for-framework-errors',
      timeouts: { ...testConfig().timeouts, requestMs: 2_000, headersMs: 2_000 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.app.close());

  it('answers a path parameter over 100 characters with a 414 envelope that does not echo it', async () => {
    const res = await t.app.inject({ url: `/ops/ledger/accounts/${long}`, headers: { lang: 'ES' } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      success: false,
      code: 'URI_TOO_LONG',
      message: 'La dirección es demasiado larga.',
      value: null,
    });
    expect(res.body).not.toContain('xxxx');
  });

  it('answers the vendor wallet in its always-200 form, whatever broke', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/vendor/${long}/wallet/balance`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'INVALID_REQUEST',
      balance: null,
      currency: null,
      transactionId: null,
    });
    const huge = await rawExchange(port, (s) =>
      s.write(`POST /vendor/HOUSE/wallet/bet HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(parse(huge.text)).toMatchObject({ status: 200, json: { status: 'INVALID_REQUEST' } });
  });

  it('answers a URL that does not decode with a 400 envelope', async () => {
    const res = await t.app.inject({ url: '/ops/ledger/accounts/%E0%A4%A', headers: { lang: 'PT' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'A requisição não é válida.',
      value: null,
    });
  });

  it('answers headers over the limit with a 431 envelope in the caller’s language', async () => {
    const res = await rawExchange(port, (s) =>
      s.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nLang: PT\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    const { status, json, head } = parse(res.text);
    expect(status).toBe(431);
    expect(json).toEqual({
      success: false,
      code: 'HEADERS_TOO_LARGE',
      message: 'Os cabeçalhos da requisição são grandes demais.',
      value: null,
    });
    expect(head).toContain('content-type: application/json');
  });

  it('answers broken HTTP framing with a 400 envelope', async () => {
    const res = await rawExchange(port, (s) =>
      s.write(
        'POST /wps/session/login HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
      ),
    );
    expect(parse(res.text)).toMatchObject({
      status: 400,
      json: { success: false, code: 'BAD_REQUEST', value: null },
    });
  });

  it('cuts a client that sends its body one byte at a time, with a 408 envelope', async () => {
    let timer: NodeJS.Timeout | undefined;
    const res = await rawExchange(port, (s) => {
      s.write(
        'POST /wps/session/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      timer = setInterval(() => s.writable && s.write(' '), 400);
    });
    clearInterval(timer);
    expect(parse(res.text)).toMatchObject({ status: 408, json: { success: false, code: 'REQUEST_TIMEOUT' } });
    // The limit is 2 s, checked every 200 ms: the client is never let run on.
    expect(res.ms).toBeLessThan(4_000);
  });

  it('leaves WebSockets open past the request time limit', async () => {
    const password = 'timeouts pass 1';
    const registered = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: 'timeouts1', password, confirmPassword: password },
    });
    const token = registered.json().value.token as string;
    const id = (await t.app.inject({ url: '/wps/member/info', headers: { token } })).json().value
      .id as string;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const messages: string[] = [];
    socket.on('message', (raw) => messages.push(raw.toString()));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token }));
    const deadline = Date.now() + 3_000;
    while (!messages.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Past the 2 s request limit (and several of Node's checks), the socket still carries events.
    await new Promise((r) => setTimeout(r, 2_600));
    await t.app.realtime.publish(id, { type: 'probe' });
    const until = Date.now() + 2_000;
    while (messages.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(messages.map((m) => JSON.parse(m).type)).toEqual(['ready', 'probe']);
    socket.close();
  });
});
