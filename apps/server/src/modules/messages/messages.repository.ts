import type { Connection } from '../../db/client';

export type MessageRow = {
  id: bigint;
  kind: string;
  params: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
};

/** SQL for members' internal messages. */
export class MessagesRepository {
  constructor(private readonly db: Connection) {}

  async insert(memberId: bigint, kind: string, params: Record<string, unknown>): Promise<bigint> {
    const [row] = await this.db.query<{ id: bigint }>(
      'insert into member_messages (member_id, kind, params) values ($1, $2, $3) returning id',
      [memberId, kind, JSON.stringify(params)],
    );
    return (row as { id: bigint }).id;
  }

  async page(
    memberId: bigint,
    offset: number,
    limit: number,
  ): Promise<{ rows: MessageRow[]; total: number }> {
    const rows = await this.db.query<MessageRow>(
      `select id, kind, params, created_at, read_at from member_messages
        where member_id = $1 order by id desc offset $2 limit $3`,
      [memberId, offset, limit],
    );
    const [count] = await this.db.query<{ n: bigint }>(
      'select count(*) as n from member_messages where member_id = $1',
      [memberId],
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  async unreadCount(memberId: bigint): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      'select count(*) as n from member_messages where member_id = $1 and read_at is null',
      [memberId],
    );
    return Number(row?.n ?? 0);
  }

  /** Marks one message read; only the owner's own message is touched (false otherwise). */
  async markRead(memberId: bigint, id: bigint): Promise<boolean> {
    const rows = await this.db.query(
      `update member_messages set read_at = coalesce(read_at, now())
        where id = $1 and member_id = $2 returning id`,
      [id, memberId],
    );
    return rows.length === 1;
  }

  async markAllRead(memberId: bigint): Promise<void> {
    await this.db.query(
      'update member_messages set read_at = now() where member_id = $1 and read_at is null',
      [memberId],
    );
  }
}
