import { MINES_TILES, minesMultiplierBp, payoutBp } from '@sorte/fair/node';
import type { StudioConfig } from '../config';
import type { StudioDatabase } from '../db/client';
import { StudioError } from '../errors';
import { winTransactionId } from '../rounds/ids';
import type { RoundRow, Settlement } from '../rounds/settlement';
import type { StudioSession } from '../sessions/sessions';
import { betError, type GameService, num } from './games.service';
import { minesOf } from './instant-games';

/**
 * Mines: a bet, then picks one tile at a time, then a cash-out or a mine. The round stays open
 * between requests (and across restarts); each pick is one conditional update, so two picks at
 * once cannot both count.
 */
export class MinesService {
  constructor(
    private readonly db: StudioDatabase,
    private readonly settlement: Settlement,
    private readonly games: GameService,
    private readonly config: StudioConfig,
  ) {}

  /** The bet: the mines are drawn from the nonce and kept secret in the round until it ends. */
  async minesStart(session: StudioSession, amount: number, mines: number, requestId: string) {
    const stake = this.games.checkStake('mines', amount);
    const repeat = await this.games.repeatOf(session, 'mines', requestId);
    if (repeat) return repeat;
    const round = await this.games.openRound(session, 'mines', stake, requestId, (seeds) => ({
      params: { mines },
      outcome: { revealed: [] },
      secret: { mines: minesOf(seeds, mines) },
    }));
    const bet = await this.settlement.placeBet(round);
    if (bet.kind !== 'accepted') throw betError(bet);
    const reply = { roundId: round.id, balance: num(bet.balance), nonce: round.nonce };
    await this.games.saveReply(round.id, reply);
    return reply;
  }

  private async minesInPlay(session: StudioSession, roundId: string): Promise<RoundRow> {
    const [round] = await this.db.query<RoundRow>(
      "select * from rounds where id = $1 and player_id = $2 and game_code = 'mines'",
      [roundId, session.playerId],
    );
    if (!round) throw new StudioError(404, 'ROUND_NOT_FOUND', 'No such mines round.');
    if (round.state !== 'bet_acknowledged' || round.payout !== null || round.refund_reason !== null)
      throw new StudioError(409, 'ROUND_OVER', 'This mines round is over.');
    return round;
  }

  private static revealedOf(round: RoundRow): number[] {
    return ((round.outcome?.revealed as number[] | undefined) ?? []).slice();
  }

  private static minesCount(round: RoundRow): number {
    return round.params.mines as number;
  }

  private static hiddenMines(round: RoundRow): number[] {
    return (round.secret?.mines as number[] | undefined) ?? [];
  }

  private nextMultiplier(mines: number, picks: number): number | null {
    return picks + 1 <= MINES_TILES - mines ? minesMultiplierBp(mines, picks + 1) : null;
  }

  async minesReveal(session: StudioSession, roundId: string, tile: number) {
    const round = await this.minesInPlay(session, roundId);
    const revealed = MinesService.revealedOf(round);
    if (revealed.includes(tile))
      throw new StudioError(400, 'TILE_REVEALED', 'This tile is already revealed.');
    const mineCount = MinesService.minesCount(round);
    const mines = MinesService.hiddenMines(round);
    if (mines.includes(tile)) {
      const decided = await this.settlement.decideWin(round.id, 0n, {
        outcome: { revealed, hit: tile, mines, ended: true },
        multiplierBp: 0,
      });
      if (!decided) throw new StudioError(409, 'ROUND_OVER', 'This mines round is over.');
      const win = await this.settlement.deliverNow(winTransactionId(round.id));
      const reply = {
        safe: false,
        revealed,
        multiplierBp: 0,
        nextMultiplierBp: null,
        mines,
        payout: 0,
        balance: num(win.balance ?? round.balance),
        ended: true,
      };
      return reply;
    }
    const picks = [...revealed, tile];
    const multiplierBp = minesMultiplierBp(mineCount, picks.length);
    const [updated] = await this.db.query<RoundRow>(
      `update rounds set outcome = jsonb_set(coalesce(outcome, '{}'::jsonb), '{revealed}', $2::jsonb),
              multiplier_bp = $3, updated_at = now()
        where id = $1 and state = 'bet_acknowledged' and payout is null and refund_reason is null
          and jsonb_array_length(coalesce(outcome->'revealed', '[]'::jsonb)) = $4
        returning *`,
      [round.id, JSON.stringify(picks), BigInt(multiplierBp), revealed.length],
    );
    if (!updated)
      throw new StudioError(409, 'ROUND_CHANGED', 'Another pick was made at the same time: reload.');
    if (picks.length === MINES_TILES - mineCount) {
      // Every safe tile found: the round cashes out by itself.
      const cashout = await this.cashOutMines(updated, picks, multiplierBp);
      return {
        safe: true,
        revealed: picks,
        multiplierBp,
        nextMultiplierBp: null,
        mines,
        payout: cashout.payout,
        balance: cashout.balance,
        ended: true,
      };
    }
    return {
      safe: true,
      revealed: picks,
      multiplierBp,
      nextMultiplierBp: this.nextMultiplier(mineCount, picks.length),
      payout: 0,
      cashoutAmount: Number(this.games.capWin(payoutBp(round.stake, multiplierBp))),
      balance: num(round.balance),
      ended: false,
    };
  }

