import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import {
  bindPix,
  buildPaymentsApp,
  depositPaid,
  newMember,
  PAYMENT_PASSWORD,
  ROOT_OPERATOR_KEY,
  type TestMember,
} from '../payments/payments-test-kit';
import { registerMember } from '../vendors/test-vendor-client';
import { consoleKit, type SignedInOperator } from './console-test-kit';

/**
 * A player's tabs in the console (issue 15): the ledger statement with running balances, rounds,
 * deposits and withdrawals, append-only notes, the password reset sent through the member's own
 * recovery flow, and the move under another agent. One app for the file.
 */
let t: TestApp;
let support: SignedInOperator;
let agentManager: SignedInOperator;
let mexicoSupport: SignedInOperator;
let content: SignedInOperator;
beforeAll(async () => {
  t = await buildPaymentsApp();
  const kit = consoleKit(t.app, ROOT_OPERATOR_KEY);
  support = await kit.operatorWith(['support']);
  agentManager = await kit.operatorWith(['agent_manager']);
  mexicoSupport = await kit.operatorWith(['support'], 'MX');
  content = await kit.operatorWith(['content']);
});
afterAll(() => t.app.close());

const player = (id: bigint | string) => `/ops/console/players/${id}`;
const get = (by: SignedInOperator, url: string) => t.app.inject({ url, headers: { cookie: by.cookie } });
const post = (by: SignedInOperator, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: by.cookie }, payload });

