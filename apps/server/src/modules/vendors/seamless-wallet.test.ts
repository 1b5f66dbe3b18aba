import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { hashLaunchToken } from './seamless-wallet.service';
import {
  betBody,
  cashBalance,
  fund,
  type LaunchedPlayer,
  launch,
  launchedPlayer,
  registerMember,
  rollbackBody,
  seedHouseCatalogue,
  sign,
  type VendorClientOptions,
  vendorClient,
  type WalletCall,
  winBody,
} from './test-vendor-client';

let t: TestApp;
let secret: string;
let call: ReturnType<typeof vendorClient>;

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 4 });
  await seedHouseCatalogue(t.app);
  secret = t.app.seamlessWallet.houseVendor().secret;
  call = vendorClient(t.app, { vendor: 'SORTE', secret });
});
afterAll(() => t.app.close());

type Player = LaunchedPlayer;

let names = 0;
/** A registered member with `funds` centavos, launched into crash and authenticated at the studio. */
async function newPlayer(funds: bigint): Promise<Player> {
  return launchedPlayer(t.app, call, `player${++names}x`, funds);
}

let ids = 0;
const nextId = (prefix: string) => `${prefix}-${++ids}`;

const balanceOf = (p: Player) => cashBalance(t.app, p.memberId);
const transferCount = async () =>
  (await t.db.query<{ n: bigint }>('select count(*) as n from ledger_transfers'))[0]?.n;
const roundOf = async (roundId: string) =>
  (
    await t.db.query<{ status: string; stake: bigint; payout: bigint; bet_count: number }>(
      "select status, stake, payout, bet_count from vendor_rounds where vendor_code = 'SORTE' and round_id = $1",
      [roundId],
    )
  )[0];

function expectAnswer(res: WalletCall, status: string, extra: Record<string, unknown> = {}) {
  expect(res.statusCode, res.raw).toBe(200);
  expect(res.json, res.raw).toMatchObject({ status, ...extra });
}

