import { crashPointSync, generateChainSync, verifyChainSync } from '@sorte/fair/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWithFirstCrashBetween, TEST_CHAIN_LENGTH, TEST_SALT } from '../test/chains';
import { FakeWallet } from '../test/fake-wallet';
import { client, crashSocket, openSession, startStudio, type TestStudio, waitFor } from '../test/helpers';
import { elapsedAt, multiplierAt } from './crash-chain';
import { maskPlayer } from './crash-engine';

const SALT = TEST_SALT;
const CHAIN_LENGTH = TEST_CHAIN_LENGTH;

describe('crash', () => {
  const wallet = new FakeWallet();
  let studio: TestStudio;
  let now = 0;
  const { seed, crashPoint } = seedWithFirstCrashBetween(300, 1000);
  const chain = generateChainSync(seed, CHAIN_LENGTH);
  const bettingMs = 1000;

  beforeAll(async () => {
    await wallet.start();
    studio = await startStudio(wallet, {
      crash: {
        chainSeed: seed,
        salt: SALT,
        chainLength: CHAIN_LENGTH,
        bettingMs,
        cooldownMs: 60_000,
        tickMs: 20,
        betGraceMs: 300,
        clock: () => now,
      },
    });
  });
  afterAll(async () => {
    await studio.close();
    await wallet.stop();
  });

  it('takes bets only while betting, pays cash-outs by server time and auto cash-outs at their target', async () => {
    const players = await Promise.all(
      ['A', 'B', 'C', 'D1', 'D2', 'E'].map(() => openSession(studio, wallet, 'crash')),
    );
    const [a, b, c, d1, d2, e] = players as [
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
    ];
    const sockets = await Promise.all(players.map(() => crashSocket(studio.url)));
    const [sa, sb, sc, sd1, sd2, se] = sockets as [
      Awaited<ReturnType<typeof crashSocket>>,
      Awaited<ReturnType<typeof crashSocket>>,
      Awaited<ReturnType<typeof crashSocket>>,
      Awaited<ReturnType<typeof crashSocket>>,
      Awaited<ReturnType<typeof crashSocket>>,
      Awaited<ReturnType<typeof crashSocket>>,
    ];
    const watcher = await crashSocket(studio.url);
    watcher.send({ type: 'watch' });
    const snapshot = await watcher.next((m) => m.type === 'snapshot');
    expect(snapshot).toMatchObject({
      phase: 'betting',
      gameId: 1,
      bettingEndsInMs: bettingMs,
      players: [],
      me: null,
    });

    for (const [i, s] of sockets.entries()) {
      s.send({ type: 'auth', session: players[i]?.session });
      await s.next((m) => m.type === 'snapshot');
    }
    // No bet before signing in.
    const anonymous = await crashSocket(studio.url);
    anonymous.send({ type: 'bet', amount: 1000 });
    expect(await anonymous.next((m) => m.type === 'error')).toMatchObject({ code: 'SESSION_REQUIRED' });
    anonymous.close();

    const bets: [typeof sa, object][] = [
      [sa, { amount: 1000 }],
      [sb, { amount: 1000, autoCashout: 200 }],
      [sc, { amount: 1000, autoCashout: crashPoint + 50 }],
      [sd1, { amount: 1000 }],
      [sd2, { amount: 1000 }],
    ];
    for (const [s, bet] of bets) {
      s.send({ type: 'bet', ...bet });
      expect(await s.next((m) => m.type === 'bet_accepted' || m.type === 'error')).toMatchObject({
        type: 'bet_accepted',
        gameId: 1,
        balance: 99_000,
      });
    }
    sa.send({ type: 'bet', amount: 1000 });
    expect(await sa.next((m) => m.type === 'error')).toMatchObject({ code: 'ALREADY_BET' });
    se.send({ type: 'bet', amount: 50 });
    expect(await se.next((m) => m.type === 'error')).toMatchObject({ code: 'BET_LIMIT' });
    expect(await watcher.next((m) => m.type === 'bet_placed', 5000, 0)).toEqual({
      type: 'bet_placed',
      player: maskPlayer(a.playerId),
      amount: 1000,
      currency: 'BRL',
    });

    // Betting ends on the server's clock.
    now = bettingMs;
    await watcher.next((m) => m.type === 'started');
    const start = now;
    se.send({ type: 'bet', amount: 1000 });
    expect(await se.next((m) => m.type === 'error')).toMatchObject({ code: 'BETTING_CLOSED' });
    expect(wallet.balanceOf(e.playerId)).toBe(100_000n);

    // A manual cash-out counts at the multiplier of the server's clock when it is handled.
    const elapsedA = elapsedAt(150) + 7;
    now = start + elapsedA;
    sa.send({ type: 'cashout' });
    const cashedA = await sa.next((m) => m.type === 'cashed_out');
    const atA = multiplierAt(elapsedA);
    expect(cashedA).toMatchObject({ at: atA, payout: Math.floor((1000 * atA) / 100) });
    expect(wallet.balanceOf(a.playerId)).toBe(BigInt(99_000 + Math.floor((1000 * atA) / 100)));

    // The clock jumps past 2.50×: B's auto cash-out is paid at exactly 2.00×.
    now = start + elapsedAt(250);
    const cashedB = await sb.next((m) => m.type === 'cashed_out');
    expect(cashedB).toMatchObject({ at: 200, payout: 2000, balance: 101_000 });
    const tickWithB = await watcher.next(
      (m) =>
        m.type === 'tick' &&
        (m.cashouts as { player: string }[]).some((x) => x.player === maskPlayer(b.playerId)),
      5000,
      0,
    );
    expect(Object.keys(tickWithB).sort()).toEqual(['cashouts', 'elapsedMs', 'type']);
    expect(tickWithB.cashouts).toContainEqual({ player: maskPlayer(b.playerId), at: 200 });

    // The race at the crash: one millisecond before wins, the crash's own millisecond is too late,
    // whether or not the crash has been announced yet.
    const crashAfter = elapsedAt(crashPoint);
    now = start + crashAfter - 1;
    sd1.send({ type: 'cashout' });
    const cashedD1 = await sd1.next((m) => m.type === 'cashed_out');
    expect(cashedD1.at).toBe(multiplierAt(crashAfter - 1));
    expect(cashedD1.at as number).toBeLessThan(crashPoint);
    now = start + crashAfter;
    sd2.send({ type: 'cashout' });
    expect(await sd2.next((m) => m.type === 'error')).toMatchObject({ code: 'TOO_LATE' });

    const crashed = await watcher.next((m) => m.type === 'crashed');
    const hash = chain.hashes[0] as string;
    expect(crashed).toEqual({ type: 'crashed', gameId: 1, crashPoint, hash });
    expect(crashPointSync(hash, SALT)).toBe(crashPoint);
    expect(verifyChainSync(chain.terminatingHash, hash, 1)).toBe(true);
    sd2.send({ type: 'cashout' });
    expect(await sd2.next((m) => m.type === 'error')).toMatchObject({ code: 'TOO_LATE' });

    // Every round closed: losers with a win of 0.
    await waitFor(
      async () => (await studio.studio.settlement.pendingCount()) === 0,
      10_000,
      'crash settlement',
    );
    const rounds = await studio.studio.db.query<{ state: string; payout: bigint; player_id: string }>(
      "select state, payout, player_id from rounds where game_code = 'crash'",
    );
    expect(rounds).toHaveLength(5);
    expect(rounds.every((r) => r.state === 'settled')).toBe(true);
    expect(wallet.openRounds()).toEqual([]);
    const payD1 = Math.floor((1000 * (cashedD1.at as number)) / 100);
    expect(wallet.balanceOf(b.playerId)).toBe(101_000n);
    expect(wallet.balanceOf(c.playerId)).toBe(99_000n);
    expect(wallet.balanceOf(d1.playerId)).toBe(BigInt(99_000 + payD1));
    expect(wallet.balanceOf(d2.playerId)).toBe(99_000n);

    // Public fairness data.
    const call = client(studio.url);
    expect((await call('GET', '/crash/history')).body).toEqual([{ gameId: 1, hash, crashPoint }]);
    expect((await call('GET', '/crash/fairness')).body).toEqual({
      salt: SALT,
      terminatingHash: chain.terminatingHash,
      chainLength: CHAIN_LENGTH,
      firstGameId: 1,
    });
    // The player's own history shows the crash point once the game has crashed.
    const history = await client(studio.url, d1.session)('GET', '/api/history?gameCode=crash');
    expect(history.body).toMatchObject([
      {
        gameCode: 'crash',
        stake: 1000,
        payout: payD1,
        outcome: { gameId: 1, cashedOutAt: cashedD1.at, crashPoint, hash },
      },
    ]);
    for (const s of [...sockets, watcher]) s.close();
  });
});
