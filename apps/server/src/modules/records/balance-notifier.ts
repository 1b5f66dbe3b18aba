import type { BalanceEvent, Currency } from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSafeNumber } from '../../lib/bigint';
import type { RealtimeHub } from '../../plugins/realtime';
import type { LedgerService } from '../ledger/ledger.service';

/**
 * Pushes `{type:'balance', balance, bonus, currency}` to a member after their cash or bonus account
 * moved, or their play money (a free-play member: `balance` in FUN, the header's play balance). It hears of movements from the ledger only once they are committed (never for a refused
 * or failed transfer). Movements are gathered and answered in batches: one query per batch however
 * many transfers landed meanwhile, and each member gets the balances as they are when read, so the
 * last event a member receives is never older than their last movement.
 */
export class BalanceNotifier {
  private readonly dirty = new Set<bigint>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ledger: Pick<LedgerService, 'memberBalancesOfAccounts'>,
    private readonly realtime: Pick<RealtimeHub, 'publish' | 'mayHaveListeners'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called by the ledger after a commit: only remembers the accounts, off the caller's path. */
  accountsChanged(accountIds: readonly bigint[]): void {
    // Nobody connected to tell: reading the balances would only take the database from the money
    // calls (on PGlite, one connection, it was about 40 % of the statements under bench:wallet).
    // A socket opened later starts from the balance its page reads (and reads it again after a
    // reconnect), as before: events only ever went to sockets already open.
    if (this.stopped || !this.realtime.mayHaveListeners()) return;
    for (const id of accountIds) this.dirty.add(id);
    this.running ??= this.run();
  }

  /** Stops taking work and waits for the batch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.dirty.clear();
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      // Let the other transfers of this tick join the batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.dirty.size > 0 && !this.stopped) {
        const ids = [...this.dirty];
        this.dirty.clear();
        await this.publish(ids).catch((error) =>
          this.log.warn({ err: error }, 'balance events not sent (best effort)'),
        );
      }
    } finally {
      this.running = null;
    }
  }

  private async publish(accountIds: bigint[]): Promise<void> {
    const rows = await this.ledger.memberBalancesOfAccounts(accountIds);
    const events = new Map<string, { memberId: string; event: BalanceEvent }>();
    for (const row of rows) {
      const key = `${row.owner_id}:${row.currency}`;
      let entry = events.get(key);
      if (!entry) {
        entry = {
          memberId: row.owner_id,
          event: { type: 'balance', balance: 0, bonus: 0, currency: row.currency as Currency },
        };
        events.set(key, entry);
      }
      if (row.kind === 'bonus') entry.event.bonus = toSafeNumber(row.balance);
      else entry.event.balance = toSafeNumber(row.balance);
    }
    await Promise.all(
      [...events.values()].map(({ memberId, event }) => this.realtime.publish(memberId, event)),
    );
  }
}
