import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RealtimeHub } from '../../plugins/realtime';
import type { LedgerService } from '../ledger/ledger.service';
import type { MessagesService } from '../messages/messages.service';
import { DepositOpsRepository } from './deposit-ops.repository';
import { DepositOpsService } from './deposit-ops.service';
import { DepositsService } from './deposits.service';
import { OperatorDecisionsService } from './operator-decisions.service';
import { PayeesService } from './payees.service';
import { PaymentChannels } from './payment-channels';
import { PaymentPassword } from './payment-password';
import type { PaymentsRepository } from './payments.repository';
import type { ProofStore } from './proofs';
import { ProviderClearing } from './provider-clearing';
import type { PaymentProvider } from './providers/payment-provider';
import { WithdrawalDisputesService } from './withdrawal-disputes.service';
import { WithdrawalRiskRepository } from './withdrawal-risk.repository';
import { WithdrawalRiskService } from './withdrawal-risk.service';
import { WithdrawalsService } from './withdrawals.service';

/** The payments services, one per part of the routes; `start` opens the providers' clearing accounts. */
export type Payments = {
  channels: PaymentChannels;
  deposits: DepositsService;
  payees: PayeesService;
  withdrawals: WithdrawalsService;
  decisions: OperatorDecisionsService;
  /** Disputed withdrawals settled by an operator. */
  disputes: WithdrawalDisputesService;
  /** The operator's deposits screen and manual credits (four eyes). */
  depositOps: DepositOpsService;
  start(): Promise<void>;
};

export function createPayments(deps: {
  repository: PaymentsRepository;
  /** The database the operator-side repositories read (the same as the payments repository's). */
  db: Connection;
  ledger: LedgerService;
  providers: Map<string, PaymentProvider>;
  messages: MessagesService;
  realtime: RealtimeHub;
  limiter: RateLimiter;
  proofs: ProofStore;
  log: FastifyBaseLogger;
}): Payments {
  const { repository, ledger, messages, realtime, proofs, log } = deps;
  const clearing = new ProviderClearing(deps.providers, ledger);
  const channels = new PaymentChannels(repository);
  const password = new PaymentPassword(repository, deps.limiter);
  const withdrawals = new WithdrawalsService(repository, channels, password, ledger, realtime, proofs);
  const deposits = new DepositsService(repository, channels, clearing, ledger, messages, realtime, log);
  const risk = new WithdrawalRiskService(new WithdrawalRiskRepository(deps.db));
  const decisions = new OperatorDecisionsService(repository, withdrawals, clearing, ledger, messages, risk, {
    proofs,
    log,
  });
  return {
    channels,
    deposits,
    payees: new PayeesService(repository, channels, password),
    withdrawals,
    decisions,
    disputes: new WithdrawalDisputesService(
      repository,
      decisions,
      withdrawals,
      clearing,
      ledger,
      messages,
      log,
    ),
    depositOps: new DepositOpsService(new DepositOpsRepository(deps.db), deposits, clearing),
    start: () => clearing.start(),
  };
}
