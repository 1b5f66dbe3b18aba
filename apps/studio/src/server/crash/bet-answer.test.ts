import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWithFirstCrashBetween, TEST_CHAIN_LENGTH, TEST_SALT } from '../test/chains';
import { FakeWallet } from '../test/fake-wallet';
import { crashSocket, openSession, startStudio, type TestStudio, waitFor } from '../test/helpers';

/**
 * A crash bet always gets an answer in bounded time, whatever its wallet call does: past the
 * engine's backstop the player is told the bet is not placed, and a bet the wallet takes after that
 * is refunded instead of riding in a game the player cannot see it in (no Cash out button).
 */
describe('crash bet answer backstop', () => {
  const wallet = new FakeWallet();
  let studio: TestStudio;
  const betAnswerMs = 400;

  beforeAll(async () => {
    await wallet.start();
    studio = await startStudio(wallet, {
      // Far longer than the backstop: only the backstop can answer in time.
      walletTimeoutMs: 20_000,
      crash: {
        chainSeed: seedWithFirstCrashBetween(300, 1000).seed,
        salt: TEST_SALT,
        chainLength: TEST_CHAIN_LENGTH,
        bettingMs: 1000,
        tickMs: 20,
        betGraceMs: 300,
        betAnswerMs,
        // A frozen clock: the first game stays in its betting phase for the whole test.
        clock: () => 0,
      },
    });
  });
  afterAll(async () => {
    await studio.close();
    await wallet.stop();
  });

  it('answers BET_NOT_CONFIRMED when the wallet is slower than the backstop, and refunds the late bet', async () => {
    const player = await openSession(studio, wallet, 'crash');
    const socket = await crashSocket(studio.url);
    socket.send({ type: 'auth', session: player.session });
    expect(await socket.next((m) => m.type === 'snapshot')).toMatchObject({ phase: 'betting', gameId: 1 });

    // The wallet takes the bet (the money moves) but answers only after 2 s.
    wallet.inject('bet', { delayMs: 2000 });
    const sentAt = Date.now();
    socket.send({ type: 'bet', amount: 1000, requestId: 'slow-wallet-1' });
    const answer = await socket.next((m) => m.type === 'bet_accepted' || m.type === 'error', 1500);
    expect(answer).toMatchObject({ type: 'error', code: 'BET_NOT_CONFIRMED' });
    expect(Date.now() - sentAt).toBeLessThan(1500);

    // The wallet's late OK does not seat the player: the bet is rolled back and the money returns.
    await waitFor(() => wallet.balanceOf(player.playerId) === 100_000n, 10_000, 'the refund');
    await waitFor(
      async () => (await studio.studio.settlement.pendingCount()) === 0,
      10_000,
      'the rollback acknowledged',
    );
    expect(studio.studio.crash.state()).toMatchObject({ phase: 'betting', gameId: 1, players: 0 });
    expect(socket.messages.some((m) => m.type === 'bet_accepted')).toBe(false);

    // Once that bet has settled, the player may bet in the same game again, and it is taken.
    socket.send({ type: 'bet', amount: 1000, requestId: 'slow-wallet-2' });
    expect(await socket.next((m) => m.type === 'bet_accepted' || m.type === 'error')).toMatchObject({
      type: 'bet_accepted',
      gameId: 1,
      balance: 99_000,
    });
    expect(studio.studio.crash.state()).toMatchObject({ players: 1 });
    socket.socket.close();
  });
});
