import type { WebSocket } from 'ws';
import type { StudioSession } from '../sessions/sessions';

export type CrashConnection = {
  socket: WebSocket;
  session: StudioSession | null;
};

/** What a socket needs to offer the viewers' list (a `ws` WebSocket; tests pass stand-ins). */
type ViewerSocket = Pick<WebSocket, 'readyState' | 'OPEN' | 'bufferedAmount' | 'send' | 'terminate'>;

export type CrashViewersOptions = {
  /**
   * A viewer with more than this queued (bytes not yet taken by its connection) misses ticks until
   * it catches up: the next tick carries the elapsed time again, so a skipped one costs it nothing
   * but the cash-outs listed in it, and a phone on a bad network does not pile up stale ticks.
   */
  skipTicksAboveBytes: number;
  /** A viewer this far behind is disconnected (it reconnects and gets a snapshot), so memory stays bounded. */
  dropAboveBytes: number;
};

export const defaultViewerLimits: CrashViewersOptions = {
  skipTicksAboveBytes: 64 * 1024,
  dropAboveBytes: 1024 * 1024,
};

/**
 * Text frames, never compressed: broadcasts are small, and compressing one message per viewer would
 * cost a deflate per viewer per tick. A Buffer is sent as it is; a string would be encoded again for
 * every socket.
 */
const SEND_OPTIONS = { binary: false, compress: false } as const;

/**
 * Everyone watching the crash game. A broadcast is serialised once into one Buffer and that same
 * Buffer is written to every socket: per viewer and message there is only the frame header and the
 * write. Viewers that fall behind are skipped (ticks) and then dropped, never buffered without end.
 */
export class CrashViewers {
  private readonly all = new Set<CrashConnection>();
  private readonly byPlayer = new Map<string, Set<CrashConnection>>();
  /** Counters for operators and tests. */
  readonly stats = { broadcasts: 0, ticksSkipped: 0, dropped: 0 };
  /** The longest one broadcast took to write to every viewer since `takeSlowest()`, in ms. */
  private slowestMs = 0;

  constructor(private readonly limits: CrashViewersOptions = defaultViewerLimits) {}

  get size(): number {
    return this.all.size;
  }

  /** Adds a viewer (indexed by its player when it is signed in); answers the function that removes it. */
  add(connection: CrashConnection): () => void {
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

  /** Every viewer gets the same serialised message. `droppable`: a viewer far behind may miss it. */
  broadcast(message: object, droppable = false): void {
    this.stats.broadcasts++;
    const started = performance.now();
    const frame = Buffer.from(JSON.stringify(message));
    for (const connection of this.all) this.write(connection, frame, droppable);
    const took = performance.now() - started;
    if (took > this.slowestMs) this.slowestMs = took;
  }

  /** The slowest broadcast since the last call (ms), and starts over. */
  takeSlowest(): number {
    const slowest = this.slowestMs;
    this.slowestMs = 0;
    return slowest;
  }

  /** To the sockets of one player (one per open game window). */
  sendTo(playerId: string, message: object): void {
    const connections = this.byPlayer.get(playerId);
    if (!connections) return;
    const frame = Buffer.from(JSON.stringify(message));
    for (const connection of connections) this.write(connection, frame, false);
  }

  closeAll(code: number, reason: string): void {
    for (const connection of this.all) connection.socket.close(code, reason);
    this.all.clear();
    this.byPlayer.clear();
  }

  private write(connection: CrashConnection, frame: Buffer, droppable: boolean): void {
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
    socket.send(frame, SEND_OPTIONS);
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
