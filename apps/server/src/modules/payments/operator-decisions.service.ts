import type { Currency, ListSort, WithdrawalDispute, WithdrawalSortKey } from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { LedgerService } from '../ledger/ledger.service';
import type { MessagesService } from '../messages/messages.service';
import { iso, pageOf } from './payment-rules';
import type { DecisionRow, PaymentsRepository, ProofRow, WithdrawalRow } from './payments.repository';
import type { ProofStore } from './proofs';
import type { ProviderClearing } from './provider-clearing';
import type { PaymentProvider } from './providers/payment-provider';
import type { WithdrawalRiskService } from './withdrawal-risk.service';
import type { WithdrawalsService } from './withdrawals.service';

/** The merchant an operator is limited to, or null for every merchant. */
export type MerchantScope = string | null;

/** The member's dispute of a paid withdrawal and its settlement, or null when there is none. */
export function disputeOf(row: WithdrawalRow): WithdrawalDispute | null {
  const isDisputed = row.confirmation === 'partial' || row.confirmation === 'not_received';
  if (!isDisputed && row.dispute_resolution === null) return null;
  return {
    state: row.dispute_resolution ?? 'open',
    amount: toSafeNumber(row.dispute_amount ?? row.remainder_amount ?? row.amount),
    reason: row.dispute_reason,
    operator: row.dispute_operator,
    resolvedAt: iso(row.dispute_resolved_at),
    payoutReference: row.dispute_payout_reference,
    paidAt: iso(row.dispute_paid_at),
    payoutError: row.dispute_payout_error,
    payoutFailed: row.dispute_payout_failed_at !== null,
  };
}

/**
 * The operator's side of withdrawals: the queue, the proofs, and the decisions. Approve moves the
 * locked amount to the provider's clearing account and pays out; reject gives it back to cash. Both
 * are one statement of 0012_payments.sql, so a repeat never moves money twice.
 */
