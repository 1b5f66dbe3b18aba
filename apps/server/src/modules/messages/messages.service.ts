import { type Currency, formatMinor, type MemberMessage, type MessageKind } from '@sorte/shared';
import type { TFunction } from 'i18next';
import type { RealtimeHub } from '../../plugins/realtime';
import type { MessagesRepository } from './messages.repository';

/** Money in a message is kept exact (minor units + currency) and formatted for each reader. */
export type MessageParams = {
  amountMinor?: bigint | string;
  currency?: Currency;
  orderId?: string;
  reason?: string;
};

/**
 * Internal messages: stored as a kind and parameters, read in the reader's language, with the
 * unread count pushed live to the member's sockets.
 */
export class MessagesService {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly realtime: RealtimeHub,
  ) {}

  async send(memberId: bigint, kind: MessageKind, params: MessageParams): Promise<void> {
    const stored = { ...params, amountMinor: params.amountMinor?.toString() };
    await this.repository.insert(memberId, kind, stored);
    await this.realtime.publish(memberId, {
      type: 'unread',
      count: await this.repository.unreadCount(memberId),
    });
  }

  async page(memberId: bigint, pageNo: number, pageSize: number, t: TFunction) {
    const { rows, total } = await this.repository.page(memberId, (pageNo - 1) * pageSize, pageSize);
    const content: MemberMessage[] = rows.map((row) => {
      const p = row.params as MessageParams & { amountMinor?: string };
      const values = {
        amount: p.amountMinor && p.currency ? formatMinor(BigInt(p.amountMinor), p.currency) : '',
        orderId: p.orderId ?? '',
        reason: p.reason ?? '',
      };
      return {
        id: row.id.toString(),
        kind: row.kind,
        title: t(`messages:${row.kind}.title`, values),
        body: t(`messages:${row.kind}.body`, values).trim(),
        time: new Date(row.created_at).toISOString(),
        read: row.read_at !== null,
      };
    });
    return {
      content,
      pageNum: pageNo,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      total,
      unread: await this.repository.unreadCount(memberId),
    };
  }

  unreadCount(memberId: bigint): Promise<number> {
    return this.repository.unreadCount(memberId);
  }

  async markRead(memberId: bigint, id: bigint): Promise<boolean> {
    const found = await this.repository.markRead(memberId, id);
    if (found)
      await this.realtime.publish(memberId, { type: 'unread', count: await this.unreadCount(memberId) });
    return found;
  }

  async markAllRead(memberId: bigint): Promise<void> {
    await this.repository.markAllRead(memberId);
    await this.realtime.publish(memberId, { type: 'unread', count: 0 });
  }
}
