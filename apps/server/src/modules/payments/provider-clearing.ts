import type { Currency } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { LedgerService, Shards } from '../ledger/ledger.service';
import type { PaymentProvider } from './providers/payment-provider';

/**
 * The payment providers and their sharded clearing accounts in the ledger: deposits are credited
 * from them and approved withdrawals paid into them.
 */
export class ProviderClearing {
  private clearing = new Map<string, Shards>();

  constructor(
    private readonly providers: Map<string, PaymentProvider>,
    private readonly ledger: LedgerService,
  ) {}

  /** Opens every provider's clearing shards (idempotent; every instance runs it at start). */
  async start(): Promise<void> {
    for (const provider of this.providers.keys()) {
      this.clearing.set(provider, await this.ledger.openShards({ type: 'provider', id: provider }));
    }
  }

  /** A provider by code, or undefined (a webhook names its provider in the path). */
  find(code: string): PaymentProvider | undefined {
    return this.providers.get(code);
  }

  /** A provider the platform has to use: one that is missing is a 503, not the caller's fault. */
  provider(code: string): PaymentProvider {
    const provider = this.providers.get(code);
    if (!provider) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    return provider;
  }

  /** A provider clearing shard, derived from the transfer's key so a retry names the same account. */
  accountFor(provider: string, currency: Currency, key: string): bigint {
    const shards = this.clearing.get(provider);
    if (!shards) throw new Error(`no clearing accounts for ${provider}`);
    return this.ledger.shardFor(shards, currency, key);
  }
}
