import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A small stand-in for the platform's seamless-wallet endpoint, for failure injection only (lost
 * answers, timeouts, 500s): it follows the protocol of packages/shared contracts/seamless-wallet.ts — signed
 * bodies and answers, idempotent transaction ids with byte-identical repeats, tombstones for
 * rollbacks of unseen bets, a bet refunded once, rounds closed by a win with roundEnded. The real
 * platform is exercised by integration.test.ts.
 */

export type FaultMode = 'drop' | 'fail' | { delayMs: number };
type Fault = { action: string; mode: FaultMode; times: number };

type Player = { balance: bigint; currency: string };
type Tx = { hash: string; response: string; action: string };
type Bet = { playerId: string; roundId: string; amount: bigint; moved: boolean; rolledBack: boolean };
type Round = { playerId: string; status: 'open' | 'closed' | 'cancelled'; liveBets: number; wins: number };

export class FakeWallet {
  readonly secret = randomBytes(32).toString('hex');
  readonly players = new Map<string, Player>();
  private readonly tokens = new Map<string, string>();
  private readonly txs = new Map<string, Tx>();
  private readonly bets = new Map<string, Bet>();
  private readonly tombstones = new Set<string>();
  readonly rounds = new Map<string, Round>();
  private faults: Fault[] = [];
  /** Every request received, in order (action and parsed body). */
  readonly received: { action: string; body: Record<string, unknown> }[] = [];
  /** Money movements actually applied (repeats excluded). */
  readonly applied = { bets: 0, wins: 0, refunds: 0, tombstones: 0 };
  url = '';
  private server: FastifyInstance | null = null;

  async start(): Promise<this> {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post<{ Params: { code: string; action: string } }>(
      '/vendor/:code/wallet/:action',
      async (request, reply) => {
        const raw = String(request.body ?? '');
        const action = request.params.action;
        const body = JSON.parse(raw) as Record<string, unknown>;
        this.received.push({ action, body });
        const expected = createHmac('sha256', this.secret).update(raw).digest('hex');
        if (request.headers['x-signature'] !== expected || request.params.code !== 'SORTE')
          return reply.type('application/json').send(this.answer('INVALID_SIGNATURE', null, null, null));
        const fault = this.takeFault(action);
        if (fault?.mode === 'fail') return reply.code(500).send({ error: 'injected' });
        const text = this.handle(action, body);
        if (fault?.mode === 'drop') {
          // Processed, but the answer never reaches the caller.
          reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        if (fault && typeof fault.mode === 'object') {
          const { delayMs } = fault.mode;
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        }
        return reply
          .type('application/json')
          .header('x-signature', createHmac('sha256', this.secret).update(text).digest('hex'))
          .send(text);
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.server = app;
    return this;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  /** The next `times` calls of `action` fail this way (Infinity: until cleared). */
  inject(action: string, mode: FaultMode, times = 1): void {
    this.faults.push({ action, mode, times });
  }

  clearFaults(): void {
    this.faults = [];
  }

  private takeFault(action: string): Fault | undefined {
    const fault = this.faults.find((f) => f.action === action && f.times > 0);
    if (fault) fault.times -= 1;
    return fault;
  }

  /** A player with this balance and a one-time launch token for it. */
  launch(
    balance = 100_000n,
    playerId = randomBytes(16).toString('base64url'),
  ): { token: string; playerId: string } {
    if (!this.players.has(playerId)) this.players.set(playerId, { balance, currency: 'BRL' });
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, playerId);
    return { token, playerId };
  }

  balanceOf(playerId: string): bigint {
    return this.players.get(playerId)?.balance ?? 0n;
  }

  answer(
    status: string,
    balance: bigint | null,
    currency: string | null,
    transactionId: string | null,
  ): string {
    return JSON.stringify({
      status,
      balance: balance === null ? null : Number(balance),
      currency,
      transactionId,
    });
  }

  private handle(action: string, b: Record<string, unknown>): string {
    if (action === 'authenticate') {
      const playerId = this.tokens.get(String(b.token));
      this.tokens.delete(String(b.token));
      const player = playerId ? this.players.get(playerId) : undefined;
      if (!player || !playerId)
        return JSON.stringify({
          ...JSON.parse(this.answer('INVALID_TOKEN', null, null, null)),
          playerId: null,
        });
      return JSON.stringify({
        ...JSON.parse(this.answer('OK', player.balance, player.currency, null)),
        playerId,
      });
    }
    const player = this.players.get(String(b.playerId));
    if (action === 'balance')
      return player
        ? this.answer('OK', player.balance, player.currency, null)
        : this.answer('PLAYER_NOT_FOUND', null, null, null);
    const transactionId = String(b.transactionId);
    const hash = JSON.stringify([action, b]);
    const seen = this.txs.get(transactionId);
    if (seen)
      return seen.hash === hash
        ? seen.response
        : this.answer('DUPLICATE_MISMATCH', player?.balance ?? null, 'BRL', transactionId);
    if (!player) return this.answer('PLAYER_NOT_FOUND', null, null, transactionId);
    const playerId = String(b.playerId);
    const roundId = String(b.roundId);
    const answer = (status: string) => {
      const text = this.answer(status, player.balance, player.currency, transactionId);
      this.txs.set(transactionId, { hash, response: text, action });
      return text;
    };
    if (action === 'bet') {
      if (this.tombstones.has(transactionId)) return answer('DUPLICATE_MISMATCH');
      const amount = BigInt(b.amount as number);
      const round = this.rounds.get(roundId);
      if (round && round.status !== 'open') return answer('ROUND_CLOSED');
      if (player.balance < amount) {
        this.bets.set(transactionId, { playerId, roundId, amount, moved: false, rolledBack: false });
        return answer('INSUFFICIENT_FUNDS');
      }
      player.balance -= amount;
      this.applied.bets++;
      this.bets.set(transactionId, { playerId, roundId, amount, moved: true, rolledBack: false });
      if (round) round.liveBets++;
      else this.rounds.set(roundId, { playerId, status: 'open', liveBets: 1, wins: 0 });
      return answer('OK');
    }
    if (action === 'win') {
      const round = this.rounds.get(roundId);
      if (!round) return answer('BET_NOT_FOUND');
      if (round.status !== 'open') return answer('ROUND_CLOSED');
      player.balance += BigInt(b.amount as number);
      this.applied.wins++;
      round.wins++;
      if (b.roundEnded) round.status = 'closed';
      return answer('OK');
    }
    if (action === 'rollback') {
      const ref = String(b.refTransactionId);
      const bet = this.bets.get(ref);
      if (!bet) {
        this.tombstones.add(ref);
        this.applied.tombstones++;
        return answer('OK');
      }
      if (bet.rolledBack || !bet.moved) {
        bet.rolledBack = true;
        return answer('OK');
      }
      const round = this.rounds.get(bet.roundId);
      if (round && round.status !== 'open') return answer('ROUND_CLOSED');
      player.balance += bet.amount;
      bet.rolledBack = true;
      this.applied.refunds++;
      if (round) {
        round.liveBets--;
        if (round.liveBets === 0 && round.wins === 0) round.status = 'cancelled';
      }
      return answer('OK');
    }
    return this.answer('INVALID_REQUEST', null, null, transactionId);
  }

  /** Rounds not closed or cancelled on the wallet's side. */
  openRounds(): string[] {
    return [...this.rounds.entries()].filter(([, r]) => r.status === 'open').map(([id]) => id);
  }
}
