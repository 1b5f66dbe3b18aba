import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDatabase } from '../db/client';
import { seedWithFirstCrashBetween, TEST_SALT } from '../test/chains';
import { FakeWallet } from '../test/fake-wallet';
import {
  client,
  crashSocket,
  type ServerProcess,
  type StudioStorage,
  spawnServer,
  studioStorage,
  tempDir,
  waitFor,
} from '../test/helpers';

const STUDIO_MAIN = 'apps/studio/src/server/main.ts';

/**
 * The studio as its own process (src/server/main.ts), killed with SIGKILL in the middle of a crash
 * game and of a dice bet, then started again on the same data: every round is settled or refunded.
 */
describe('a studio killed mid-round', () => {
  const wallet = new FakeWallet();
  const dataDir = tempDir('restart');
  let storage: StudioStorage;
  const { seed } = seedWithFirstCrashBetween(300, 100_000);
  const env = () => ({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PLATFORM_URL: wallet.url,
    HOUSE_VENDOR_SECRET: wallet.secret,
    ...storage.env,
    STUDIO_HOST: '127.0.0.1',
    STUDIO_PORT: '0',
    STUDIO_WEB_DIST_DIR: join(dataDir, 'no-web'),
    STUDIO_WALLET_TIMEOUT_MS: '8000',
    STUDIO_RETRY_BASE_MS: '50',
    CRASH_CHAIN_SEED: seed,
    CRASH_SALT: TEST_SALT,
    CRASH_CHAIN_LENGTH: '200',
    CRASH_BETTING_MS: '8000',
  });
  let studio: ServerProcess | null = null;

  beforeAll(async () => {
    await wallet.start();
    storage = await studioStorage('restart');
  });
  afterAll(async () => {
    await studio?.kill().catch(() => undefined);
    await wallet.stop();
    await storage.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles cash-outs, refunds the other bets of the interrupted game and the unanswered bet', async () => {
    studio = await spawnServer(STUDIO_MAIN, env());
    const url = `${studio.origin}/studio`;
    const session = async (gameCode: string) => {
      const { token, playerId } = wallet.launch(100_000n);
      const res = await client(url)('POST', '/api/session', { token, gameCode });
      expect(res.status).toBe(200);
      return { playerId, session: res.body.session as string };
    };
    const cashing = await session('crash');
    const holding = await session('crash');
    const dicer = await session('dice');
    const sockets = await Promise.all([crashSocket(url), crashSocket(url)]);
    const [sc, sh] = sockets as [
      Awaited<ReturnType<typeof crashSocket>>,
      Awaited<ReturnType<typeof crashSocket>>,
    ];
    sc.send({ type: 'auth', session: cashing.session });
    sh.send({ type: 'auth', session: holding.session });
    const snapshot = await sc.next((m) => m.type === 'snapshot');
    expect(snapshot).toMatchObject({ gameId: 1, phase: 'betting' });
    sc.send({ type: 'bet', amount: 1000 });
    sh.send({ type: 'bet', amount: 2000 });
    // Both answers may arrive while the first is awaited: look from the start of each socket.
    await sc.next((m) => m.type === 'bet_accepted', 15_000, 0);
    await sh.next((m) => m.type === 'bet_accepted', 15_000, 0);
    await sc.next((m) => m.type === 'started', 15_000, 0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    sc.send({ type: 'cashout' });
    const cashed = await sc.next((m) => m.type === 'cashed_out');
    expect(cashed.at as number).toBeGreaterThan(100);

    // A dice bet the wallet takes at once but answers only much later.
    wallet.inject('bet', { delayMs: 6000 });
    const pendingDice = client(url, dicer.session)('POST', '/api/dice/bet', {
      amount: 500,
      direction: 'over',
      target: 5000,
    }).catch(() => null);
    await waitFor(() => wallet.balanceOf(dicer.playerId) === 99_500n, 5000, 'the dice stake to be taken');

    await studio.kill();
    await pendingDice;
    for (const s of sockets) s.close();
    // What the platform holds at the moment of the kill.
    expect(wallet.balanceOf(holding.playerId)).toBe(98_000n);
    expect(wallet.balanceOf(dicer.playerId)).toBe(99_500n);
    const payout = Math.floor((1000 * (cashed.at as number)) / 100);
    expect(wallet.balanceOf(cashing.playerId)).toBe(BigInt(99_000 + payout));

    wallet.clearFaults();
    studio = await spawnServer(STUDIO_MAIN, env());
    await waitFor(
      () => wallet.balanceOf(holding.playerId) === 100_000n && wallet.balanceOf(dicer.playerId) === 100_000n,
      20_000,
      'the refunds after the restart',
    );
    expect(wallet.balanceOf(cashing.playerId)).toBe(BigInt(99_000 + payout));
    expect(wallet.openRounds()).toEqual([]);
    // The restarted studio goes on with the next games of the chain (game 1 stays aborted).
    const next = await crashSocket(`${studio.origin}/studio`);
    next.send({ type: 'watch' });
    // The first game it names: the snapshot's, or (when the snapshot came before the restarted
    // engine opened its first game, and names none) the next betting phase's.
    const named = await next.next(
      (m) => (m.type === 'snapshot' && m.gameId !== null) || m.type === 'betting',
    );
    expect(named.gameId as number).toBeGreaterThanOrEqual(2);
    next.close();
    expect(await studio.stop()).toBe(0);
    studio = null;

    const db = await openStudioDatabase(
      storage.overrides.databaseUrl
        ? { url: storage.overrides.databaseUrl, poolSize: 1 }
        : { dataDir: storage.overrides.studioDataDir as string },
    );
    try {
      const rounds = await db.query<{ game_code: string; state: string; payout: bigint | null }>(
        'select game_code, state, payout from rounds order by created_at',
      );
      expect(rounds.map((r) => `${r.game_code} ${r.state}`).sort()).toEqual([
        'crash refunded',
        'crash settled',
        'dice refunded',
      ]);
      const [game] = await db.query<{ state: string }>('select state from crash_games where id = 1');
      expect(game?.state).toBe('aborted');
      const [pending] = await db.query<{ n: bigint }>(
        "select count(*)::int8 as n from wallet_calls where state = 'pending' and action <> 'bet'",
      );
      expect(pending?.n).toBe(0n);
    } finally {
      await db.close();
    }
  });
});
