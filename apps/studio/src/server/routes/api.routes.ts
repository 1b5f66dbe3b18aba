import { randomBytes } from 'node:crypto';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceMultiplierBp,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  MINES_MAX,
  MINES_MIN,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  plinkoRisks,
} from '@sorte/fair/node';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type StudioGameCode, studioGameCodes } from '../config';
import { StudioError } from '../errors';
import { fairnessView, type SeedService } from '../fairness/seeds';
import type { GameService } from '../games/games.service';
import {
  playClassicSlotRound,
  playDiceRound,
  playLimboRound,
  playPlinkoRound,
  playVideoSlotRound,
} from '../games/instant-games';
import type { MinesService } from '../games/mines.service';
import type { SeamlessWalletClient } from '../seamless-wallet/seamless-wallet-client';
import type { SessionService, StudioSession } from '../sessions/sessions';

export const SESSION_HEADER = 'x-studio-session';

const amount = z.number().int().positive();
/** The frame's id of one bet: a repeat (after a lost answer) gets the first bet's answer. */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'must be 1–64 letters, digits, ".", "_", ":" or "-"' })
  .optional();
const roundId = z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a round id' });

export const sessionBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'must be the launch token from the game URL' }),
  gameCode: z.enum(studioGameCodes),
});
export const diceBetSchema = z.object({
  amount,
  direction: z.enum(['over', 'under']),
  target: z.number().int().min(0).max(10_000),
  requestId,
});
export const limboBetSchema = z.object({
  amount,
  target: z.number().int().min(LIMBO_MIN_TARGET).max(LIMBO_MAX_TARGET),
  requestId,
});
export const plinkoBetSchema = z.object({
  amount,
  rows: z.number().int().min(PLINKO_MIN_ROWS).max(PLINKO_MAX_ROWS),
  risk: z.enum(plinkoRisks),
  requestId,
});
export const minesStartSchema = z.object({
  amount,
  mines: z.number().int().min(MINES_MIN).max(MINES_MAX),
  requestId,
});
export const minesRevealSchema = z.object({ roundId, tile: z.number().int().min(0).max(24) });
export const minesCashoutSchema = z.object({ roundId });
export const slotSpinSchema = z.object({ amount, requestId });
export const slotGameSchema = z.object({ gameCode: z.enum(['fortune-reels', 'lucky-sevens']) });
export const historyQuerySchema = z.object({
  gameCode: z.enum(studioGameCodes).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const rotateBodySchema = z.object({ clientSeed: z.string().optional() }).default({});

declare module 'fastify' {
  interface FastifyRequest {
    studioSession: StudioSession | null;
  }
}

export type ApiDependencies = {
  sessions: SessionService;
  seeds: SeedService;
  games: GameService;
  mines: MinesService;
  wallet: SeamlessWalletClient;
};

const newRequestId = () => randomBytes(12).toString('base64url');

/** The frames' JSON API under /studio/api (see apps/studio/API.md). */
export const apiRoutes: FastifyPluginAsync<ApiDependencies> = async (
  base,
  { sessions, seeds, games, mines, wallet },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('studioSession', null);
  const session = (request: FastifyRequest) => request.studioSession as StudioSession;

  app.post('/api/session', { schema: { body: sessionBodySchema } }, async (request) => {
    const outcome = await wallet.authenticate(request.body.token);
    if (outcome.kind === 'unknown')
      throw new StudioError(503, 'WALLET_UNAVAILABLE', 'The wallet did not answer: try again shortly.');
    const answer = outcome.answer;
    if (answer.status === 'PLAYER_BLOCKED')
      throw new StudioError(403, 'PLAYER_BLOCKED', 'Your account may not play. Contact customer service.');
    if (answer.status !== 'OK' || !answer.playerId || !answer.currency)
      throw new StudioError(
        401,
        'INVALID_LAUNCH_TOKEN',
        'This game link has expired: open the game again from the lobby.',
      );
    const player = { playerId: answer.playerId, currency: answer.currency, gameCode: request.body.gameCode };
    const token = await sessions.create(player);
    const seed = await seeds.active(player.playerId);
    return {
      session: token,
      playerId: player.playerId,
      currency: player.currency,
      balance: answer.balance,
      gameCode: player.gameCode,
      fairness: fairnessView(seed),
    };
  });

  // Everything below needs a studio session.
  await app.register(async (authed) => {
    authed.addHook('preHandler', async (request) => {
      const header = request.headers[SESSION_HEADER];
      request.studioSession = await sessions.require(Array.isArray(header) ? header[0] : header);
    });
    const api = authed.withTypeProvider<ZodTypeProvider>();

    api.get('/api/balance', async (request) => games.balance(session(request)));

    api.get('/api/fairness', async (request) => fairnessView(await seeds.active(session(request).playerId)));

    api.post('/api/fairness/rotate', { schema: { body: rotateBodySchema } }, async (request) =>
      seeds.rotate(session(request).playerId, request.body?.clientSeed),
    );

    api.get('/api/history', { schema: { querystring: historyQuerySchema } }, async (request) =>
      games.history(session(request), request.query.gameCode, request.query.limit),
    );

    api.post('/api/dice/bet', { schema: { body: diceBetSchema } }, async (request) => {
      const { amount, direction, target } = request.body;
      const chance = direction === 'over' ? 10_000 - target : target;
      if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE)
        throw new StudioError(400, 'INVALID_TARGET', 'The win chance must be between 0.01% and 98%.');
      games.checkMaxWin(BigInt(amount), BigInt(diceMultiplierBp(chance)));
      return games.playInstant(
        session(request),
        'dice',
        amount,
        request.body.requestId ?? newRequestId(),
        { direction, target },
        (seedsOfBet, stake) => playDiceRound(seedsOfBet, stake, { direction, target }),
      );
    });

    api.post('/api/limbo/bet', { schema: { body: limboBetSchema } }, async (request) => {
      const { amount, target } = request.body;
      games.checkMaxWin(BigInt(amount), BigInt(target) * 100n);
      return games.playInstant(
        session(request),
        'limbo',
        amount,
        request.body.requestId ?? newRequestId(),
        { target },
        (seedsOfBet, stake) => playLimboRound(seedsOfBet, stake, { target }),
      );
    });

    api.post('/api/plinko/bet', { schema: { body: plinkoBetSchema } }, async (request) => {
      const { amount, rows, risk } = request.body;
      return games.playInstant(
        session(request),
        'plinko',
        amount,
        request.body.requestId ?? newRequestId(),
        { rows, risk },
        (seedsOfBet, stake) => playPlinkoRound(seedsOfBet, stake, { rows, risk }),
      );
    });

    api.post(
      '/api/slots/:gameCode/spin',
      { schema: { params: slotGameSchema, body: slotSpinSchema } },
      async (request) => {
        const gameCode = request.params.gameCode as StudioGameCode;
        return games.playInstant(
          session(request),
          gameCode,
          request.body.amount,
          request.body.requestId ?? newRequestId(),
          {},
          gameCode === 'fortune-reels' ? playVideoSlotRound : playClassicSlotRound,
        );
      },
    );

    api.post('/api/mines/start', { schema: { body: minesStartSchema } }, async (request) =>
      mines.minesStart(
        session(request),
        request.body.amount,
        request.body.mines,
        request.body.requestId ?? newRequestId(),
      ),
    );

    api.post('/api/mines/reveal', { schema: { body: minesRevealSchema } }, async (request) =>
      mines.minesReveal(session(request), request.body.roundId, request.body.tile),
    );

    api.post('/api/mines/cashout', { schema: { body: minesCashoutSchema } }, async (request) =>
      mines.minesCashout(session(request), request.body.roundId),
    );

    api.get('/api/mines/open', async (request) => mines.minesOpen(session(request)));
  });
};
