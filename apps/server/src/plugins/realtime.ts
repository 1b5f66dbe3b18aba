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

/**
 * Delivers events to the WebSockets of a member. With Redis every instance publishes to a channel
 * per member and every instance relays what it hears to its own sockets, so a member connected to
 * instance A sees a deposit credited on instance B. Without Redis delivery is in-process.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private subscriber: Redis | null = null;

  constructor(
    private readonly publisher: Redis | null,
    private readonly channelPrefix: string,
  ) {}

  async start(): Promise<void> {
    if (!this.publisher) return;
    // A subscribed connection can do nothing else, so it is a connection of its own.
    this.subscriber = this.publisher.duplicate();
    this.subscriber.on('pmessage', (_pattern, channel, message) => {
      this.deliverLocally(channel.slice(this.channelPrefix.length), message);
    });
    await this.subscriber.psubscribe(`${this.channelPrefix}*`);
  }

  async stop(): Promise<void> {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server stopping');
    this.sockets.clear();
    await this.subscriber?.quit();
  }

  attach(memberId: bigint, socket: WebSocket): () => void {
    const key = memberId.toString();
    let set = this.sockets.get(key);
    if (!set) {
      set = new Set();
      this.sockets.set(key, set);
    }
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(key);
    };
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

/** How long a new socket may take to present its session token. */
export const AUTH_TIMEOUT_MS = 5_000;
/** How often open sockets re-check their session (logout or password change closes them). */
export const SESSION_RECHECK_MS = 60_000;

/**
 * `GET /ws`: the member's live channel. The first message must be `{"type":"auth","token":"…"}`
 * (browsers cannot set headers on a WebSocket, and a token in the URL would land in access logs).
 * The server answers `{"type":"ready"}`, then pushes events. Close codes: 4401 no or bad session.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new RealtimeHub(app.redis, `${app.config.redisKeyPrefix}member-events:`);
    await hub.start();
    app.decorate('realtime', hub);
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
        detach = hub.attach(member.id, socket);
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
