import type { Currency, DisputeResolution } from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { LedgerService } from '../ledger/ledger.service';
import type { MessagesService } from '../messages/messages.service';
import type { MerchantScope, OperatorDecisionsService } from './operator-decisions.service';
import type { PaymentsRepository, WithdrawalRow } from './payments.repository';
import type { ProviderClearing } from './provider-clearing';
import type { PaymentProvider } from './providers/payment-provider';
import type { WithdrawalsService } from './withdrawals.service';

/** The id of a dispute's second payout at the provider: another payout than the withdrawal's own. */
export const disputePayoutNo = (withdrawalNo: string) => `${withdrawalNo}-R`;

/**
 * Disputed withdrawals (spec section 4: the member says the payout arrived only in part, or not at
 * all, with proofs) settled by an operator who has looked at the proofs.
 *
 * Why money cannot be duplicated: the settlement is one column of the withdrawal
 * (dispute_resolution), claimed under the withdrawal's row lock by the same statement that moves the
 * money (payments_resolve_dispute, 0049). A second call with the same resolution finds it and moves
 * nothing; a call with another resolution is refused, so a missing amount can never be both paid
 * again and returned. The amount is the member's own remainder, fixed when they disputed, never an
 * operator's figure, and a settled dispute closes the member's confirmation. Every transfer has a key
 * named after the withdrawal and the step (withdrawal:<no>:dispute-resend / -return), and the second
 * payout has its own id at the provider (<no>-R), idempotent there as the first is on <no>: a retry
 * after a timeout finds the payout already made instead of paying again. The only way from one
 * settlement to another is a re-sent payout the provider refused: then its money comes back from the
 * provider's clearing account to the member, and it was never paid out.
 */
export class WithdrawalDisputesService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly decisions: OperatorDecisionsService,
    private readonly withdrawals: WithdrawalsService,
    private readonly providers: ProviderClearing,
    private readonly ledger: LedgerService,
    private readonly messages: MessagesService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async resolve(
    withdrawalNo: string,
    resolution: DisputeResolution,
    operator: string,
    reason: string,
    scope: MerchantScope,
  ) {
    const row = await this.decisions.scoped(withdrawalNo, scope);
    const currency = row.currency as Currency;
    // The house shard follows the transfer's key, so a repeat names the same account.
    const step = resolution === 'resent' ? 'dispute-resend' : 'dispute-return';
    const result = await this.repository.resolveDispute({
      withdrawalNo,
      resolution,
      operator,
      reason,
      houseAccountId: this.ledger.houseAccountFor(currency, `withdrawal:${withdrawalNo}:${step}`),
      clearingAccountId: this.providers.accountFor(
        row.provider,
        currency,
        `withdrawal:${withdrawalNo}:dispute-resend`,
      ),
    });
    if (result.outcome === 'not_found') throw new AppError(404, 'NOT_FOUND');
    if (result.outcome === 'conflict') throw new AppError(409, 'DISPUTE_NOT_OPEN');
    let current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    if (result.changed) {
      if (result.moved_account_id !== null) this.ledger.announce([result.moved_account_id]);
      const params = {
        amountMinor: result.amount ?? 0n,
        currency,
        orderId: withdrawalNo,
        reason,
      };
      // A re-sent amount is announced once it is paid (below), not when it is asked for.
      if (result.outcome === 'rejected')
        await this.messages.send(row.member_id, 'withdrawalDisputeRejected', params);
      if (result.outcome === 'returned')
        await this.messages.send(row.member_id, 'withdrawalDisputeReturned', params);
      await this.withdrawals.publish(current);
    }
    if (current.dispute_resolution === 'resent' && current.dispute_paid_at === null) {
      await this.payAgain(current);
      current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    }
    return this.decisions.operatorWithdrawalDto(current);
  }

  /** The second payout of the missing amount; asked again on every repeat until it is paid. */
  private async payAgain(row: WithdrawalRow) {
    const amount = row.dispute_amount as bigint;
    let result: Awaited<ReturnType<PaymentProvider['payout']>>;
    try {
      result = await this.providers.provider(row.provider).payout({
        withdrawalNo: disputePayoutNo(row.withdrawal_no),
        channel: row.channel,
        accountType: row.account_type,
        accountValue: row.account_value,
        holderName: row.holder_name,
        amount,
        currency: row.currency as Currency,
      });
    } catch (error) {
      // Unknown whether it went out: only asking again (idempotent at the provider) can tell.
      this.log.error(
        { err: error, withdrawalNo: row.withdrawal_no },
        'dispute payout failed; resend to retry',
      );
      await this.repository.recordDisputePayoutError(
        row.id,
        (error as Error).message || 'provider unreachable',
        false,
        null,
      );
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
    }
    if (result.status === 'failed') {
      // Refused for good: the operator returns the amount to the member instead.
      this.log.error({ withdrawalNo: row.withdrawal_no, result }, 'provider refused the dispute payout');
      await this.repository.recordDisputePayoutError(
        row.id,
        'refused by the payment provider',
        true,
        result.providerReference,
      );
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
    }
    if (result.status === 'pending') {
      await this.repository.setDisputePayoutReference(row.id, result.providerReference);
      return;
    }
    if (await this.repository.markDisputePaid(row.id, result.providerReference)) {
      await this.messages.send(row.member_id, 'withdrawalDisputeResent', {
        amountMinor: amount,
        currency: row.currency as Currency,
        orderId: row.withdrawal_no,
      });
      await this.withdrawals.publish(row);
    }
  }
}
