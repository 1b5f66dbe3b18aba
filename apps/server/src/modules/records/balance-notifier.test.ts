import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../plugins/realtime';
import { BalanceNotifier } from './balance-notifier';

/** A ledger that counts its balance reads; a hub that records what it was asked to publish. */
function harness(listening: { value: boolean }) {
  const reads: bigint[][] = [];
  const published: Array<{ memberId: string; event: MemberEvent }> = [];
  const ledger = {
    async memberBalancesOfAccounts(accountIds: bigint[]) {
      reads.push(accountIds);
      return [{ owner_id: '7', currency: 'BRL', kind: 'cash', balance: 1_250n }];
    },
  };
  const hub = {
    mayHaveListeners: () => listening.value,
    async publish(memberId: bigint | string, event: MemberEvent) {
      published.push({ memberId: memberId.toString(), event });
    },
  };
  const notifier = new BalanceNotifier(ledger as never, hub, { warn() {} } as unknown as FastifyBaseLogger);
  return { notifier, reads, published };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BalanceNotifier', () => {
  it('reads nothing from the ledger while nobody is connected to hear it', async () => {
    const listening = { value: false };
    const { notifier, reads, published } = harness(listening);
    notifier.accountsChanged([11n, 12n]);
    await settled();
    await notifier.stop();
    expect(reads).toEqual([]);
    expect(published).toEqual([]);
  });

  it('reads the balances once per batch and tells the member when someone may listen', async () => {
    const listening = { value: true };
    const { notifier, reads, published } = harness(listening);
    notifier.accountsChanged([11n]);
    notifier.accountsChanged([12n]);
    await settled();
    await notifier.stop();
    expect(reads).toEqual([[11n, 12n]]);
    expect(published).toEqual([
      { memberId: '7', event: { type: 'balance', balance: 1_250, bonus: 0, currency: 'BRL' } },
    ]);
  });
});