describe('launching a house game', () => {
  it('answers the studio page with a one-time token, language and return path, for SORTE and BGS games', async () => {
    const member = await registerMember(t.app, 'launcher1');
    const crash = await launch(t.app, member.token, 'crash', '&language=PT&returnUrl=/crash');
    expect(crash.url).toMatch(/^\/studio\/play\/crash\?token=[A-Za-z0-9_-]{43}&lang=PT&returnUrl=%2Fcrash$/);
    const dice = await launch(t.app, member.token, 'dice');
    expect(dice.url).toMatch(/^\/studio\/play\/dice\?token=[A-Za-z0-9_-]{43}&lang=EN&returnUrl=%2F$/);
    expect(dice.token).not.toBe(crash.token);
    // Only the hash is stored, with a two-minute life.
    const rows = await t.db.query<{ token_hash: string; seconds: number }>(
      `select token_hash, extract(epoch from expires_at - created_at)::int as seconds
         from vendor_launch_tokens where member_id = $1 order by created_at`,
      [member.id],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([
      hashLaunchToken(crash.token),
      hashLaunchToken(dice.token),
    ]);
    expect(rows.every((r) => r.seconds === 120)).toBe(true);
    const stored = JSON.stringify(
      await t.db.query('select row_to_json(t)::text as row from vendor_launch_tokens t'),
    );
    expect(stored).not.toContain(crash.token);
  });

  it('uses STUDIO_URL for the page address', async () => {
    const other = await buildTestApp({ houseStudio: true, studioUrl: 'https://studio.example/games' });
    try {
      await seedHouseCatalogue(other.app);
      const member = await registerMember(other.app, 'launcher2');
      const { url } = await launch(other.app, member.token, 'mines', '&language=BN');
      expect(url).toMatch(
        /^https:\/\/studio\.example\/games\/play\/mines\?token=[\w-]{43}&lang=BN&returnUrl=%2F$/,
      );
    } finally {
      await other.app.close();
    }
  });
});

describe('authenticate', () => {
  it('exchanges the launch token for the player, currency and balance, with a signed answer', async () => {
    const member = await registerMember(t.app, 'authone');
    await fund(t.app, member.id, 12_345n);
    const { token } = await launch(t.app, member.token, 'fortune-reels');
    const res = await call('authenticate', { token });
    expectAnswer(res, 'OK', { balance: 12_345, currency: 'BRL', transactionId: null });
    expect(res.json.playerId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.raw).toBe(
      `{"status":"OK","balance":12345,"currency":"BRL","transactionId":null,"playerId":"${res.json.playerId}"}`,
    );
    // The answer is signed with the same secret, over its exact bytes.
    expect(res.signature).toBe(sign(secret, res.raw));

    // The player id is the member's at this vendor, the same at every launch.
    const again = await call('authenticate', { token: (await launch(t.app, member.token, 'crash')).token });
    expect(again.json.playerId).toBe(res.json.playerId);
  });

  it('refuses a used, expired or unknown token with INVALID_TOKEN', async () => {
    const member = await registerMember(t.app, 'authtwo');
    const { token } = await launch(t.app, member.token, 'crash');
    expectAnswer(await call('authenticate', { token }), 'OK');
    const used = await call('authenticate', { token });
    expect(used.raw).toBe(
      '{"status":"INVALID_TOKEN","balance":null,"currency":null,"transactionId":null,"playerId":null}',
    );

    const late = await launch(t.app, member.token, 'crash');
    await t.db.query(
      "update vendor_launch_tokens set expires_at = now() - interval '1 second' where token_hash = $1",
      [hashLaunchToken(late.token)],
    );
    expectAnswer(await call('authenticate', { token: late.token }), 'INVALID_TOKEN', { playerId: null });
    expectAnswer(await call('authenticate', { token: 'A'.repeat(43) }), 'INVALID_TOKEN');
  });

  it('refuses a blocked member with PLAYER_BLOCKED', async () => {
    const member = await registerMember(t.app, 'authblocked');
    const { token } = await launch(t.app, member.token, 'crash');
    await t.db.query('update members set blocked = true where id = $1', [member.id]);
    expectAnswer(await call('authenticate', { token }), 'PLAYER_BLOCKED', { playerId: null, balance: null });
  });
});

describe('balance', () => {
  it("answers the player's cash balance", async () => {
    const p = await newPlayer(50_000n);
    const res = await call('balance', { playerId: p.playerId });
    expect(res.raw).toBe('{"status":"OK","balance":50000,"currency":"BRL","transactionId":null}');
    expect(res.signature).toBe(sign(secret, res.raw));
  });

  it('answers PLAYER_NOT_FOUND for a player the vendor never authenticated', async () => {
    expectAnswer(await call('balance', { playerId: 'nobody-here' }), 'PLAYER_NOT_FOUND', {
      balance: null,
      currency: null,
    });
  });
});

describe('signatures', () => {
  it('refuses a missing, malformed or wrong signature with INVALID_SIGNATURE, unsigned, and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const before = await transferCount();
    const body = betBody(p, nextId('sig'), nextId('round'), 1_000);
    const cases: VendorClientOptions[] = [
      { signature: null },
      { signature: '' },
      { signature: 'not-hex' },
      { signature: sign(secret, 'something else') },
      { secret: 'another secret that is long enough to be one' },
      { signature: sign(secret, JSON.stringify(body)).slice(0, 63) },
    ];
    for (const options of cases) {
      const res = await call('bet', body, options);
      expect(res.raw, JSON.stringify(options)).toBe(
        '{"status":"INVALID_SIGNATURE","balance":null,"currency":null,"transactionId":null}',
      );
      expect(res.signature).toBeUndefined();
    }
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await transferCount()).toBe(before);
    // Refused requests leave no trace: the same transaction id still works once signed properly.
    expectAnswer(await call('bet', body), 'OK', { balance: 9_000 });
  });

  it('refuses a body changed after signing (the amount raised) and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const signed = JSON.stringify(betBody(p, nextId('tamper'), nextId('round'), 100));
    const tampered = signed.replace('"amount":100', '"amount":9900');
    const res = await call('bet', tampered, { signature: sign(secret, signed) });
    expectAnswer(res, 'INVALID_SIGNATURE');
    // Even whitespace counts: the signature is over the raw bytes, not the parsed JSON.
    const spaced = await call('bet', signed.replace(',', ', '), { signature: sign(secret, signed) });
    expectAnswer(spaced, 'INVALID_SIGNATURE');
    expect(await balanceOf(p)).toBe(10_000n);
  });

  it('answers an unknown vendor exactly as a wrong signature, so vendor codes cannot be probed', async () => {
    const p = await newPlayer(1_000n);
    const body = betBody(p, nextId('probe'), nextId('round'), 100);
    const unknown = await call('bet', body, { vendor: 'ACME' });
    const badCode = await call('bet', body, { vendor: 'no-such-vendor!' });
    const wrong = await call('bet', body, { signature: sign('x'.repeat(40), JSON.stringify(body)) });
    expect(unknown.raw).toBe(wrong.raw);
    expect(badCode.raw).toBe(wrong.raw);
    expect(await balanceOf(p)).toBe(1_000n);
  });

  it('keeps vendors apart: their own secret, their own tokens, their own transaction ids', async () => {
    const acmeSecret = 'acme-secret-0123456789-abcdefghijklmnop';
    await t.db.query(
      "insert into wallet_vendors (code, name, secret, catalogue_vendors) values ('ACME', 'Acme Games', $1, '{ACME}')",
      [acmeSecret],
    );
    await t.db.query(
      "insert into game_vendors (vassalage, name, game_types) values ('ACME', 'Acme', '{RNG}') on conflict do nothing",
    );
    await t.db.query(
      `insert into games (vassalage, game_type, game_code, names, icon_url)
       values ('ACME', 'RNG', 'acme-slot', '{"EN":"Acme Slot"}', '/art/games/acme.svg')`,
    );
    await t.app.seamlessWallet.reloadVendors();
    const acme = vendorClient(t.app, { vendor: 'ACME', secret: acmeSecret });

    const p = await newPlayer(10_000n);
    // Signed by ACME but sent to SORTE, and the other way round.
    expectAnswer(
      await call('balance', { playerId: p.playerId }, { secret: acmeSecret }),
      'INVALID_SIGNATURE',
    );
    expectAnswer(await acme('balance', { playerId: p.playerId }, { secret }), 'INVALID_SIGNATURE');
    // SORTE's player id means nothing at ACME, and a SORTE launch token opens nothing there.
    expectAnswer(await acme('balance', { playerId: p.playerId }), 'PLAYER_NOT_FOUND');
    const member = await registerMember(t.app, 'acmeplayer');
    await fund(t.app, member.id, 5_000n);
    const sorteToken = (await launch(t.app, member.token, 'crash')).token;
    expectAnswer(await acme('authenticate', { token: sorteToken }), 'INVALID_TOKEN');

    const [node] = await t.db.query<{ node_id: number }>(
      "select node_id from games where game_code = 'acme-slot'",
    );
    const acmeToken = await t.app.seamlessWallet.createLaunchToken('ACME', {
      member: {
        id: member.id.toString(),
        username: 'acmeplayer',
        merchantCode: 'BR',
        currency: 'BRL',
        isTrial: false,
      },
      game: {
        nodeId: node?.node_id as number,
        vassalage: 'ACME',
        gameType: 'RNG',
        gameCode: 'acme-slot',
        gameName: 'Acme Slot',
      },
      language: 'EN',
      returnUrl: '/',
    });
    const auth = await acme('authenticate', { token: acmeToken });
    expectAnswer(auth, 'OK', { balance: 5_000 });
    expect(auth.signature).toBe(sign(acmeSecret, auth.raw));
    const acmePlayer = { memberId: member.id, playerId: auth.json.playerId as string, sessionToken: '' };
    // The same transaction id at two vendors is two transactions.
    const shared = nextId('shared');
    expectAnswer(await acme('bet', betBody(acmePlayer, shared, 'r1', 1_000, 'acme-slot')), 'OK', {
      balance: 4_000,
    });
    expectAnswer(await call('bet', betBody(p, shared, 'r1', 1_000)), 'OK', { balance: 9_000 });
    // A house game is not ACME's to bet on.
    expectAnswer(await acme('bet', betBody(acmePlayer, nextId('x'), 'r2', 100, 'crash')), 'INVALID_REQUEST');
    const clearing = await t.db.query<{ owner_id: string; balance: bigint }>(
      `select owner_id, sum(balance)::bigint as balance from ledger_accounts
        where owner_type = 'vendor' and currency = 'BRL' and owner_id in ('ACME', 'SORTE') group by owner_id`,
    );
    expect(clearing.find((c) => c.owner_id === 'ACME')?.balance).toBe(1_000n);
  });
});

