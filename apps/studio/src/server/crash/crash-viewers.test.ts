import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { StudioSession } from '../sessions/sessions';
import { type CrashConnection, CrashViewers } from './crash-viewers';

/** A stand-in for a server-side `ws` socket: records what is written and how far behind it is. */
function viewer(bufferedAmount = 0, session: StudioSession | null = null) {
  const sent: { data: unknown; options: unknown }[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: vi.fn((data: unknown, options: unknown) => sent.push({ data, options })),
    terminate: vi.fn(function (this: { readyState: number }) {
      this.readyState = 3;
    }),
    close: vi.fn(),
  };
  const connection: CrashConnection = { socket: socket as unknown as WebSocket, session };
  const texts = () => sent.map((s) => JSON.parse((s.data as Buffer).toString()) as { type: string });
  return { socket, connection, sent, texts };
}

const session = (playerId: string) => ({ playerId }) as StudioSession;
const tick = { type: 'tick', elapsedMs: 1200, cashouts: [] };

describe('crash viewers', () => {
  it('serialises a broadcast once and writes that same buffer, uncompressed, to every viewer', () => {
    const viewers = new CrashViewers();
    const all = Array.from({ length: 2000 }, () => viewer());
    for (const v of all) viewers.add(v.connection);
    const stringify = vi.spyOn(JSON, 'stringify');
    let serialisations: number;
    try {
      viewers.broadcast(tick, true);
      serialisations = stringify.mock.calls.length;
    } finally {
      stringify.mockRestore();
    }
    expect(serialisations).toBe(1);
    const frame = all[0]?.sent[0]?.data;
    expect(Buffer.isBuffer(frame)).toBe(true);
    expect(JSON.parse((frame as Buffer).toString())).toEqual(tick);
    for (const v of all) {
      expect(v.sent).toHaveLength(1);
      expect(v.sent[0]?.data).toBe(frame);
      expect(v.sent[0]?.options).toEqual({ binary: false, compress: false });
    }
  });

  it('lets a viewer far behind miss ticks but not the game’s other events, and the others get everything', () => {
    const viewers = new CrashViewers({ skipTicksAboveBytes: 64 * 1024, dropAboveBytes: 1024 * 1024 });
    const slow = viewer(100 * 1024);
    const quick = [viewer(), viewer(10 * 1024)];
    viewers.add(slow.connection);
    for (const v of quick) viewers.add(v.connection);

    viewers.broadcast(tick, true);
    viewers.broadcast({ type: 'crashed', gameId: 7, crashPoint: 250, hash: 'ab' });

    expect(slow.texts().map((m) => m.type)).toEqual(['crashed']);
    for (const v of quick) expect(v.texts().map((m) => m.type)).toEqual(['tick', 'crashed']);
    expect(viewers.stats.ticksSkipped).toBe(1);
    expect(slow.socket.terminate).not.toHaveBeenCalled();
  });

  it('disconnects a viewer past the limit instead of queueing more for it', () => {
    const viewers = new CrashViewers({ skipTicksAboveBytes: 64 * 1024, dropAboveBytes: 1024 * 1024 });
    const stuck = viewer(2 * 1024 * 1024);
    const fine = viewer();
    viewers.add(stuck.connection);
    viewers.add(fine.connection);

    viewers.broadcast({ type: 'betting', gameId: 8, durationMs: 5000 });
    viewers.broadcast(tick, true);

    expect(stuck.socket.terminate).toHaveBeenCalledTimes(1);
    expect(stuck.sent).toEqual([]);
    expect(fine.texts().map((m) => m.type)).toEqual(['betting', 'tick']);
    expect(viewers.size).toBe(1);
    expect(viewers.stats.dropped).toBe(1);
  });

  it('sends a player’s own messages to that player’s sockets only, also once a watcher signs in', () => {
    const viewers = new CrashViewers();
    const mine = viewer(0, session('player-a'));
    const watcher = viewer();
    const other = viewer(0, session('player-b'));
    for (const v of [mine, watcher, other]) viewers.add(v.connection);

    viewers.sendTo('player-a', { type: 'cashed_out', gameId: 1, at: 150, payout: 1500, balance: 1 });
    expect(mine.texts()).toHaveLength(1);
    expect(watcher.sent).toEqual([]);
    expect(other.sent).toEqual([]);

    viewers.signedIn(watcher.connection, session('player-a'));
    viewers.sendTo('player-a', { type: 'cashed_out', gameId: 2, at: 200, payout: 2000, balance: 2 });
    expect(mine.texts()).toHaveLength(2);
    expect(watcher.texts()).toMatchObject([{ type: 'cashed_out', gameId: 2 }]);

    // Gone viewers get nothing more.
    viewers.remove(mine.connection);
    viewers.sendTo('player-a', { type: 'cashed_out', gameId: 3, at: 200, payout: 2000, balance: 3 });
    expect(mine.texts()).toHaveLength(2);
    expect(watcher.texts()).toHaveLength(2);
    expect(other.sent).toEqual([]);
  });
});
