import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

/** What members are told live (spec: "socket event listener"). Every event names its `type`. */
export type MemberEvent = { type: string } & Record<string, unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** Close code for a socket without a (live) session: never authenticated, or its session ended. */
export const SESSION_CLOSE_CODE = 4401;

/**
 * Delivers events to the WebSockets of a member. With Redis every instance publishes to a channel
 * per member and every instance relays what it hears to its own sockets, so a member connected to
 * instance A sees a deposit credited on instance B. Without Redis delivery is in-process. Ended
 * sessions travel the same way (one channel for all), so a logout on instance B closes the
 * session's sockets on instance A at once.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  /** Session token hash → the sockets authenticated with it. */
  private readonly sessions = new Map<string, Set<WebSocket>>();
  private subscriber: Redis | null = null;

  constructor(
    private readonly publisher: Redis | null,
    private readonly channelPrefix: string,
    /** Outside channelPrefix, so the members' pattern subscription never hears it. */
    private readonly sessionEndedChannel: string,
  ) {}

  async start(): Promise<void> {
    if (!this.publisher) return;
    // A subscribed connection can do nothing else, so it is a connection of its own.
    this.subscriber = this.publisher.duplicate();
    this.subscriber.on('pmessage', (_pattern, channel, message) => {
      this.deliverLocally(channel.slice(this.channelPrefix.length), message);
    });
    this.subscriber.on('message', (channel, message) => {
      if (channel !== this.sessionEndedChannel) return;
      try {
        this.closeSessionsLocally(JSON.parse(message) as string[]);
      } catch {
        // Not ours: nothing to close.
      }
    });
    await this.subscriber.psubscribe(`${this.channelPrefix}*`);
    await this.subscriber.subscribe(this.sessionEndedChannel);
  }

  async stop(): Promise<void> {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server stopping');
    this.sockets.clear();
    await this.subscriber?.quit();
  }

  attach(memberId: bigint, socket: WebSocket, sessionTokenHash?: string): () => void {
    const detachMember = addTo(this.sockets, memberId.toString(), socket);
    const detachSession = sessionTokenHash ? addTo(this.sessions, sessionTokenHash, socket) : () => {};
    return () => {
      detachMember();
      detachSession();
    };
  }

  /** Closes (4401) every socket of these sessions, on every instance. Never throws. */
  async endSessions(tokenHashes: string[]): Promise<void> {
    if (!tokenHashes.length) return;
    if (this.publisher) {
      const sent = await this.publisher
        .publish(this.sessionEndedChannel, JSON.stringify(tokenHashes))
        .then(() => true)
        .catch(() => false);
      // Redis away: at least this instance's sockets close (the others' periodic re-check follows).
      if (sent) return;
    }
    this.closeSessionsLocally(tokenHashes);
  }

  private closeSessionsLocally(tokenHashes: string[]) {
    for (const hash of tokenHashes) {
      const set = this.sessions.get(hash);
      if (!set) continue;
      for (const socket of [...set]) socket.close(SESSION_CLOSE_CODE, 'session ended');
    }
  }

  /**
   * False only when no event published now could reach anyone: no socket open here and no other
   * instance listening through Redis. Lets a publisher skip the reads an event would need.
   */
  mayHaveListeners(): boolean {
    return this.publisher !== null || this.sockets.size > 0;
  }

  connectionCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Tells a member something, wherever they are connected. Never throws: events are best effort. */
  async publish(memberId: bigint | string, event: MemberEvent): Promise<void> {
    const message = JSON.stringify(event);
    const key = memberId.toString();
    if (this.publisher) {
      await this.publisher.publish(`${this.channelPrefix}${key}`, message).catch(() => undefined);
      return;
    }
    this.deliverLocally(key, message);
  }

  private deliverLocally(memberKey: string, message: string) {
    const set = this.sockets.get(memberKey);
    if (!set) return;
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(message);
  }
}

function addTo(map: Map<string, Set<WebSocket>>, key: string, socket: WebSocket): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(socket);
  return () => {
    set.delete(socket);
    if (set.size === 0) map.delete(key);
  };
}

/** How long a new socket may take to present its session token. */
export const AUTH_TIMEOUT_MS = 5_000;
/** How often open sockets re-check their session (an expired one; ended ones are closed at once). */
export const SESSION_RECHECK_MS = 60_000;

/**
 * `GET /ws`: the member's live channel. The first message must be `{"type":"auth","token":"…"}`
 * (browsers cannot set headers on a WebSocket, and a token in the URL would land in access logs).
 * The server answers `{"type":"ready"}`, then pushes events. Close codes: 4401 no or bad session.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new RealtimeHub(
      app.redis,
      `${app.config.redisKeyPrefix}member-events:`,
      `${app.config.redisKeyPrefix}session-ended`,
    );
    await hub.start();
    app.decorate('realtime', hub);
    app.authRepository.onSessionsRevoked((tokenHashes) => void hub.endSessions(tokenHashes));
    app.addHook('onClose', async () => hub.stop());
    await app.register(fastifyWebsocket, { options: { maxPayload: 4_096 } });

    app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
      let detach: (() => void) | null = null;
      let recheck: NodeJS.Timeout | null = null;
      const authTimer = setTimeout(() => socket.close(4401, 'authentication required'), AUTH_TIMEOUT_MS);
      socket.on('message', async (raw) => {
        if (detach) return; // after auth the client has nothing to say; pings are protocol frames
        let token: unknown;
        try {
          const message = JSON.parse(raw.toString());
          token = message?.type === 'auth' ? message.token : undefined;
        } catch {
          token = undefined;
        }
        const member = typeof token === 'string' ? await app.auth.resolveSession(token) : null;
        clearTimeout(authTimer);
        if (!member) {
          socket.close(4401, 'invalid session');
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        detach = hub.attach(member.id, socket, member.sessionTokenHash);
        socket.send(JSON.stringify({ type: 'ready' }));
        recheck = setInterval(async () => {
          if (!(await app.auth.resolveSession(token as string).catch(() => null)))
            socket.close(4401, 'session ended');
        }, SESSION_RECHECK_MS);
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        if (recheck) clearInterval(recheck);
        detach?.();
      });
    });
  },
  { name: 'realtime', dependencies: ['redis', 'auth'] },
);