describe('unreadable requests', () => {
  it('answers INVALID_REQUEST (HTTP 200) for bodies that are not a valid call, and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const before = await transferCount();
    const good = betBody(p, nextId('bad'), nextId('round'), 100);
    const bodies: Array<[string, string | object]> = [
      ['bet', 'not json'],
      ['bet', ''],
      ['bet', 'null'],
      ['bet', '[]'],
      ['bet', '"text"'],
      ['bet', {}],
      ['bet', { ...good, amount: -100 }],
      ['bet', { ...good, amount: 0 }],
      ['bet', { ...good, amount: 10.5 }],
      ['bet', { ...good, amount: '100' }],
      ['bet', { ...good, amount: 2 ** 53 }],
      ['bet', { ...good, currency: 'USD' }],
      ['bet', { ...good, transactionId: 'has space' }],
      ['bet', { ...good, transactionId: 'x'.repeat(101) }],
      ['bet', { ...good, playerId: 42 }],
      ['win', { ...good, roundEnded: 'yes' }],
      ['win', { ...good }],
      ['rollback', { ...good }],
      ['authenticate', { token: 'short' }],
      ['transfer', good],
      ['BET', good],
    ];
    for (const [action, body] of bodies) {
      const res = await call(action, body);
      expect(res.statusCode, `${action} ${JSON.stringify(body)}`).toBe(200);
      expect(res.json.status, `${action} ${JSON.stringify(body)}`).toBe('INVALID_REQUEST');
    }
    // A readable transaction id is echoed back.
    expect((await call('bet', { ...good, amount: -1 })).json.transactionId).toBe(good.transactionId);
    expect(await transferCount()).toBe(before);
    expect(await balanceOf(p)).toBe(10_000n);
  });

  it('answers INVALID_REQUEST (HTTP 200) for a wallet path without an action, deeper, or another method', async () => {
    const wrong = [
      { method: 'POST', url: '/vendor/SORTE/wallet/', payload: '[1,2' },
      { method: 'POST', url: '/vendor/SORTE/wallet', payload: '{}' },
      { method: 'POST', url: '/vendor/SORTE/wallet/bet/extra', payload: '{}' },
      { method: 'GET', url: '/vendor/SORTE/wallet/balance' },
      { method: 'DELETE', url: '/vendor/SORTE/wallet/bet' },
    ] as const;
    for (const request of wrong) {
      const res = await t.app.inject({ ...request, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(200);
      expect(res.json()).toEqual({
        status: 'INVALID_REQUEST',
        balance: null,
        currency: null,
        transactionId: null,
      });
    }
  });

  it('reads the body whatever content type it is labelled with, and refuses oversized bodies', async () => {
    const p = await newPlayer(10_000n);
    const res = await call('bet', betBody(p, nextId('plain'), nextId('round'), 100), {
      contentType: 'text/plain',
    });
    expectAnswer(res, 'OK', { balance: 9_900 });
    const big = JSON.stringify({
      ...betBody(p, nextId('big'), nextId('round'), 100),
      padding: 'x'.repeat(20_000),
    });
    expectAnswer(await call('bet', big), 'INVALID_REQUEST');
    const bare = await t.app.inject({ method: 'POST', url: '/vendor/SORTE/wallet/balance' });
    expectAnswer(
      { statusCode: bare.statusCode, raw: bare.body, json: bare.json(), signature: undefined },
      'INVALID_SIGNATURE',
    );
  });

  it('records an unknown game, another currency or a round of another game as INVALID_REQUEST', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const unknownGame = betBody(p, nextId('ug'), round, 100, 'no-such-game');
    expectAnswer(await call('bet', unknownGame), 'INVALID_REQUEST', { balance: 10_000, currency: 'BRL' });
    expectAnswer(
      await call('bet', { ...betBody(p, nextId('cur'), round, 100), currency: 'MXN' }),
      'INVALID_REQUEST',
    );
    expectAnswer(await call('bet', betBody(p, nextId('ok'), round, 100)), 'OK');
    expectAnswer(await call('bet', betBody(p, nextId('other'), round, 100, 'dice')), 'INVALID_REQUEST');
    expect(await balanceOf(p)).toBe(9_900n);
  });

  it('answers INVALID_REQUEST, moving nothing, when an amount would overflow a total', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 1_000)), 'OK');
    await t.db.query('update vendor_rounds set payout = 9223372036854775000 where round_id = $1', [round]);
    const transfers = await transferCount();
    const win = winBody(p, nextId('huge'), round, Number.MAX_SAFE_INTEGER);
    const res = await call('win', win);
    expect(res.raw).toBe(
      `{"status":"INVALID_REQUEST","balance":null,"currency":null,"transactionId":"${win.transactionId}"}`,
    );
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(p)).toBe(9_000n);
    // Not recorded: the id is still free.
    await t.db.query('update vendor_rounds set payout = 0 where round_id = $1', [round]);
    expectAnswer(await call('win', { ...win, amount: 500 }), 'OK', { balance: 9_500 });
  });
});

