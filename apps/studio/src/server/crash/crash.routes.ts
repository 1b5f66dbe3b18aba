import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawData } from 'ws';
import { z } from 'zod';
import { StudioError } from '../errors';
import type { SessionService } from '../sessions/sessions';
import type { CrashChainStore } from './crash-chain';
import type { CrashConnection, CrashEngine } from './crash-engine';

const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), session: z.string().max(200) }),
  z.object({ type: z.literal('watch') }),
  z.object({
    type: z.literal('bet'),
    amount: z.number().int(),
    autoCashout: z.number().int().nullable().optional(),
    requestId: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/)
      .optional(),
  }),
  z.object({ type: z.literal('cashout') }),
  z.object({ type: z.literal('ping') }),
]);

const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(50) });

/** Client messages larger than this are not ours. */
const MAX_MESSAGE_BYTES = 2048;

/**
 * Crash over WebSocket (GET /studio/crash/ws) and its public fairness data over HTTP. The first
 * message is {type:'auth', session} or {type:'watch'}; the answer is a snapshot, then the game's
 * events. See apps/studio/API.md.
 */
export const crashRoutes: FastifyPluginAsync<{
  engine: CrashEngine;
  chains: CrashChainStore;
  sessions: SessionService;
}> = async (base, { engine, chains, sessions }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/crash/history', { schema: { querystring: historyQuerySchema } }, async (request) =>
    chains.history(request.query.limit),
  );

  app.get('/crash/fairness', async () => chains.fairness());

  app.get('/crash/ws', { websocket: true }, (socket, request) => {
    // The upgraded TCP socket too: broadcasts write their ready-made frames straight to it.
    const connection: CrashConnection = { socket, session: null, raw: request.raw.socket };
    let detach: (() => void) | null = null;
    let queue: Promise<void> = Promise.resolve();
    const send = (message: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const fail = (error: unknown) => {
      if (error instanceof StudioError) send({ type: 'error', code: error.code, message: error.message });
      else {
        base.log.error({ err: error }, 'crash message failed');
        send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Something went wrong: try again.' });
      }
    };
    const join = () => {
      detach ??= engine.attach(connection);
      send(engine.snapshot(connection));
    };

    socket.on('message', (data: RawData) => {
      const text = data.toString();
      if (text.length > MAX_MESSAGE_BYTES) {
        socket.close(1009, 'message too big');
        return;
      }
      let parsed: z.infer<typeof clientMessageSchema>;
      try {
        parsed = clientMessageSchema.parse(JSON.parse(text));
      } catch {
        send({ type: 'error', code: 'INVALID_MESSAGE', message: 'Unknown or malformed message.' });
        return;
      }
      // One message at a time per connection, in order: a bet right after auth finds the session.
      queue = queue.then(() => handle(parsed)).catch(fail);
    });
    const handle = async (parsed: z.infer<typeof clientMessageSchema>) => {
      switch (parsed.type) {
        case 'ping':
          send({ type: 'pong' });
          return;
        case 'watch':
          join();
          return;
        case 'auth': {
          const found = await sessions.find(parsed.session);
          if (!found)
            throw new StudioError(401, 'SESSION_REQUIRED', 'No live game session: open the game again.');
          engine.signedIn(connection, found);
          join();
          return;
        }
        case 'bet': {
          if (!connection.session)
            throw new StudioError(401, 'SESSION_REQUIRED', 'Sign in to the game first.');
          send(
            await engine.bet(connection.session, {
              amount: parsed.amount,
              autoCashout: parsed.autoCashout ?? null,
              requestId:
                parsed.requestId ??
                `ws-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
            }),
          );
          return;
        }
        case 'cashout': {
          if (!connection.session)
            throw new StudioError(401, 'SESSION_REQUIRED', 'Sign in to the game first.');
          // The answer (cashed_out with the payout and balance) follows once the win is recorded.
          engine.cashOutNow(connection.session);
          return;
        }
      }
    };
    socket.on('close', () => detach?.());
    socket.on('error', () => detach?.());
  });
};