describe('records of a player', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await newMember(t.app);
    await depositPaid(t.app, member, 20_000);
    await depositPaid(t.app, member, 5_000);
  });

  it('pages the ledger statement newest first, each entry with the balance after it', async () => {
    const first = await get(support, `${player(member.id)}/statement?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().value;
    expect(page1).toMatchObject({ account: 'cash', currency: 'BRL' });
    expect(page1.entries).toMatchObject([{ type: 'deposit', amount: 5_000, balanceAfter: 25_000 }]);
    expect(page1.nextBeforeId).toBe(page1.entries[0].entryId);

    const second = (
      await get(support, `${player(member.id)}/statement?limit=1&beforeId=${page1.nextBeforeId}`)
    ).json().value;
    expect(second.entries).toMatchObject([{ type: 'deposit', amount: 20_000, balanceAfter: 20_000 }]);
    expect(second.nextBeforeId).toBeNull();
    expect((await get(support, `${player(member.id)}/statement?account=bonus`)).json().value.entries).toEqual(
      [],
    );
  });

  it('lists the deposit orders and the withdrawals with their state and a masked payee account', async () => {
    const payee = (await bindPix(t.app, member)).json().value.id as string;
    const made = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/withdraw',
      headers: member.headers,
      payload: {
        payeeAccountId: payee,
        amount: 3_000,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: randomUUID(),
      },
    });
    expect(made.statusCode, made.body).toBe(200);

    const deposits = (await get(support, `${player(member.id)}/deposits?pageSize=10`)).json().value;
    expect(deposits.total).toBe(2);
    expect(deposits.content.map((d: { amount: number }) => d.amount)).toEqual([5_000, 20_000]);
    expect(deposits.content[0]).toMatchObject({ status: 'paid', channel: 'PIX', currency: 'BRL' });

    const withdrawals = (await get(support, `${player(member.id)}/withdrawals`)).json().value;
    expect(withdrawals.content).toMatchObject([
      { amount: 3_000, status: 'locked', account: '***.982.247-**', payoutFailed: false },
    ]);

    // The search finds the player by the payee account as the player wrote it, not only as stored.
    const found = (await get(support, '/ops/console/players?q=529.982.247-25')).json().value.content;
    expect(found.map((p: { id: string }) => p.id)).toContain(String(member.id));
  });

  it('lists the rounds with game, vendor, bet and win, and totals over all of them', async () => {
    await t.db.query(
      `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
         game_type, currency, stake, payout, bet_count, win_count, status, closed_at)
       values ('house', $2, $1, 'p', 0, 'SORTE', 'crash', 'ORIGINALS', 'BRL', 1000, 2500, 1, 1, 'closed', now()),
              ('house', $3, $1, 'p', 0, 'SORTE', 'dice', 'ORIGINALS', 'BRL', 400, 0, 1, 0, 'closed', now())`,
      [member.id, `r-${randomUUID()}`, `r-${randomUUID()}`],
    );
    const res = await get(support, `${player(member.id)}/rounds?pageSize=1`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().value;
    expect(page).toMatchObject({ total: 2, totalPages: 2, currency: 'BRL' });
    expect(page.totals).toEqual({ stake: 1_400, payout: 2_500, profit: 1_100 });
    expect(page.content).toHaveLength(1);
    expect(page.content[0]).toMatchObject({ vendor: 'SORTE', status: 'CLOSED' });
  });

  it('refuses bad input with a 400 naming the field, another merchant’s operator with a 404, a role without players.read with a 403', async () => {
    const bad = await get(support, `${player(member.id)}/statement?account=savings`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.field).toBe('account');
    expect((await get(support, `${player('abc')}/rounds`)).statusCode).toBe(400);
    expect((await get(support, `${player(member.id)}/deposits?pageSize=500`)).statusCode).toBe(400);

    for (const tab of ['statement', 'rounds', 'deposits', 'withdrawals', 'notes']) {
      expect((await get(mexicoSupport, `${player(member.id)}/${tab}`)).statusCode, tab).toBe(404);
      expect((await get(content, `${player(member.id)}/${tab}`)).statusCode, tab).toBe(403);
    }
  });
});

describe('notes', () => {
  it('adds notes with their author, lists them newest first and never changes them', async () => {
    const member = await newMember(t.app);
    const url = `${player(member.id)}/notes`;
    expect((await post(support, url, { body: 'Called about a missing deposit.' })).statusCode).toBe(200);
    const added = await post(support, url, { body: '  Sent the PIX receipt to finance.  ' });
    expect(added.json().value).toMatchObject({
      author: support.username,
      body: 'Sent the PIX receipt to finance.',
    });

    const list = (await get(agentManager, url)).json().value;
    expect(list.content.map((n: { body: string }) => n.body)).toEqual([
      'Sent the PIX receipt to finance.',
      'Called about a missing deposit.',
    ]);

    const empty = await post(support, url, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().value.field).toBe('body');
    // Agent managers read notes but do not write them; another merchant's operator finds no player.
    expect((await post(agentManager, url, { body: 'x' })).statusCode).toBe(403);
    expect((await post(mexicoSupport, url, { body: 'x' })).statusCode).toBe(404);
    await expect(t.db.query('update player_notes set body = $1', ['rewritten'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('delete from player_notes')).rejects.toThrow(/append-only/);
    expect((await get(support, url)).json().value.total).toBe(2);
  });
});

describe('password reset from the console', () => {
  const reset = (by: SignedInOperator, id: bigint, channel: 'email' | 'sms') =>
    post(by, `${player(id)}/password-reset`, { channel });

  it('mails the member the single-use reset link of their own forgot-password flow, and says where (masked)', async () => {
    const member = await newMember(t.app);
    await t.db.query('update members set email = $2 where id = $1', [
      member.id,
      `ana${member.id}@example.com`,
    ]);
    const res = await reset(support, member.id, 'email');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ channel: 'email', sentTo: 'an***@example.com' });
    expect(res.body).not.toMatch(/key=/);

    const mail = await t.app.emailSandbox.latest(`ana${member.id}@example.com`);
    const token = mail?.body.match(/\/reset-password\?key=([\w-]{43})/)?.[1];
    expect(token).toBeDefined();
    const use = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/password/reset',
        payload: { token, newPassword: 'chosen by her 7', confirmNewPassword: 'chosen by her 7' },
      });
    expect((await use()).statusCode).toBe(200);
    expect((await use()).json().code).toBe('RESET_LINK_INVALID');
  });

  it('texts the reset code to the mobile, which the member then uses with a new password', async () => {
    const member = await newMember(t.app);
    const mobile = `119${String(member.id).padStart(8, '0')}`;
    await t.db.query('update members set mobile = $2 where id = $1', [member.id, mobile]);
    const res = await reset(support, member.id, 'sms');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ channel: 'sms', sentTo: `*******${mobile.slice(-4)}` });
    const code = (await t.app.smsSandbox.latest(`55${mobile}`))?.body.match(/\d{6}/)?.[0];
    const used = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: { mobileNum: mobile, verificationCode: code, newPassword: 'chosen by him 7' },
    });
    expect(used.statusCode, used.body).toBe(200);
    // The search finds the mobile written the international way too.
    const found = (
      await get(support, `/ops/console/players?q=${encodeURIComponent(`+55 ${mobile}`)}`)
    ).json();
    expect(found.value.content.map((p: { id: string }) => p.id)).toEqual([String(member.id)]);
  });

  it('refuses a member with no channel, a channel the member does not have, and roles without players.block', async () => {
    const member = await newMember(t.app);
    const none = await reset(support, member.id, 'email');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('RESET_CHANNEL_MISSING');
    await t.db.query('update members set email = $2 where id = $1', [
      member.id,
      `bia${member.id}@example.com`,
    ]);
    const noMobile = await reset(support, member.id, 'sms');
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json()).toMatchObject({ value: { field: 'channel' } });
    expect(noMobile.json().message).toMatch(/no mobile number/);
    expect((await post(support, `${player(member.id)}/password-reset`, {})).statusCode).toBe(400);
    expect((await reset(agentManager, member.id, 'email')).statusCode).toBe(403);
    expect((await reset(mexicoSupport, member.id, 'email')).statusCode).toBe(404);
  });
});

describe('change upline', () => {
  let n = 0;
  const account = async (merchantCode = 'BR', agentType: number | null = null) => {
    const username = `up${merchantCode.toLowerCase()}${++n}${Math.random().toString(36).slice(2, 6)}`;
    const { id } = await registerMember(t.app, username, merchantCode);
    if (agentType !== null) {
      const made = await t.app.inject({
        method: 'POST',
        url: `/ops/agents/${id}/type`,
        headers: { 'x-operator-key': ROOT_OPERATOR_KEY },
        payload: { type: agentType },
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    return { id, username };
  };
  const move = (
    by: SignedInOperator,
    id: bigint,
    uplineUsername: string,
    reason = 'Moved at the agent’s request',
  ) => post(by, `${player(id)}/upline`, { uplineUsername, reason });
  const team = async (agentId: bigint) =>
    (
      await t.db.query<{ member_id: string }>(
        'select member_id::text from member_tree where ancestor_id = $1 and depth > 0 order by member_id',
        [agentId],
      )
    ).map((r) => r.member_id);

  it('moves a member with their team under an agent of the merchant, audited with before and after', async () => {
    const first = await account('BR', 1);
    const second = await account('BR', 1);
    const pia = await account();
    expect((await move(agentManager, pia.id, first.username)).statusCode).toBe(200);
    const moved = await move(agentManager, first.id, second.username);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value.uplineUsername).toBe(second.username);
    // The first agent took Pia along.
    expect(await team(second.id)).toEqual([String(first.id), String(pia.id)].sort());

    const [audit] = await t.db.query<{ actor: string; detail: unknown; before_state: unknown }>(
      "select actor, detail, before_state from operator_audit_log where action like '%/upline' order by id desc limit 1",
    );
    expect(audit).toEqual({
      actor: agentManager.username,
      detail: { uplineUsername: second.username, reason: 'Moved at the agent’s request' },
      before_state: { uplineId: null, uplineUsername: null },
    });
  });

  it('refuses a cycle, a non-agent, another merchant’s agent, the same upline and a member holding a contract', async () => {
    const top = await account('BR', 1);
    const below = await account('BR', 1);
    const plain = await account();
    const mexican = await account('MX', 1);
    expect((await move(agentManager, below.id, top.username)).statusCode).toBe(200);

    const refusals = [
      [top.id, below.username, 'in the player’s own team'],
      [top.id, top.username, 'in the player’s own team'],
      [below.id, plain.username, 'is not an agent'],
      [below.id, mexican.username, 'no account with this username'],
      [below.id, top.username, 'already under'],
    ] as const;
    for (const [id, upline] of refusals) {
      const res = await move(agentManager, id, upline);
      expect(res.statusCode, `${id} under ${upline}`).toBe(400);
      expect(res.json().value.field).toBe('uplineUsername');
    }
    // The catalogue words the reason (checked for the first one: the rest differ only in the key).
    expect((await move(agentManager, top.id, below.username)).json().message).toMatch(/own team/);

    await t.db.query(
      `insert into agent_contracts (merchant_code, kind, upline_id, downline_id, terms, status)
       values ('BR', 'dailySalary', $1, $2, '{}', 'active')`,
      [top.id, below.id],
    );
    const other = await account('BR', 1);
    const held = await move(agentManager, below.id, other.username);
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('UPLINE_CONTRACTS_OPEN');
    expect(await team(top.id)).toEqual([String(below.id)]);
  });

  it('asks for a reason, and only the agent manager of the player’s merchant may move them', async () => {
    const agent = await account('BR', 1);
    const who = await account();
    const noReason = await move(agentManager, who.id, agent.username, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().value.field).toBe('reason');
    expect((await move(support, who.id, agent.username)).statusCode).toBe(403);
    const mexicoManager = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['agent_manager'], 'MX');
    expect((await move(mexicoManager, who.id, agent.username)).statusCode).toBe(404);
    expect(await team(agent.id)).toEqual([]);
  });
});
