import { createHash } from 'node:crypto';
import { type Currency, currencies } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { PaymentProvider } from './providers/payment-provider';

export const providerClearingCode = (provider: string, currency: Currency, shard: number) =>
  `provider:${provider}:clearing:${currency}:${String(shard).padStart(2, '0')}`;

/**
 * The payment providers and their sharded clearing accounts in the ledger: deposits are credited
 * from them and approved withdrawals paid into them.
 */
export class ProviderClearing {
  private clearing = new Map<string, bigint[]>();

  constructor(
    private readonly providers: Map<string, PaymentProvider>,
    private readonly ledgerRepository: LedgerRepository,
    private readonly shardCount: number,
  ) {}

  /** Opens every provider's clearing sub-accounts (idempotent; every instance runs it at start). */
  async start(): Promise<void> {
    for (const provider of this.providers.keys()) {
      const wanted = currencies.flatMap((currency) =>
        Array.from({ length: this.shardCount }, (_, shard) => ({
          code: providerClearingCode(provider, currency, shard),
          owner_type: 'provider' as const,
          owner_id: provider,
          kind: 'clearing' as const,
          currency,
          allow_negative: true,
        })),
      );
      await this.ledgerRepository.insertAccounts(wanted);
      const rows = await this.ledgerRepository.findAccountsByCodes(wanted.map((a) => a.code));
      const byCode = new Map(rows.map((r) => [r.code, r.id]));
      for (const currency of currencies) {
        this.clearing.set(
          `${provider}:${currency}`,
          Array.from(
            { length: this.shardCount },
            (_, s) => byCode.get(providerClearingCode(provider, currency, s)) as bigint,
          ),
        );
      }
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
  accountFor(provider: string, currency: string, key: string): bigint {
    const shards = this.clearing.get(`${provider}:${currency}`);
    if (!shards?.length) throw new Error(`no clearing accounts for ${provider} ${currency}`);
    return shards[createHash('sha256').update(key).digest().readUInt32BE(0) % shards.length] as bigint;
  }
}
