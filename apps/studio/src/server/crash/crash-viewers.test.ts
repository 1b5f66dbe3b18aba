import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { StudioSession } from '../sessions/sessions';
import { type CrashConnection, CrashViewers } from './crash-viewers';

/** The messages in the bytes written to a socket: RFC 6455 frames as a client reads them. */
function decode(chunks: Buffer[]): { type: string }[] {
  const bytes = Buffer.concat(chunks);
  const messages: { type: string }[] = [];
  for (let at = 0; at < bytes.length; ) {
    expect(bytes[at]).toBe(0x81); // final fragment of a text message
    const short = (bytes[at + 1] as number) & 0x7f;
    expect((bytes[at + 1] as number) & 0x80).toBe(0); // server frames are not masked
    const [length, header] =
      short === 126
        ? [bytes.readUInt16BE(at + 2), 4]
        : short === 127
          ? [Number(bytes.readBigUInt64BE(at + 2)), 10]
          : [short, 2];
    messages.push(JSON.parse(bytes.subarray(at + header, at + header + length).toString()));
    at += header + length;
  }
  return messages;
}

/** A stand-in for a server-side `ws` socket and its TCP socket: records writes, says how far behind it is. */
function viewer(bufferedAmount = 0, session: StudioSession | null = null, extensions = '') {
  const writes: Buffer[] = [];
  const sent: { data: unknown; options: unknown }[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    extensions,
    send: vi.fn((data: unknown, options: unknown) => sent.push({ data, options })),
    terminate: vi.fn(function (this: { readyState: number }) {
      this.readyState = 3;
    }),
    close: vi.fn(),
  };
  const raw = { write: vi.fn((data: Buffer) => writes.push(data) > 0) };
  const connection: CrashConnection = { socket: socket as unknown as WebSocket, session, raw };
  const messages = () => decode(writes);
  return { socket, raw, connection, writes, sent, messages };
}

const session = (playerId: string) => ({ playerId }) as StudioSession;
const tick = { type: 'tick', elapsedMs: 1200, cashouts: [] };

describe('crash viewers', () => {
  it('serialises a broadcast once and writes that same frame to every viewer', () => {
    const viewers = new CrashViewers();
    const all = Array.from({ length: 1000 }, () => viewer());
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
    const frame = all[0]?.writes[0];
    expect(decode([frame as Buffer])).toEqual([tick]);
    for (const v of all) {
      expect(v.writes).toHaveLength(1);
      expect(v.writes[0]).toBe(frame);
    }
  });

  it('sends queued bets in one write per viewer, in order and before the next broadcast', () => {
    const viewers = new CrashViewers();
    const early = viewer();
    viewers.add(early.connection);
    for (let i = 0; i < 300; i++) viewers.queue({ type: 'bet_placed', player: `p${i}`, amount: 100 + i });
    expect(early.writes).toEqual([]);

    viewers.flush();
    expect(early.writes).toHaveLength(1);
    const bets = early.messages();
    expect(bets).toHaveLength(300);
    expect(bets[0]).toEqual({ type: 'bet_placed', player: 'p0', amount: 100 });
    expect(bets[299]).toEqual({ type: 'bet_placed', player: 'p299', amount: 399 });

    // Queued messages never come after a broadcast sent later, nor reach a viewer who joins later
    // (its snapshot already lists those bets).
    viewers.queue({ type: 'bet_placed', player: 'last', amount: 500 });
    const late = viewer();
    viewers.add(late.connection);
    viewers.broadcast({ type: 'started', gameId: 3 });
    expect(early.messages().slice(300)).toEqual([
      { type: 'bet_placed', player: 'last', amount: 500 },
      { type: 'started', gameId: 3 },
    ]);
    expect(late.messages()).toEqual([{ type: 'started', gameId: 3 }]);
  });

  it('falls back to ws, message by message, on a socket with an extension', () => {
    const viewers = new CrashViewers();
    const deflating = viewer(0, null, 'permessage-deflate');
    viewers.add(deflating.connection);
    viewers.queue({ type: 'bet_placed', player: 'a', amount: 100 });
    viewers.queue({ type: 'bet_placed', player: 'b', amount: 200 });
    viewers.flush();
    expect(deflating.raw.write).not.toHaveBeenCalled();
    expect(deflating.sent.map((s) => JSON.parse((s.data as Buffer).toString()).player)).toEqual(['a', 'b']);
    expect(deflating.sent[0]?.options).toEqual({ binary: false, compress: false });
  });

  it('lets a viewer far behind miss ticks but not the game’s other events, and the others get everything', () => {
    const viewers = new CrashViewers({ skipTicksAboveBytes: 64 * 1024, dropAboveBytes: 1024 * 1024 });
    const slow = viewer(100 * 1024);
    const quick = [viewer(), viewer(10 * 1024)];
    viewers.add(slow.connection);
    for (const v of quick) viewers.add(v.connection);

    viewers.broadcast(tick, true);
    viewers.broadcast({ type: 'crashed', gameId: 7, crashPoint: 250, hash: 'ab' });

    expect(slow.messages().map((m) => m.type)).toEqual(['crashed']);
    for (const v of quick) expect(v.messages().map((m) => m.type)).toEqual(['tick', 'crashed']);
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
    expect(stuck.writes).toEqual([]);
    expect(fine.messages().map((m) => m.type)).toEqual(['betting', 'tick']);
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
    expect(mine.messages()).toHaveLength(1);
    expect(watcher.writes).toEqual([]);
    expect(other.writes).toEqual([]);

    viewers.signedIn(watcher.connection, session('player-a'));
    viewers.sendTo('player-a', { type: 'cashed_out', gameId: 2, at: 200, payout: 2000, balance: 2 });
    expect(mine.messages()).toHaveLength(2);
    expect(watcher.messages()).toMatchObject([{ type: 'cashed_out', gameId: 2 }]);

    // Gone viewers get nothing more.
    viewers.remove(mine.connection);
    viewers.sendTo('player-a', { type: 'cashed_out', gameId: 3, at: 200, payout: 2000, balance: 3 });
    expect(mine.messages()).toHaveLength(2);
    expect(watcher.messages()).toHaveLength(2);
    expect(other.writes).toEqual([]);
  });

  it('frames messages of every size the way a WebSocket client reads them', () => {
    const viewers = new CrashViewers();
    const v = viewer();
    viewers.add(v.connection);
    const sizes = [0, 100, 125, 126, 1000, 65_535, 65_536, 200_000];
    for (const size of sizes) viewers.broadcast({ type: 'x', pad: 'a'.repeat(size) });
    expect(v.messages().map((m) => (m as unknown as { pad: string }).pad.length)).toEqual(sizes);
  });
});