describe('bet', () => {
  it('debits the player into the vendor clearing account under the key vendor:SORTE:<transactionId>', async () => {
    const p = await newPlayer(10_000n);
    const id = nextId('bet');
    const round = nextId('round');
    const res = await call('bet', betBody(p, id, round, 2_500));
    expect(res.raw).toBe(`{"status":"OK","balance":7500,"currency":"BRL","transactionId":"${id}"}`);
    expect(res.signature).toBe(sign(secret, res.raw));
    const [transfer] = await t.db.query<{ kind: string; amount: bigint; credit: string }>(
      `select t.kind, t.amount, c.code as credit from ledger_transfers t
         join ledger_accounts c on c.id = t.credit_account_id where t.idempotency_key = $1`,
      [`vendor:SORTE:${id}`],
    );
    expect(transfer).toMatchObject({ kind: 'vendor_bet', amount: 2_500n });
    expect(transfer?.credit).toMatch(/^vendor:SORTE:clearing:BRL:\d\d$/);
    expect(await roundOf(round)).toMatchObject({ status: 'open', stake: 2_500n, payout: 0n, bet_count: 1 });
  });

  it('answers a repeated transaction id with the byte-identical first answer and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const body = betBody(p, nextId('dup'), nextId('round'), 1_000);
    const first = await call('bet', body);
    expectAnswer(first, 'OK', { balance: 9_000 });
    // The balance changes meanwhile; the repeat still gets the first answer, byte for byte.
    expectAnswer(await call('bet', betBody(p, nextId('other'), nextId('round'), 500)), 'OK', {
      balance: 8_500,
    });
    const transfers = await transferCount();
    for (let i = 0; i < 3; i++) {
      const repeat = await call('bet', body);
      expect(repeat.raw).toBe(first.raw);
      expect(repeat.signature).toBe(first.signature);
    }
    // Same fields in another order and spacing are the same request.
    const reordered = `{ "currency": "BRL", "amount": 1000, "gameCode": "crash", "roundId": "${body.roundId}", "playerId": "${p.playerId}", "transactionId": "${body.transactionId}" }`;
    expect((await call('bet', reordered)).raw).toBe(first.raw);
    expect(await balanceOf(p)).toBe(8_500n);
    expect(await transferCount()).toBe(transfers);
  });

  it('answers DUPLICATE_MISMATCH for the same id with other fields, and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const body = betBody(p, nextId('mm'), nextId('round'), 1_000);
    expectAnswer(await call('bet', body), 'OK', { balance: 9_000 });
    const transfers = await transferCount();
    for (const changed of [
      { ...body, amount: 1_001 },
      { ...body, roundId: nextId('round') },
      { ...body, gameCode: 'fortune-reels' },
    ]) {
      const res = await call('bet', changed);
      expect(res.raw).toBe(
        `{"status":"DUPLICATE_MISMATCH","balance":9000,"currency":"BRL","transactionId":"${body.transactionId}"}`,
      );
    }
    // The same id as a win is another request too.
    expectAnswer(
      await call('win', winBody(p, body.transactionId, body.roundId, 1_000)),
      'DUPLICATE_MISMATCH',
    );
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(p)).toBe(9_000n);
    expect(await roundOf(body.roundId)).toMatchObject({ stake: 1_000n, payout: 0n, status: 'open' });
  });

  it('answers INSUFFICIENT_FUNDS beyond the balance, opens no round, and repeats that answer even after a deposit', async () => {
    const p = await newPlayer(1_000n);
    const body = betBody(p, nextId('poor'), nextId('round'), 1_001);
    const first = await call('bet', body);
    expect(first.raw).toBe(
      `{"status":"INSUFFICIENT_FUNDS","balance":1000,"currency":"BRL","transactionId":"${body.transactionId}"}`,
    );
    expect(await roundOf(body.roundId)).toBeUndefined();
    await fund(t.app, p.memberId, 5_000n);
    expect((await call('bet', body)).raw).toBe(first.raw);
    expect(await balanceOf(p)).toBe(6_000n);
    // The whole balance can be staked.
    expectAnswer(await call('bet', betBody(p, nextId('all'), nextId('round'), 6_000)), 'OK', { balance: 0 });
  });

  it('answers PLAYER_NOT_FOUND for an unknown player and records the answer', async () => {
    const body = { ...betBody({ playerId: 'ghost' } as Player, nextId('ghost'), nextId('round'), 100) };
    const first = await call('bet', body);
    expectAnswer(first, 'PLAYER_NOT_FOUND', {
      balance: null,
      currency: null,
      transactionId: body.transactionId,
    });
    expect((await call('bet', body)).raw).toBe(first.raw);
  });

  it('refuses a blocked member with PLAYER_BLOCKED but still pays their win and refunds their bet', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const stake = nextId('bet');
    expectAnswer(await call('bet', betBody(p, stake, round, 1_000)), 'OK');
    const refunded = nextId('round');
    const refundedBet = nextId('bet');
    expectAnswer(await call('bet', betBody(p, refundedBet, refunded, 500)), 'OK', { balance: 8_500 });
    await t.db.query('update members set blocked = true where id = $1', [p.memberId]);
    expectAnswer(await call('bet', betBody(p, nextId('blocked'), round, 1_000)), 'PLAYER_BLOCKED', {
      balance: 8_500,
    });
    expectAnswer(await call('balance', { playerId: p.playerId }), 'OK', { balance: 8_500 });
    expectAnswer(await call('win', winBody(p, nextId('win'), round, 3_000)), 'OK', { balance: 11_500 });
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), refunded, refundedBet)), 'OK', {
      balance: 12_000,
    });
    await t.db.query('update members set blocked = false where id = $1', [p.memberId]);
  });

  it('needs a live session: INVALID_TOKEN after 30 idle minutes or a day, while wins and rollbacks still go through', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const open = nextId('bet');
    expectAnswer(await call('bet', betBody(p, open, round, 1_000)), 'OK');
    const other = nextId('round');
    const toRefund = nextId('bet');
    expectAnswer(await call('bet', betBody(p, toRefund, other, 2_000)), 'OK', { balance: 7_000 });

    await t.db.query(
      "update vendor_sessions set last_used_at = now() - interval '31 minutes' where player_id = $1",
      [p.playerId],
    );
    expectAnswer(await call('bet', betBody(p, nextId('late'), round, 1_000)), 'INVALID_TOKEN', {
      balance: 7_000,
    });
    expectAnswer(await call('win', winBody(p, nextId('win'), round, 4_000)), 'OK', { balance: 11_000 });
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), other, toRefund)), 'OK', {
      balance: 13_000,
    });

    // A new launch and authenticate restarts the session.
    const { token } = await launch(t.app, p.sessionToken, 'crash');
    expectAnswer(await call('authenticate', { token }), 'OK', { playerId: p.playerId });
    expectAnswer(await call('bet', betBody(p, nextId('again'), nextId('round'), 1_000)), 'OK', {
      balance: 12_000,
    });

    await t.db.query(
      "update vendor_sessions set started_at = now() - interval '25 hours' where player_id = $1",
      [p.playerId],
    );
    expectAnswer(await call('bet', betBody(p, nextId('old'), nextId('round'), 1_000)), 'INVALID_TOKEN');
  });
});

