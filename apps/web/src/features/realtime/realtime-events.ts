/**
 * What `/ws` tells a signed-in member (server plugins/realtime.ts and the payments, messages and
 * wallet modules). Unknown event types are ignored, so the server can add some without breaking us.
 */
export type BalanceEvent = { type: 'balance'; balance: number; bonus: number; currency: string };
export type DepositEvent = {
  type: 'deposit';
  orderId: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  cashBalance?: number;
};
export type WithdrawalEvent = {
  type: 'withdrawal';
  withdrawalId: string;
  status: 'locked' | 'approved' | 'paid' | 'rejected';
  confirmation?: string | null;
};
export type UnreadEvent = { type: 'unread'; count: number };

export type RealtimeEvent = BalanceEvent | DepositEvent | WithdrawalEvent | UnreadEvent;
export type RealtimeEventType = RealtimeEvent['type'];

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Reads one socket message; anything malformed or unknown is null (dropped). */
export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  switch (message.type) {
    case 'balance':
      return isInt(message.balance) && isInt(message.bonus) && typeof message.currency === 'string'
        ? (message as BalanceEvent)
        : null;
    case 'deposit':
      return typeof message.orderId === 'string' && typeof message.status === 'string'
        ? (message as DepositEvent)
        : null;
    case 'withdrawal':
      return typeof message.withdrawalId === 'string' && typeof message.status === 'string'
        ? (message as WithdrawalEvent)
        : null;
    case 'unread':
      return isInt(message.count) ? (message as UnreadEvent) : null;
    default:
      return null;
  }
}

type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();

/** The tiny event bus between the one socket and whoever wants to hear (pages, the header). */
export const realtimeBus = {
  emit(event: RealtimeEvent) {
    for (const listener of [...listeners]) listener(event);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
