import type { Connection, Database } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';

/** Serialises the console's upline moves: two at once could each pass the cycle check alone. */
const UPLINE_MOVE_LOCK = 0x5550_4c4e; // "UPLN"

export type UplineCandidate = { id: string; username: string; type: number; merchantCode: string };

/** Why a move was not made (the service turns it into the operator's message). */
export type UplineRefusal = 'inOwnTeam' | 'contractsOpen' | 'unchanged';

/**
 * Members' places in the agent hierarchy, for the console. members.upline_id is the truth; the
 * member_tree closure table follows it through its trigger (migration 0021), which moves the
 * member's whole team along and refuses a move under their own team.
 */
export class PlayerUplineRepository {
  constructor(private readonly db: Database) {}

  async byUsername(merchantCode: string, username: string): Promise<UplineCandidate | undefined> {
    const [row] = await this.db.query<UplineCandidate>(
      `select id::text as id, username, type::int as type, merchant_code as "merchantCode"
         from members where merchant_code = $1 and username_key = lower($2)`,
      [merchantCode, username],
    );
    return row;
  }

  /** The member's upline (id and username), or nulls. */
  async uplineOf(memberId: string): Promise<{ uplineId: string | null; uplineUsername: string | null }> {
    const [row] = await this.db.query<{ uplineId: string | null; uplineUsername: string | null }>(
      `select m.upline_id::text as "uplineId", u.username as "uplineUsername"
         from members m left join members u on u.id = m.upline_id where m.id = $1`,
      [memberId],
    );
    return row ?? { uplineId: null, uplineUsername: null };
  }

  /**
   * Moves the member under the new upline in one transaction, after the checks that need the tree
   * as it is at that moment: not under themselves or their own team, not while they hold an agent
   * contract (offered or active: it binds them to their place, their upline or the house, which
   * pays it), and not to where they already are.
   */
  move(memberId: string, uplineId: string): Promise<UplineRefusal | null> {
    return inTransaction(this.db, async (on: Connection) => {
      await on.query('select pg_advisory_xact_lock($1)', [UPLINE_MOVE_LOCK]);
      const [member] = await on.query<{ uplineId: string | null }>(
        'select upline_id::text as "uplineId" from members where id = $1 for update',
        [memberId],
      );
      if (member?.uplineId === uplineId) return 'unchanged';
      const [ownTeam] = await on.query(
        'select 1 from member_tree where ancestor_id = $1 and member_id = $2',
        [memberId, uplineId],
      );
      if (ownTeam) return 'inOwnTeam';
      const [contract] = await on.query(
        `select 1 from agent_contracts where downline_id = $1 and status in ('offered', 'active') limit 1`,
        [memberId],
      );
      if (contract) return 'contractsOpen';
      await on.query('update members set upline_id = $2 where id = $1', [memberId, uplineId]);
      return null;
    });
  }
}
