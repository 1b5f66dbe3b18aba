import type { AddressInfo } from 'node:net';
import { studioPlugin } from '@sorte/studio/plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { embedHouseStudio } from '../../embedded-studio';
import { verifyLedger } from '../ledger/ledger-verify';
import { inProcessWalletTransport } from './seamless-wallet.in-process';
import { cashBalance, fund, launch, registerMember, seedHouseCatalogue, sign } from './test-vendor-client';

/**
 * The studio embedded by `npm start` reaches the wallet in-process; a studio told to use HTTP (as
 * when it runs apart) reaches the same wallet over the network. Both sit in one app here, which
 * listens, so that every HTTP request the wallet gets can be counted on the server socket.
 */
let t: TestApp;
const vendorRequests: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true, houseShards: 4 }, async (app) => {
    await embedHouseStudio(app, app.config, { studioDataDir: 'memory://', startEngines: false });
    const house = app.seamlessWallet.houseVendor();
    await app.register(studioPlugin, {
      prefix: '/studio-http',
      config: {
        dataDir: app.config.dataDir,
        vendorSecret: house.secret,
        studioDataDir: 'memory://',
        startEngines: false,
      },
    });
  });
  await seedHouseCatalogue(t.app);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  t.app.server.on('request', (request) => {
    if (request.url?.startsWith('/vendor/')) vendorRequests.push(request.url);
  });
});
afterAll(() => t.app.close());

let names = 0;
/** A funded member with a studio session at `studio` (its path), after the platform's launch. */
async function playerAt(studio: string) {
  const member = await registerMember(t.app, `inproc${++names}x`);
  await fund(t.app, member.id, 50_000n);
  const { token } = await launch(t.app, member.token, 'dice');
  const res = await t.app.inject({
    method: 'POST',
    url: `${studio}/api/session`,
    payload: { token, gameCode: 'dice' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { memberId: member.id, session: res.json().session as string, balance: res.json().balance };
}

const diceBet = (studio: string, session: string, requestId: string) =>
  t.app.inject({
    method: 'POST',
    url: `${studio}/api/dice/bet`,
    headers: { 'x-studio-session': session },
    payload: { amount: 1000, direction: 'over', target: 5000, requestId },
  });

describe('the embedded studio reaches the wallet in-process', () => {
  it('opens a session and bets without any HTTP request to /vendor, and the money moves once', async () => {
    vendorRequests.length = 0;
    const player = await playerAt('/studio');
    expect(player.balance).toBe(50_000);

    const bet = await diceBet('/studio', player.session, 'inproc-bet-1');
    expect(bet.statusCode, bet.body).toBe(200);
    const answer = bet.json();
    expect(answer.balance).toBe(50_000 - 1000 + answer.payout);
    // A repeat of the same request answers the first bet and bets nothing more.
    const repeat = await diceBet('/studio', player.session, 'inproc-bet-1');
    expect(repeat.json()).toEqual(answer);

    expect(await cashBalance(t.app, player.memberId)).toBe(BigInt(answer.balance));
    expect(vendorRequests).toEqual([]);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('answers the same as the studio that goes over HTTP', async () => {
    vendorRequests.length = 0;
    const player = await playerAt('/studio-http');
    const bet = await diceBet('/studio-http', player.session, 'http-bet-1');
    expect(bet.statusCode, bet.body).toBe(200);
    const answer = bet.json();
    expect(answer.balance).toBe(50_000 - 1000 + answer.payout);
    expect(await cashBalance(t.app, player.memberId)).toBe(BigInt(answer.balance));
    // authenticate, bet, and the win's delivery when the roll won: all over the network here.
    expect(vendorRequests.length).toBeGreaterThanOrEqual(2);
    expect(vendorRequests.every((url) => url.startsWith('/vendor/SORTE/wallet/'))).toBe(true);
  });

  it('gives byte-for-byte the answers and signatures of the HTTP route, repeats included', async () => {
    const house = t.app.seamlessWallet.houseVendor();
    const send = inProcessWalletTransport(t.app.seamlessWallet, house.code, t.app.log);
    const member = await registerMember(t.app, 'inprocraw');
    await fund(t.app, member.id, 10_000n);
    const { token } = await launch(t.app, member.token, 'dice');
    const authBody = JSON.stringify({ token });
    const auth = await send('authenticate', authBody, sign(house.secret, authBody));
    expect(auth.status).toBe(200);
    expect(auth.signature).toBe(sign(house.secret, auth.body));
    const playerId = JSON.parse(auth.body).playerId as string;

    const bet = JSON.stringify({
      playerId,
      transactionId: 'inproc-raw-1',
      roundId: 'inproc-round-1',
      gameCode: 'dice',
      amount: 700,
      currency: 'BRL',
    });
    const first = await send('bet', bet, sign(house.secret, bet));
    expect(JSON.parse(first.body)).toMatchObject({ status: 'OK', balance: 9300 });
    const overHttp = await fetch(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/vendor/SORTE/wallet/bet`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(house.secret, bet) },
        body: bet,
      },
    );
    // The retry over HTTP is answered from the stored answer: same bytes, same signature, no second debit.
    expect(await overHttp.text()).toBe(first.body);
    expect(overHttp.headers.get('x-signature')).toBe(first.signature);
    const again = await send('bet', bet, sign(house.secret, bet));
    expect(again).toEqual(first);
    expect(await cashBalance(t.app, member.id)).toBe(9300n);

    // A wrong signature is refused unsigned, as over HTTP.
    const forged = await send('bet', bet, sign('not the secret at all, not at all', bet));
    expect(forged.signature).toBeNull();
    expect(JSON.parse(forged.body).status).toBe('INVALID_SIGNATURE');
  });
});
