import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from './realtime-events';

/** React Query keys the money pages use; the live events keep them fresh without a reload. */
export const liveKeys = {
  walletBalance: ['wallet', 'balance'] as const,
  wallet: ['wallet'] as const,
  deposits: ['deposit'] as const,
  withdrawals: ['withdraw'] as const,
  records: ['records'] as const,
  messages: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
};

type WithBalance = { balance: number; currency?: string };
type WithUnread = { unreadMessage: number };

/**
 * Applies one live event to the cache: a balance lands in the header's member info and the wallet
 * balance at once; deposit and withdrawal changes refetch their lists and records; the unread count
 * feeds the badges. `memberInfoKey` is the session's member-info query (the header's balance).
 */
export function applyLiveEvent(client: QueryClient, memberInfoKey: QueryKey, event: RealtimeEvent): void {
  // A balance lands only where it is shown in its currency: a free-play member's header shows play
  // money (FUN), a member's their merchant's currency.
  const isShownIn = (old: WithBalance, currency: string | undefined) =>
    currency === undefined || old.currency === undefined || old.currency === currency;
  const setBalance = (balance: number, bonus?: number, currency?: string) => {
    client.setQueriesData<WithBalance>({ queryKey: memberInfoKey }, (old) =>
      old && isShownIn(old, currency) ? { ...old, balance } : old,
    );
    client.setQueriesData<WithBalance & { bonus: number }>({ queryKey: liveKeys.walletBalance }, (old) =>
      old && isShownIn(old, currency) ? { ...old, balance, ...(bonus === undefined ? {} : { bonus }) } : old,
    );
  };
  switch (event.type) {
    case 'balance':
      setBalance(event.balance, event.bonus, event.currency);
      void client.invalidateQueries({ queryKey: liveKeys.records });
      break;
    case 'deposit':
      if (typeof event.cashBalance === 'number') setBalance(event.cashBalance);
      void client.invalidateQueries({ queryKey: liveKeys.deposits });
      void client.invalidateQueries({ queryKey: liveKeys.records });
      break;
    case 'withdrawal':
      void client.invalidateQueries({ queryKey: liveKeys.withdrawals });
      void client.invalidateQueries({ queryKey: liveKeys.wallet });
      void client.invalidateQueries({ queryKey: liveKeys.records });
      break;
    case 'unread':
      client.setQueriesData<WithUnread>({ queryKey: memberInfoKey }, (old) =>
        old ? { ...old, unreadMessage: event.count } : old,
      );
      client.setQueryData(liveKeys.unread, { count: event.count });
      void client.invalidateQueries({
        queryKey: liveKeys.messages,
        predicate: (q) => q.queryKey[1] !== 'unread',
      });
      break;
  }
}
