import {
  type Adjustment,
  type AdjustmentSortKey,
  type Currency,
  type ListSort,
  merchantByCode,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { LedgerService } from '../ledger/ledger.service';
import { iso, pageOf } from '../payments/payment-rules';
import type { AdjustmentRow, AdjustmentsRepository } from './adjustments.repository';
import type { PlayersRepository } from './players.repository';

const dtoOf = (row: AdjustmentRow): Adjustment => ({
  id: row.id,
  memberId: row.memberId,
  username: row.username,
  merchantCode: row.merchantCode,
  currency: row.currency,
  account: row.account,
  direction: row.direction,
  amount: Number(row.amount),
  reason: row.reason,
  requestedBy: row.requestedBy,
  requestedAt: iso(row.requestedAt) as string,
  status: row.status,
  needsSecondOperator: row.needsSecondOperator,
  decidedBy: row.decidedBy,
  decidedAt: iso(row.decidedAt),
  decisionReason: row.decisionReason,
  transferId: row.transferId,
});

type Actor = { name: string; merchantCode: string | null };

/**
 * Manual adjustments of a player's cash or bonus, with four eyes: at or above the merchant's
 * threshold the request waits until an operator other than the one who asked approves it (or
 * rejects it); below it, it is applied at once. The transfer goes through the ledger with the key
 * adjustment:<id>, so approving twice, or retrying after a crash, moves the money once; a debit the
 * balance cannot cover is refused by the ledger and the adjustment is marked failed.
 */
export class AdjustmentsService {
  constructor(
    private readonly repository: AdjustmentsRepository,
    private readonly players: Pick<PlayersRepository, 'byId'>,
    private readonly ledger: LedgerService,
  ) {}

  private async scoped(id: string, actor: Actor): Promise<AdjustmentRow> {
    const row = await this.repository.byId(id);
    if (!row || (actor.merchantCode !== null && row.merchantCode !== actor.merchantCode))
      throw new AppError(404, 'NOT_FOUND');
    return row;
  }

  async request(
    memberId: string,
    actor: Actor,
    body: {
      direction: 'credit' | 'debit';
      account: 'cash' | 'bonus';
      amount: number;
      reason: string;
      requestId: string;
    },
  ): Promise<Adjustment> {
    const player = await this.players.byId(memberId);
    if (!player || (actor.merchantCode !== null && player.merchantCode !== actor.merchantCode))
      throw new AppError(404, 'NOT_FOUND');
    const threshold = await this.repository.fourEyesThreshold(player.merchantCode);
    const { row, created } = await this.repository.insert({
      memberId: player.id,
      merchantCode: player.merchantCode,
      currency: merchantByCode(player.merchantCode).currency,
      account: body.account,
      direction: body.direction,
      amount: body.amount,
      reason: body.reason,
      requestId: body.requestId,
      requestedBy: actor.name,
      needsSecondOperator: BigInt(body.amount) >= threshold,
    });
    if (
      !created &&
      (row.memberId !== player.id ||
        row.amount !== String(body.amount) ||
        row.direction !== body.direction ||
        row.account !== body.account)
    )
      throw new AppError(409, 'CONFLICT');
    return row.status === 'approved' ? this.apply(row) : dtoOf(row);
  }

  async approve(id: string, actor: Actor): Promise<Adjustment> {
    const row = await this.scoped(id, actor);
    if (row.status === 'pending') {
      // The four eyes: whoever asked cannot also approve.
      if (row.requestedBy === actor.name) throw new AppError(409, 'FOUR_EYES_REQUIRED');
      await this.repository.decide(row.id, 'approved', actor.name, null);
      const now = (await this.repository.byId(row.id)) as AdjustmentRow;
      if (now.status !== 'approved' || now.decidedBy !== actor.name)
        throw new AppError(409, 'ADJUSTMENT_NOT_PENDING');
      return this.apply(now);
    }
    // Approved but not applied (a crash in between): applying again finds or makes the one transfer.
    if (row.status === 'approved' && row.decidedBy === actor.name) return this.apply(row);
    throw new AppError(409, 'ADJUSTMENT_NOT_PENDING');
  }

  async reject(id: string, actor: Actor, reason: string): Promise<Adjustment> {
    const row = await this.scoped(id, actor);
    if (!(await this.repository.decide(row.id, 'rejected', actor.name, reason)))
      throw new AppError(409, 'ADJUSTMENT_NOT_PENDING');
    return dtoOf((await this.repository.byId(row.id)) as AdjustmentRow);
  }

  /** One adjustment as it stands (the audit log's "before" of a decision). */
  async get(id: string): Promise<Adjustment | undefined> {
    const row = await this.repository.byId(id);
    return row ? dtoOf(row) : undefined;
  }

  async list(
    filter: { status?: string; sort?: ListSort<AdjustmentSortKey> | undefined },
    actor: Actor,
    pageNo: number,
    pageSize: number,
  ) {
    const { rows, total } = await this.repository.page(
      { status: filter.status, merchantCode: actor.merchantCode, sort: filter.sort },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return pageOf(rows.map(dtoOf), pageNo, pageSize, total);
  }

  private async apply(row: AdjustmentRow): Promise<Adjustment> {
    const currency = row.currency as Currency;
    const key = `adjustment:${row.id}`;
    const member = (await this.ledger.openAccounts(row.memberId, currency))[row.account];
    const house = this.ledger.houseAccountFor(currency, key);
    try {
      const posted = await this.ledger.transfer({
        idempotencyKey: key,
        debitAccountId: row.direction === 'credit' ? house : member,
        creditAccountId: row.direction === 'credit' ? member : house,
        amount: BigInt(row.amount),
        currency,
        kind: 'adjustment',
        metadata: {
          adjustmentId: row.id,
          reason: row.reason,
          requestedBy: row.requestedBy,
          decidedBy: row.decidedBy,
        },
      });
      await this.repository.markApplied(row.id, posted.transferId);
    } catch (error) {
      // A debit above the balance: the ledger refused it, and it stays refused.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
        await this.repository.markFailed(row.id, 'INSUFFICIENT_FUNDS');
      throw error;
    }
    return dtoOf((await this.repository.byId(row.id)) as AdjustmentRow);
  }
}
