import type { Database } from '../../db/client';

export type PlayerNoteRow = { id: string; body: string; author: string; createdAt: Date };

/** Operators' notes on players: only added and read (the table refuses changes, migration 0048). */
export class PlayerNotesRepository {
  constructor(private readonly db: Database) {}

  async insert(memberId: string, body: string, author: string): Promise<PlayerNoteRow> {
    const [row] = await this.db.query<PlayerNoteRow>(
      `insert into player_notes (member_id, body, author) values ($1, $2, $3)
       returning id::text as id, body, author, created_at as "createdAt"`,
      [memberId, body, author],
    );
    return row as PlayerNoteRow;
  }

  async page(memberId: string, offset: number, limit: number) {
    const rows = await this.db.query<PlayerNoteRow>(
      `select id::text as id, body, author, created_at as "createdAt" from player_notes
        where member_id = $1 order by id desc offset $2 limit $3`,
      [memberId, offset, limit],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from player_notes where member_id = $1',
      [memberId],
    );
    return { rows, total: count?.n ?? 0 };
  }
}
