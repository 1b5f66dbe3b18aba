import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RealtimeHub } from '../../plugins/realtime';
import type { LedgerService } from '../ledger/ledger.service';
import type { MessagesService } from '../messages/messages.service';
import { DepositsService } from './deposits.service';
import { OperatorDecisionsService } from './operator-decisions.service';
import { PayeesService } from './payees.service';
import { PaymentChannels } from './payment-channels';
import { PaymentPassword } from './payment-password';
import type { PaymentsRepository } from './payments.repository';
import type { ProofStore } from './proofs';
import { ProviderClearing } from './provider-clearing';
import type { PaymentProvider } from './providers/payment-provider';
import { WithdrawalsService } from './withdrawals.service';

/** The payments services, one per part of the routes; `start` opens the providers' clearing accounts. */
export type Payments = {
  channels: PaymentChannels;
  deposits: DepositsService;
  payees: PayeesService;
  withdrawals: WithdrawalsService;
  decisions: OperatorDecisionsService;
  start(): Promise<void>;
};

export function createPayments(deps: {
  repository: PaymentsRepository;
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
  return {
    channels,
    deposits: new DepositsService(repository, channels, clearing, ledger, messages, realtime, log),
    payees: new PayeesService(repository, channels, password),
    withdrawals,
    decisions: new OperatorDecisionsService(repository, withdrawals, clearing, ledger, messages, {
      proofs,
      log,
    }),
    start: () => clearing.start(),
  };
}