export class OperatorDecisionsService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly withdrawals: WithdrawalsService,
    private readonly providers: ProviderClearing,
    private readonly ledger: LedgerService,
    private readonly messages: MessagesService,
    private readonly risk: WithdrawalRiskService,
    private readonly options: { proofs: ProofStore; log: FastifyBaseLogger },
  ) {}

  async operatorWithdrawalDto(row: WithdrawalRow) {
    const proofs = await this.repository.proofs(row.id);
    return {
      ...this.withdrawals.withdrawalDto(row),
      memberId: row.member_id.toString(),
      username: row.username ?? '',
      merchantCode: row.merchant_code,
      payoutFailed: row.payout_failed_at !== null,
      payoutError: row.payout_error,
      payeeAccountId: row.payee_account_id.toString(),
      accountValue: row.account_value,
      operator: row.operator,
      providerReference: row.provider_reference,
      proofs: proofs.map((p: ProofRow) => ({
        id: p.id.toString(),
        contentType: p.content_type,
        sizeBytes: p.size_bytes,
        createdAt: iso(p.created_at) as string,
      })),
      dispute: disputeOf(row),
    };
  }

  /**
   * The withdrawal, if the operator may see it: one limited to a merchant is told another
   * merchant's withdrawal does not exist.
   */
  async scoped(withdrawalNo: string, scope: MerchantScope): Promise<WithdrawalRow> {
    const row = await this.repository.withdrawal(withdrawalNo);
    if (!row || (scope !== null && row.merchant_code !== scope)) throw new AppError(404, 'NOT_FOUND');
    return row;
  }

  async operatorWithdrawal(withdrawalNo: string, scope: MerchantScope) {
    return this.operatorWithdrawalDto(await this.scoped(withdrawalNo, scope));
  }

  /**
   * The queue: waiting withdrawals first, the oldest of them first, then the rest newest first; with
   * `dispute`, the open disputes (oldest first) or the settled ones; with `sort`, in that order
   * instead. Each row carries its risk alerts.
   */
  async operatorWithdrawals(
    filter: {
      status: string | undefined;
      dispute?: 'open' | 'resolved';
      merchantCode: MerchantScope;
      sort?: ListSort<WithdrawalSortKey> | undefined;
    },
    pageNo: number,
    pageSize: number,
  ) {
    await this.withdrawals.autoReceive(null);
    const { rows, total } = await this.repository.withdrawalPage(
      {
        status: filter.status,
        merchantCode: filter.merchantCode ?? undefined,
        order: 'queue',
        ...(filter.dispute ? { dispute: filter.dispute } : {}),
        ...(filter.sort ? { sort: filter.sort } : {}),
      },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    const alerts = await this.risk.alertsFor(rows);
    const content = await Promise.all(
      rows.map(async (r) => ({
        ...(await this.operatorWithdrawalDto(r)),
        riskAlerts: alerts.get(r.id) ?? [],
      })),
    );
    return pageOf(content, pageNo, pageSize, total);
  }

  /** The player's risk facts beside a withdrawal the operator may see. */
  async riskFacts(withdrawalNo: string, scope: MerchantScope) {
    return this.risk.factsOf(await this.scoped(withdrawalNo, scope));
  }

  async proofFile(
    withdrawalNo: string,
    proofId: bigint,
    scope: MerchantScope,
  ): Promise<{ path: string; contentType: string }> {
    const row = await this.scoped(withdrawalNo, scope).catch(() => undefined);
    const proof = row ? await this.repository.proof(row.id, proofId) : undefined;
    if (!proof) throw new AppError(404, 'NOT_FOUND');
    return { path: this.options.proofs.pathOf(proof.file_name), contentType: proof.content_type };
  }

  /** The one clearing shard a withdrawal's payout uses, whoever decides and however often. */
  private payoutClearing(row: WithdrawalRow, withdrawalNo: string): bigint {
    return this.providers.accountFor(
      row.provider,
      row.currency as Currency,
      `withdrawal:${withdrawalNo}:payout`,
    );
  }

  /**
   * Approves a locked withdrawal: locked → provider clearing in one statement, then the payout
   * through the provider (idempotent on the withdrawal number). Calling it again retries a payout
   * that failed; it never moves money twice.
   */
  async approve(withdrawalNo: string, operator: string, scope: MerchantScope = null) {
    const row = await this.scoped(withdrawalNo, scope);
    const decision = await this.repository.decideWithdrawal({
      withdrawalNo,
      decision: 'approve',
      operator,
      reason: null,
      clearingAccountId: this.payoutClearing(row, withdrawalNo),
    });
    if (decision.outcome === 'conflict') throw new AppError(409, 'WITHDRAWAL_STATE_CONFLICT');
    let current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    if (decision.changed) {
      this.announceMoved(decision);
      await this.messages.send(row.member_id, 'withdrawalApproved', {
        amountMinor: row.amount,
        currency: row.currency as Currency,
        orderId: withdrawalNo,
      });
      await this.withdrawals.publish(current);
    }
    if (current.status === 'approved') {
      let result: Awaited<ReturnType<PaymentProvider['payout']>>;
      try {
        result = await this.providers.provider(row.provider).payout({
          withdrawalNo,
          channel: row.channel,
          accountType: row.account_type,
          accountValue: row.account_value,
          holderName: row.holder_name,
          amount: row.amount,
          currency: row.currency as Currency,
        });
      } catch (error) {
        // Unknown whether it went out: only approving again (the same payout, idempotent at the
        // provider) can tell; the queue shows the error meanwhile.
        this.options.log.error({ err: error, withdrawalNo }, 'payout failed; approve again to retry');
        await this.repository.recordPayoutError(
          row.id,
          (error as Error).message || 'provider unreachable',
          false,
        );
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
      }
      if (result.status === 'failed') {
        // Refused for good: the operator retries (approve) or returns the money (returnFailedPayout).
        this.options.log.error({ withdrawalNo, result }, 'provider refused the payout');
        await this.repository.recordPayoutError(row.id, 'refused by the payment provider', true);
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
      }
      if (result.status === 'paid') {
        const settings = await this.repository.merchantSettings(row.merchant_code);
        if (
          await this.repository.markPaid(
            row.id,
            result.providerReference,
            settings?.withdrawal_auto_receipt_minutes ?? 30,
          )
        ) {
          // The provider paid into it: the account is real and now can never change (spec section 4).
          await this.repository.confirmPayee(row.payee_account_id);
          current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
          await this.withdrawals.publish(current);
        }
      } else {
        await this.repository.setProviderReference(row.id, result.providerReference);
      }
      current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    }
    return this.operatorWithdrawalDto(current);
  }

  /** Tells the ledger's listeners (the live balance) which member accounts a decision moved. */
  private announceMoved(decision: DecisionRow) {
    if (decision.cash_account_id !== null && decision.locked_account_id !== null)
      this.ledger.announce([decision.cash_account_id, decision.locked_account_id]);
  }

  /**
   * A payout the provider refused after approval: the amount goes back from the provider's clearing
   * account to the member's cash and the withdrawal ends rejected with the reason, in one statement;
   * the member is told. Only for a refused payout: one whose fate is unknown is retried instead.
   */
  async returnFailedPayout(
    withdrawalNo: string,
    operator: string,
    reason: string,
    scope: MerchantScope = null,
  ) {
    const row = await this.scoped(withdrawalNo, scope);
    const result = await this.repository.returnFailedPayout(withdrawalNo, operator, reason);
    if (result.outcome === 'conflict') throw new AppError(409, 'WITHDRAWAL_STATE_CONFLICT');
    const current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    if (result.changed) {
      if (result.cash_account_id !== null && result.clearing_account_id !== null)
        this.ledger.announce([result.cash_account_id, result.clearing_account_id]);
      await this.messages.send(row.member_id, 'withdrawalRejected', {
        amountMinor: row.amount,
        currency: row.currency as Currency,
        orderId: withdrawalNo,
        reason,
      });
      await this.withdrawals.publish(current);
    }
    return this.operatorWithdrawalDto(current);
  }

  /** Rejects a locked withdrawal: locked → cash in one statement; the member is told why. */
  async reject(withdrawalNo: string, operator: string, reason: string, scope: MerchantScope = null) {
    const row = await this.scoped(withdrawalNo, scope);
    const decision = await this.repository.decideWithdrawal({
      withdrawalNo,
      decision: 'reject',
      operator,
      reason,
      clearingAccountId: this.payoutClearing(row, withdrawalNo),
    });
    if (decision.outcome === 'conflict') throw new AppError(409, 'WITHDRAWAL_STATE_CONFLICT');
    const current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    if (decision.changed) {
      this.announceMoved(decision);
      await this.messages.send(row.member_id, 'withdrawalRejected', {
        amountMinor: row.amount,
        currency: row.currency as Currency,
        orderId: withdrawalNo,
        reason,
      });
      await this.withdrawals.publish(current);
    }
    return this.operatorWithdrawalDto(current);
  }
}
