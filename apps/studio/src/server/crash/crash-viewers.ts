import type { WebSocket } from 'ws';
import type { StudioSession } from '../sessions/sessions';

export type CrashConnection = {
  socket: WebSocket;
  session: StudioSession | null;
  /**
   * The TCP socket under `socket` (the upgraded request's). Broadcasts write their ready-made frames
   * to it directly: one write per viewer, whatever the number of messages in it.
   */
  raw?: { write(data: Buffer): boolean };
};

/** What a socket needs to offer the viewers' list (a `ws` WebSocket; tests pass stand-ins). */
type ViewerSocket = Pick<
  WebSocket,
  'readyState' | 'OPEN' | 'bufferedAmount' | 'extensions' | 'send' | 'terminate' | 'close'
>;

export type CrashViewersOptions = {
  /**
   * A viewer with more than this queued (bytes not yet taken by its connection) misses ticks until
   * it catches up: the next tick carries the elapsed time again, so a skipped one costs it only the
   * cash-outs listed in it, and a phone on a bad network does not pile up stale ticks.
   */
  skipTicksAboveBytes: number;
  /** A viewer this far behind is disconnected (it reconnects and gets a snapshot), so memory stays bounded. */
  dropAboveBytes: number;
};

export const defaultViewerLimits: CrashViewersOptions = {
  skipTicksAboveBytes: 64 * 1024,
  dropAboveBytes: 1024 * 1024,
};

/** For the fallback through `ws`: a text frame, never compressed, from the Buffer as it is. */
const SEND_OPTIONS = { binary: false, compress: false } as const;

/** A message serialised once: its JSON bytes, and the same as one unmasked WebSocket text frame. */
type Framed = { payload: Buffer; frame: Buffer };

/** RFC 6455 §5.2: FIN + text opcode, then the payload length in 7, 7+16 or 7+64 bits; server frames are unmasked. */
export function frameText(message: object): Framed {
  const payload = Buffer.from(JSON.stringify(message));
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return { payload, frame };
}

/**
 * Everyone watching the crash game. A broadcast is serialised and framed once, into one Buffer, and
 * that same Buffer is written to every viewer's TCP socket: per viewer only the write (one system
 * call). Messages that may wait a moment (bets placed) are queued and go out together at the next
 * `flush()` — one write per viewer per tick instead of one per bet per viewer. Viewers that fall
 * behind miss ticks and are then dropped, never buffered without end.
 *
 * Writing frames to the TCP socket beside `ws` keeps the order of all messages because `ws` writes
 * synchronously too when no extension is negotiated (nothing compressed, nothing queued); a socket
 * with an extension falls back to `ws.send`.
 */
export class CrashViewers {
  private readonly all = new Set<CrashConnection>();
  private readonly byPlayer = new Map<string, Set<CrashConnection>>();
  private pending: Framed[] = [];
  /** Counters for operators and tests. */
  readonly stats = { broadcasts: 0, ticksSkipped: 0, dropped: 0 };
  /** The longest one broadcast took to write to every viewer since `takeSlowest()`, in ms. */
  private slowestMs = 0;

  constructor(private readonly limits: CrashViewersOptions = defaultViewerLimits) {}

  get size(): number {
    return this.all.size;
  }

  /**
   * Adds a viewer (indexed by its player when it is signed in); answers the function that removes
   * it. Queued messages go out first: the snapshot the newcomer gets next already holds them.
   */
  add(connection: CrashConnection): () => void {
    this.flush();
    this.all.add(connection);
    this.index(connection);
    return () => this.remove(connection);
  }

  /** The viewer signed in (or in as someone else): messages to its player reach it from now on. */
  signedIn(connection: CrashConnection, session: StudioSession): void {
    this.unindex(connection);
    connection.session = session;
    if (this.all.has(connection)) this.index(connection);
  }

  remove(connection: CrashConnection): void {
    this.all.delete(connection);
    this.unindex(connection);
  }

  /**
   * Every viewer gets the same serialised message, after anything queued. `droppable`: a viewer far
   * behind may miss it (ticks).
   */
  broadcast(message: object, droppable = false): void {
    this.flush();
    this.send([frameText(message)], droppable);
  }

  /** For every viewer with the next `flush()` (the engine flushes every tick). */
  queue(message: object): void {
    this.pending.push(frameText(message));
  }

  /** Sends what is queued: one write per viewer for all of it. */
  flush(): void {
    if (this.pending.length === 0) return;
    const messages = this.pending;
    this.pending = [];
    this.send(messages, false);
  }

  /** To the sockets of one player (one per open game window). */
  sendTo(playerId: string, message: object): void {
    const connections = this.byPlayer.get(playerId);
    if (!connections) return;
    const framed = [frameText(message)];
    for (const connection of connections) this.write(connection, framed, framed[0]?.frame as Buffer, false);
  }

  closeAll(code: number, reason: string): void {
    for (const connection of this.all) connection.socket.close(code, reason);
    this.all.clear();
    this.byPlayer.clear();
    this.pending = [];
  }

  /** The slowest broadcast since the last call (ms), and starts over. */
  takeSlowest(): number {
    const slowest = this.slowestMs;
    this.slowestMs = 0;
    return slowest;
  }

  private send(messages: Framed[], droppable: boolean): void {
    this.stats.broadcasts++;
    const started = performance.now();
    const frames =
      messages.length === 1 ? (messages[0] as Framed).frame : Buffer.concat(messages.map((m) => m.frame));
    for (const connection of this.all) this.write(connection, messages, frames, droppable);
    const took = performance.now() - started;
    if (took > this.slowestMs) this.slowestMs = took;
  }

  private write(connection: CrashConnection, messages: Framed[], frames: Buffer, droppable: boolean): void {
    const socket = connection.socket as ViewerSocket;
    if (socket.readyState !== socket.OPEN) return;
    const behind = socket.bufferedAmount;
    if (behind > this.limits.dropAboveBytes) {
      this.stats.dropped++;
      this.remove(connection);
      socket.terminate();
      return;
    }
    if (droppable && behind > this.limits.skipTicksAboveBytes) {
      this.stats.ticksSkipped++;
      return;
    }
    if (connection.raw && socket.extensions === '') connection.raw.write(frames);
    else for (const m of messages) socket.send(m.payload, SEND_OPTIONS);
  }

  private index(connection: CrashConnection): void {
    const playerId = connection.session?.playerId;
    if (!playerId) return;
    let set = this.byPlayer.get(playerId);
    if (!set) {
      set = new Set();
      this.byPlayer.set(playerId, set);
    }
    set.add(connection);
  }

  private unindex(connection: CrashConnection): void {
    const playerId = connection.session?.playerId;
    if (!playerId) return;
    const set = this.byPlayer.get(playerId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byPlayer.delete(playerId);
  }
}