describe('win', () => {
  it('credits the player, adds to the round and closes it when roundEnded', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 1_000)), 'OK', { balance: 9_000 });
    const partial = await call('win', winBody(p, nextId('win'), round, 500, false));
    expectAnswer(partial, 'OK', { balance: 9_500 });
    expect(await roundOf(round)).toMatchObject({ status: 'open', payout: 500n });
    const final = nextId('win');
    const res = await call('win', winBody(p, final, round, 2_000, true));
    expect(res.raw).toBe(`{"status":"OK","balance":11500,"currency":"BRL","transactionId":"${final}"}`);
    expect(await roundOf(round)).toMatchObject({ status: 'closed', stake: 1_000n, payout: 2_500n });
    // The repeat of the closing win is its first answer, not ROUND_CLOSED.
    expect((await call('win', winBody(p, final, round, 2_000, true))).raw).toBe(res.raw);
  });

  it('answers ROUND_CLOSED for a win or a bet on a closed round, and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 1_000)), 'OK');
    expectAnswer(await call('win', winBody(p, nextId('win'), round, 3_000)), 'OK', { balance: 12_000 });
    const transfers = await transferCount();
    expectAnswer(await call('win', winBody(p, nextId('win'), round, 3_000)), 'ROUND_CLOSED', {
      balance: 12_000,
    });
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 1_000)), 'ROUND_CLOSED', {
      balance: 12_000,
    });
    expect(await transferCount()).toBe(transfers);
  });

  it('closes a lost round with a win of 0, moving nothing', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 1_000)), 'OK');
    const transfers = await transferCount();
    expectAnswer(await call('win', winBody(p, nextId('zero'), round, 0, true)), 'OK', { balance: 9_000 });
    expect(await transferCount()).toBe(transfers);
    expect(await roundOf(round)).toMatchObject({ status: 'closed', payout: 0n });
  });

  it("answers BET_NOT_FOUND for a round without bets, and INVALID_REQUEST for another player's round", async () => {
    const p = await newPlayer(10_000n);
    const q = await newPlayer(10_000n);
    expectAnswer(await call('win', winBody(p, nextId('win'), nextId('round'), 1_000)), 'BET_NOT_FOUND', {
      balance: 10_000,
    });
    const round = nextId('round');
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 1_000)), 'OK');
    expectAnswer(await call('win', winBody(q, nextId('win'), round, 5_000)), 'INVALID_REQUEST', {
      balance: 10_000,
    });
    expectAnswer(await call('bet', betBody(q, nextId('bet'), round, 1_000)), 'INVALID_REQUEST');
    expect(await balanceOf(q)).toBe(10_000n);
  });
});

