import type { PlayerNote } from '@sorte/shared';
import { iso, pageOf } from '../payments/payment-rules';
import type { PlayerNoteRow, PlayerNotesRepository } from './player-notes.repository';
import type { PlayersService } from './players.service';

const noteOf = (row: PlayerNoteRow): PlayerNote => ({
  id: row.id,
  body: row.body,
  author: row.author,
  createdAt: iso(row.createdAt) as string,
});

/** Operators' notes on a player: added with the author's name and the time, never changed or removed. */
export class PlayerNotesService {
  constructor(
    private readonly players: Pick<PlayersService, 'scoped'>,
    private readonly notes: PlayerNotesRepository,
  ) {}

  async list(memberId: string, scope: string | null, pageNo: number, pageSize: number) {
    const player = await this.players.scoped(memberId, scope);
    const { rows, total } = await this.notes.page(player.id, (pageNo - 1) * pageSize, pageSize);
    return pageOf(rows.map(noteOf), pageNo, pageSize, total);
  }

  async add(memberId: string, scope: string | null, author: string, body: string): Promise<PlayerNote> {
    const player = await this.players.scoped(memberId, scope);
    return noteOf(await this.notes.insert(player.id, body, author));
  }
}