  private async cashOutMines(round: RoundRow, picks: number[], multiplierBp: number) {
    const payout = this.games.capWin(payoutBp(round.stake, multiplierBp));
    const mines = MinesService.hiddenMines(round);
    const decided = await this.settlement.decideWin(round.id, payout, {
      outcome: { revealed: picks, mines, ended: true },
      multiplierBp,
    });
    if (!decided) throw new StudioError(409, 'ROUND_OVER', 'This mines round is over.');
    const win = await this.settlement.deliverNow(winTransactionId(round.id));
    return {
      payout: Number(payout),
      multiplierBp,
      mines,
      balance: num(win.balance ?? (round.balance === null ? null : round.balance + payout)),
    };
  }

  async minesCashout(session: StudioSession, roundId: string) {
    const round = await this.minesInPlay(session, roundId);
    const picks = MinesService.revealedOf(round);
    if (picks.length === 0)
      throw new StudioError(400, 'NO_PICKS', 'Reveal at least one tile before cashing out.');
    return this.cashOutMines(round, picks, minesMultiplierBp(MinesService.minesCount(round), picks.length));
  }

  async minesOpen(session: StudioSession) {
    const [round] = await this.db.query<RoundRow & { server_seed_hash: string; client_seed: string }>(
      `select r.*, s.server_seed_hash, s.client_seed from rounds r join player_seeds s on s.id = r.seed_id
        where r.player_id = $1 and r.game_code = 'mines' and r.state in ('open', 'bet_acknowledged')
          and r.payout is null and r.refund_reason is null
        order by r.created_at desc limit 1`,
      [session.playerId],
    );
    if (!round) return null;
    const mines = MinesService.minesCount(round);
    const revealed = MinesService.revealedOf(round);
    return {
      roundId: round.id,
      state: round.state,
      amount: Number(round.stake),
      mines,
      revealed,
      multiplierBp: revealed.length ? minesMultiplierBp(mines, revealed.length) : 0,
      nextMultiplierBp: this.nextMultiplier(mines, revealed.length),
      nonce: round.nonce,
      serverSeedHash: round.server_seed_hash,
      clientSeed: round.client_seed,
    };
  }

  /**
   * Mines rounds nobody touched for `minesIdleHours`: cashed out at their multiplier, or refunded
   * when no tile was picked. (Rounds in play survive restarts; this bounds how long they stay open.)
   */
  async closeIdleMines(): Promise<number> {
    const idle = await this.db.query<RoundRow>(
      `select * from rounds where game_code = 'mines' and state = 'bet_acknowledged' and payout is null
          and refund_reason is null and updated_at < now() - make_interval(secs => $1)`,
      [this.config.minesIdleHours * 3600],
    );
    for (const round of idle) {
      const picks = MinesService.revealedOf(round);
      if (picks.length === 0) await this.settlement.decideRefund(round.id, 'mines round left without picks');
      else {
        const multiplierBp = minesMultiplierBp(MinesService.minesCount(round), picks.length);
        await this.settlement.decideWin(round.id, this.games.capWin(payoutBp(round.stake, multiplierBp)), {
          outcome: {
            revealed: picks,
            mines: MinesService.hiddenMines(round),
            ended: true,
            autoCashout: true,
          },
          multiplierBp,
        });
      }
    }
    if (idle.length) this.settlement.poke();
    return idle.length;
  }
}