describe('rollback', () => {
  it('refunds the bet once, however many rollbacks come, and cancels a round left without bets', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const bet = nextId('bet');
    expectAnswer(await call('bet', betBody(p, bet, round, 4_000)), 'OK', { balance: 6_000 });
    const rollback = rollbackBody(p, nextId('rb'), round, bet);
    const first = await call('rollback', rollback);
    expect(first.raw).toBe(
      `{"status":"OK","balance":10000,"currency":"BRL","transactionId":"${rollback.transactionId}"}`,
    );
    expect((await call('rollback', rollback)).raw).toBe(first.raw);
    // A second rollback (its own id) of the same bet: OK, nothing more refunded.
    const transfers = await transferCount();
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), round, bet)), 'OK', {
      balance: 10_000,
    });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await roundOf(round)).toMatchObject({ status: 'cancelled', stake: 0n, bet_count: 0 });
    // The refund is a ledger reversal of the bet.
    const [reversal] = await t.db.query<{ kind: string; reversal_of: bigint | null }>(
      'select kind, reversal_of from ledger_transfers where idempotency_key = $1',
      [`vendor:SORTE:${rollback.transactionId}`],
    );
    expect(reversal?.kind).toBe('reversal');
    expect(reversal?.reversal_of).not.toBeNull();
    // The repeated bet keeps its first answer; the round stays cancelled.
    expectAnswer(await call('bet', betBody(p, bet, round, 4_000)), 'OK', { balance: 6_000 });
    expect(await balanceOf(p)).toBe(10_000n);
  });

  it('refunds one bet of a round with several and keeps the round open', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const a = nextId('bet');
    expectAnswer(await call('bet', betBody(p, a, round, 1_000)), 'OK');
    expectAnswer(await call('bet', betBody(p, nextId('bet'), round, 2_000)), 'OK', { balance: 7_000 });
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), round, a)), 'OK', { balance: 8_000 });
    expect(await roundOf(round)).toMatchObject({ status: 'open', stake: 2_000n, bet_count: 1 });
  });

  it('answers OK for a bet never seen, leaves a tombstone, and refuses the late bet with DUPLICATE_MISMATCH', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const bet = nextId('lost');
    const rollback = rollbackBody(p, nextId('rb'), round, bet);
    const res = await call('rollback', rollback);
    expect(res.raw).toBe(
      `{"status":"OK","balance":10000,"currency":"BRL","transactionId":"${rollback.transactionId}"}`,
    );
    const [tombstone] = await t.db.query<{ action: string; rolled_back_by: string }>(
      "select action, rolled_back_by from vendor_transactions where vendor_code = 'SORTE' and transaction_id = $1",
      [bet],
    );
    expect(tombstone).toEqual({ action: 'tombstone', rolled_back_by: rollback.transactionId });
    const transfers = await transferCount();
    const late = await call('bet', betBody(p, bet, round, 1_000));
    expect(late.raw).toBe(
      `{"status":"DUPLICATE_MISMATCH","balance":10000,"currency":"BRL","transactionId":"${bet}"}`,
    );
    expect((await call('bet', betBody(p, bet, round, 1_000))).json.status).toBe('DUPLICATE_MISMATCH');
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await roundOf(round)).toBeUndefined();
    // Rolling the tombstoned bet back again is still OK and moves nothing.
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), round, bet)), 'OK', {
      balance: 10_000,
    });
  });

  it('answers ROUND_CLOSED for a bet whose round was settled, and moves nothing', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const bet = nextId('bet');
    expectAnswer(await call('bet', betBody(p, bet, round, 1_000)), 'OK');
    expectAnswer(await call('win', winBody(p, nextId('win'), round, 0, true)), 'OK', { balance: 9_000 });
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), round, bet)), 'ROUND_CLOSED', {
      balance: 9_000,
    });
    expect(await balanceOf(p)).toBe(9_000n);
  });

  it('refunds nothing for a bet that was refused, and answers OK', async () => {
    const p = await newPlayer(500n);
    const round = nextId('round');
    const bet = nextId('bet');
    expectAnswer(await call('bet', betBody(p, bet, round, 1_000)), 'INSUFFICIENT_FUNDS');
    const transfers = await transferCount();
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), round, bet)), 'OK', { balance: 500 });
    expect(await transferCount()).toBe(transfers);
  });

  it('answers INVALID_REQUEST when the id is not a bet of this player and round', async () => {
    const p = await newPlayer(10_000n);
    const q = await newPlayer(10_000n);
    const round = nextId('round');
    const bet = nextId('bet');
    const win = nextId('win');
    expectAnswer(await call('bet', betBody(p, bet, round, 1_000)), 'OK');
    expectAnswer(await call('win', winBody(p, win, round, 500, false)), 'OK', { balance: 9_500 });
    expectAnswer(await call('rollback', rollbackBody(p, nextId('rb'), round, win)), 'INVALID_REQUEST');
    expectAnswer(await call('rollback', rollbackBody(q, nextId('rb'), round, bet)), 'INVALID_REQUEST');
    expectAnswer(
      await call('rollback', rollbackBody(p, nextId('rb'), nextId('round'), bet)),
      'INVALID_REQUEST',
    );
    expectAnswer(
      await call('rollback', { ...rollbackBody(p, nextId('rb'), round, bet), playerId: 'ghost' }),
      'PLAYER_NOT_FOUND',
    );
    expect(await balanceOf(p)).toBe(9_500n);
    expect(await balanceOf(q)).toBe(10_000n);
  });

  it('recovers a lost answer: the bet applied unseen, its rollback refunds once, and the retried bet repeats its answer', async () => {
    const p = await newPlayer(10_000n);
    const round = nextId('round');
    const body = betBody(p, nextId('unseen'), round, 3_000);
    // The platform applies the bet; the answer never reaches the vendor.
    const lost = await call('bet', body);
    expect(await balanceOf(p)).toBe(7_000n);
    // The vendor times out and rolls the bet back: refunded.
    const rollback = rollbackBody(p, nextId('rb'), round, body.transactionId);
    expectAnswer(await call('rollback', rollback), 'OK', { balance: 10_000 });
    // Its own retry of the rollback refunds nothing more.
    expectAnswer(await call('rollback', rollback), 'OK', { balance: 10_000 });
    // A retried bet finds the original and answers its bytes, moving no money.
    const transfers = await transferCount();
    const retried = await call('bet', body);
    expect(retried.raw).toBe(lost.raw);
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(p)).toBe(10_000n);
    const entries = await t.db.query<{ n: bigint }>(
      `select count(*) as n from ledger_transfers where idempotency_key in ($1, $2)`,
      [`vendor:SORTE:${body.transactionId}`, `vendor:SORTE:${rollback.transactionId}`],
    );
    expect(entries[0]?.n).toBe(2n);
  });
});

describe('the ledger afterwards', () => {
  it('still holds every invariant', async () => {
    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches).toEqual([]);
    // Each vendor transaction moved money at most once.
    const [dup] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from (select idempotency_key from ledger_transfers where idempotency_key like 'vendor:%'
        group by 1 having count(*) > 1) x`,
    );
    expect(dup?.n).toBe(0n);
  });
});

describe('live balance', () => {
  it("announces the member's cash account after a bet and a win that moved money, not after a repeat", async () => {
    const p = await newPlayer(10_000n);
    const { cash } = await t.app.ledger.openAccounts(p.memberId.toString(), 'BRL');
    const announced: bigint[][] = [];
    const stop = t.app.ledger.onAccountsChanged((ids) => announced.push([...ids]));
    try {
      const bet = betBody(p, nextId('live-bet'), nextId('live-round'), 500);
      expectAnswer(await call('bet', bet), 'OK');
      expectAnswer(await call('win', winBody(p, nextId('live-win'), bet.roundId, 900)), 'OK');
      expectAnswer(await call('bet', bet), 'OK');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(announced.filter((ids) => ids.includes(cash))).toHaveLength(2);
    } finally {
      stop();
    }
  });
});
