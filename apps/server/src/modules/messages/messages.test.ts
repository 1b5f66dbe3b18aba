import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
let ana: { token: string; id: bigint };
let bruno: { token: string; id: bigint };

async function member(username: string) {
  const password = 'messages pass 1';
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password },
  });
  const token = res.json().value.token as string;
  const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
  return { token, id: BigInt(info.json().value.id) };
}

beforeAll(async () => {
  t = await buildTestApp();
  ana = await member('anamsg1');
  bruno = await member('brunomsg1');
});
afterAll(() => t.app.close());

const list = (token: string, query = '', lang = 'en') =>
  t.app.inject({ url: `/wps/relay/messages${query}`, headers: { token, lang } });

describe('internal messages', () => {
  it('shows a deposit message in the reader language with the amount in the merchant currency', async () => {
    await t.app.messages.send(ana.id, 'depositCredited', {
      amountMinor: 5_000n,
      currency: 'BRL',
      orderId: 'D-1001',
    });
    const pt = (await list(ana.token, '', 'pt')).json().value;
    expect(pt.content[0]).toMatchObject({
      kind: 'depositCredited',
      title: 'Depósito creditado',
      body: 'Seu depósito de R$ 50.00 (pedido D-1001) foi creditado no seu saldo.',
      read: false,
    });
    expect(pt.unread).toBe(1);
    const en = (await list(ana.token)).json().value;
    expect(en.content[0].title).toBe('Deposit credited');
  });

  it('counts unread messages, in member info too, until they are read', async () => {
    await t.app.messages.send(ana.id, 'withdrawalRejected', {
      amountMinor: 12_345n,
      currency: 'BRL',
      orderId: 'W-7',
      reason: 'The PIX key does not belong to the account holder.',
    });
    const count = async () =>
      (await t.app.inject({ url: '/wps/relay/unreadMessageCount', headers: { token: ana.token } })).json()
        .value.count;
    expect(await count()).toBe(2);
    const info = await t.app.inject({ url: '/wps/member/info', headers: { token: ana.token } });
    expect(info.json().value.unreadMessage).toBe(2);
    const newest = (await list(ana.token)).json().value.content[0];
    expect(newest.body).toContain('R$ 123.45');
    const read = await t.app.inject({
      method: 'POST',
      url: `/wps/relay/messages/${newest.id}/read`,
      headers: { token: ana.token },
    });
    expect(read.statusCode).toBe(200);
    expect(await count()).toBe(1);
    await t.app.inject({ method: 'POST', url: '/wps/relay/messages/read', headers: { token: ana.token } });
    expect(await count()).toBe(0);
  });

  it("never shows or changes another member's messages", async () => {
    const anas = (await list(ana.token)).json().value.content;
    expect((await list(bruno.token)).json().value).toMatchObject({ content: [], total: 0 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/wps/relay/messages/${anas[0].id}/read`,
      headers: { token: bruno.token },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list(bruno.token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/wps/relay/messages' })).statusCode).toBe(401);
  });

  it('pages newest first and names bad paging input', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.messages.send(bruno.id, 'depositFailed', {
        amountMinor: 1_000n,
        currency: 'BRL',
        orderId: `D-${i}`,
      });
    }
    const page = (await list(bruno.token, '?pageNo=2&pageSize=2')).json().value;
    expect(page).toMatchObject({ pageNum: 2, totalPages: 2, total: 3 });
    expect(page.content).toHaveLength(1);
    expect(page.content[0].body).toContain('D-0');
    const bad = await list(bruno.token, '?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.field).toBe('pageSize');
  });
});
