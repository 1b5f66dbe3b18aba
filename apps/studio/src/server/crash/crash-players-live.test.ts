import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { type CrashPlayer, CrashStore } from '../../web/games/crash/crash-store';
import { seedWithFirstCrashBetween, TEST_CHAIN_LENGTH, TEST_SALT } from '../test/chains';
import { FakeWallet } from '../test/fake-wallet';
import { openSession, startStudio, type TestStudio, waitFor } from '../test/helpers';
import { elapsedAt } from './crash-chain';
import { maskPlayer } from './crash-engine';

// The frame's store runs here as in the browser: Node 20 has no WebSocket of its own.
(globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;

/**
 * The crash table's live list, end to end: the frame's own store over the studio's real socket.
 * Each player sees everybody's bets of this round (names masked) as they are placed, and the
 * cash-outs as they happen, and the round's player count follows.
 */
describe('crash live list of the round', () => {
  const wallet = new FakeWallet();
  let studio: TestStudio;
  let now = 0;
  const { seed, crashPoint } = seedWithFirstCrashBetween(300, 1000);
  const bettingMs = 1000;

  beforeAll(async () => {
    await wallet.start();
    studio = await startStudio(wallet, {
      crash: {
        chainSeed: seed,
        salt: TEST_SALT,
        chainLength: TEST_CHAIN_LENGTH,
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

  it("shows every player the other players' bets and cash-outs of this round, names masked", async () => {
    const [a, b] = await Promise.all([
      openSession(studio, wallet, 'crash'),
      openSession(studio, wallet, 'crash'),
    ]);
    if (!a || !b) throw new Error('sessions');
    const url = `${studio.url.replace(/^http/, 'ws')}/crash/ws`;
    const quiet = { balance: () => {}, error: () => {}, roundOver: () => {} };
    const tableA = new CrashStore(a.session, quiet, url);
    const tableB = new CrashStore(b.session, quiet, url);
    // A guest only watching: no session.
    const watcher = new CrashStore(null, quiet, url);
    const tables = [tableA, tableB, watcher];
    try {
      for (const table of tables) table.connect();
      await waitFor(() => tables.every((t) => t.getState().phase === 'betting'), 10_000, 'betting');
      expect(tables.map((t) => t.getState().players.length)).toEqual([0, 0, 0]);

      tableA.bet(1_000, null);
      tableB.bet(2_000, 150);
      await waitFor(() => tables.every((t) => t.getState().players.length === 2), 10_000, 'both bets');
      const names = (players: CrashPlayer[]) => players.map((p) => p.player).sort();
      const expected = [maskPlayer(a.playerId), maskPlayer(b.playerId)].sort();
      for (const table of tables) {
        expect(names(table.getState().players)).toEqual(expected);
        // Masked: never the player's id.
        expect(JSON.stringify(table.getState().players)).not.toContain(a.playerId);
      }

      // The round runs past B's auto cash-out at 1.50×: everybody sees it, the count stays 2.
      now = bettingMs;
      await waitFor(() => tables.every((t) => t.getState().phase === 'running'), 10_000, 'running');
      now += elapsedAt(Math.min(200, crashPoint - 1));
      const cashedB = (t: CrashStore) =>
        t.getState().players.find((p) => p.player === maskPlayer(b.playerId))?.cashedOutAt;
      await waitFor(() => tables.every((t) => cashedB(t) === 150), 10_000, 'the cash-out');
      expect(tables.map((t) => t.getState().players.length)).toEqual([2, 2, 2]);
    } finally {
      for (const table of tables) table.close();
    }
  });
});
