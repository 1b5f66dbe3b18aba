import type { Connection } from '../../db/client';

export type TeamMemberRow = { id: bigint; username: string; level: number };

export type TeamPeriodRow = {
  period: 'D' | 'W' | 'M';
  period_start: string;
  valid_turnover: bigint;
  wins: bigint;
  rounds: number;
  deposits: bigint;
  deposit_count: number;
  withdrawals: bigint;
  withdrawal_count: number;
  bonuses: bigint;
  active_members: number;
  first_depositors: number;
};

export type DownlineFilter = {
  agentId: bigint;
  parentId: bigint | null;
  username: string | null;
  level: number | null;
  type: number | null;
  blocked: boolean | null;
};

export type DownlineRow = {
  id: bigint;
  username: string;
  nickname: string | null;
  type: number;
  level: number;
  blocked: boolean;
  direct_downlines: number;
  last_login: Date | null;
  created_at: Date;
};

/** A team read narrowed to one member of the team, a time window and a game type. */
export type TeamWindow = {
  agentId: bigint;
  memberId: bigint | null;
  from: Date;
  to: Date;
  gameType: string | null;
};

export type TeamRoundRow = {
  member_id: bigint;
  username: string;
  round_id: string;
  vendor_code: string;
  game_code: string;
  game_type: string;
  stake: bigint;
  payout: bigint;
  status: 'open' | 'closed' | 'cancelled';
  opened_at: Date;
};

export type ProfitLossFilter = {
  agentId: bigint;
  memberId: bigint | null;
  fromDay: string;
  toDay: string;
  gameType: string | null;
};

export type ProfitLossRow = {
  member_id: bigint;
  username: string;
  day: string;
  game_type: string;
  valid_turnover: bigint;
  wins: bigint;
  rounds: number;
};

const page = (limit: number, offset: number) => ({ limit, offset });
export type Page = ReturnType<typeof page>;

// Every read below starts from member_tree with ancestor_id = the calling agent and depth > 0: a row
// outside the agent's team cannot be selected, whatever the other filters say.
const downlineWhere = `t.ancestor_id = $1 and t.depth > 0
  and ($2::bigint is null or m.upline_id = $2)
  and ($3::text is null or m.username_key like '%' || $3 || '%')
  and ($4::int is null or t.depth = $4)
  and ($5::int is null or m.type = $5)
  and ($6::boolean is null or m.blocked = $6)`;
const downlineParams = (f: DownlineFilter) => [
  f.agentId.toString(),
  f.parentId?.toString() ?? null,
  f.username?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) ?? null,
  f.level,
  f.type,
  f.blocked,
];

const roundWhere = `t.ancestor_id = $1 and t.depth > 0 and ($2::bigint is null or t.member_id = $2)
  and r.opened_at >= $3 and r.opened_at < $4 and ($5::text is null or r.game_type = $5)`;
const roundParams = (w: TeamWindow) => [
  w.agentId.toString(),
  w.memberId?.toString() ?? null,
  w.from,
  w.to,
  w.gameType,
];

const profitWhere = `t.ancestor_id = $1 and t.depth > 0 and ($2::bigint is null or t.member_id = $2)
  and g.day >= $3::date and g.day <= $4::date and ($5::text is null or g.game_type = $5)`;
const profitParams = (f: ProfitLossFilter) => [
  f.agentId.toString(),
  f.memberId?.toString() ?? null,
  f.fromDay,
  f.toDay,
  f.gameType,
];

/** SQL of the agent centre's team reads, every one bound to the calling agent's subtree. */
export class AgentsRepository {
  constructor(private readonly db: Connection) {}

  /** A member of the agent's team (depth > 0) by id, or nothing. */
  async teamMemberById(agentId: bigint, memberId: bigint): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db.query<TeamMemberRow>(
      `select m.id, m.username, t.depth as level
         from member_tree t join members m on m.id = t.member_id
        where t.ancestor_id = $1 and t.member_id = $2 and t.depth > 0`,
      [agentId.toString(), memberId.toString()],
    );
    return row;
  }

  /** A member of the agent's team by username (the agent's merchant), or nothing. */
  async teamMemberByUsername(agentId: bigint, merchantCode: string, username: string) {
    const [row] = await this.db.query<TeamMemberRow>(
      `select m.id, m.username, t.depth as level
         from members m join member_tree t on t.member_id = m.id and t.ancestor_id = $1 and t.depth > 0
        where m.merchant_code = $2 and m.username_key = lower($3)`,
      [agentId.toString(), merchantCode, username],
    );
    return row;
  }

  async teamSize(agentId: bigint): Promise<{ direct: number; total: number }> {
    const [row] = await this.db.query<{ direct: number; total: number }>(
      `select count(*) filter (where depth = 1)::int as direct, count(*)::int as total
         from member_tree where ancestor_id = $1 and depth > 0`,
      [agentId.toString()],
    );
    return row ?? { direct: 0, total: 0 };
  }

  /** The team's day rows of [fromDay, toDay] and its week and month rows starting on the days given. */
  teamPeriods(agentId: bigint, fromDay: string, toDay: string, week: string, month: string) {
    return this.db.query<TeamPeriodRow>(
      `select period, to_char(period_start, 'YYYY-MM-DD') as period_start, valid_turnover, wins, rounds,
              deposits, deposit_count, withdrawals, withdrawal_count, bonuses, active_members, first_depositors
         from agent_team_periods
        where agent_id = $1
          and ((period = 'D' and period_start between $2::date and $3::date)
            or (period = 'W' and period_start = $4::date)
            or (period = 'M' and period_start = $5::date))`,
      [agentId.toString(), fromDay, toDay, week, month],
    );
  }

  /**
   * Members of the team active (valid turnover > 0) on some day of [fromDay, toDay], counted once:
   * one primary-key probe per member that stops at its first active day (3x faster than joining
   * every active day and counting distinct members: 0.3 s against 1 s for 100,000 members).
   */
  async activeMembersBetween(agentId: bigint, fromDay: string, toDay: string): Promise<number> {
    const [row] = await this.db.query<{ active: number }>(
      `select count(*)::int as active
         from member_tree t
        where t.ancestor_id = $1 and t.depth > 0
          and exists (select 1 from agent_member_periods p
                       where p.member_id = t.member_id and p.period = 'D'
                         and p.period_start between $2::date and $3::date and p.valid_turnover > 0)`,
      [agentId.toString(), fromDay, toDay],
    );
    return row?.active ?? 0;
  }

  /** Members who joined the team in [from, to), per calendar day in the time zone. */
  registrationsByDay(agentId: bigint, from: Date, to: Date, timeZone: string) {
    return this.db.query<{ day: string; joined: number }>(
      `select to_char(joined_at at time zone $4, 'YYYY-MM-DD') as day, count(*)::int as joined
         from member_tree
        where ancestor_id = $1 and depth > 0 and joined_at >= $2 and joined_at < $3
        group by 1`,
      [agentId.toString(), from, to, timeZone],
    );
  }

  async countDownlines(filter: DownlineFilter): Promise<number> {
    const [row] = await this.db.query<{ total: number }>(
      `select count(*)::int as total from member_tree t join members m on m.id = t.member_id
        where ${downlineWhere}`,
      downlineParams(filter),
    );
    return row?.total ?? 0;
  }

  downlines(filter: DownlineFilter, p: Page): Promise<DownlineRow[]> {
    return this.db.query<DownlineRow>(
      `select m.id, m.username, m.nickname, m.type, t.depth as level, m.blocked, m.created_at,
              (select count(*)::int from member_tree c where c.ancestor_id = m.id and c.depth = 1)
                as direct_downlines,
              (select s.created_at from member_sessions s where s.member_id = m.id
                order by s.created_at desc limit 1) as last_login
         from member_tree t join members m on m.id = t.member_id
        where ${downlineWhere}
        order by t.depth, m.id
        limit $7 offset $8`,
      [...downlineParams(filter), p.limit, p.offset],
    );
  }

  async roundTotals(w: TeamWindow) {
    const [row] = await this.db.query<{ rounds: number; stake: bigint; payout: bigint }>(
      `select count(*)::int as rounds, coalesce(sum(r.stake), 0)::bigint as stake,
              coalesce(sum(r.payout), 0)::bigint as payout
         from member_tree t join vendor_rounds r on r.member_id = t.member_id
        where ${roundWhere}`,
      roundParams(w),
    );
    return row ?? { rounds: 0, stake: 0n, payout: 0n };
  }

  rounds(w: TeamWindow, p: Page): Promise<TeamRoundRow[]> {
    return this.db.query<TeamRoundRow>(
      `select r.member_id, m.username, r.round_id, r.vendor_code, r.game_code, r.game_type, r.stake,
              r.payout, r.status, r.opened_at
         from member_tree t
         join vendor_rounds r on r.member_id = t.member_id
         join members m on m.id = r.member_id
        where ${roundWhere}
        order by r.opened_at desc, r.id desc
        limit $6 offset $7`,
      [...roundParams(w), p.limit, p.offset],
    );
  }

  async profitLossTotals(f: ProfitLossFilter) {
    const [row] = await this.db.query<{ rows: number; valid_turnover: bigint; wins: bigint; rounds: number }>(
      `select count(*)::int as rows, coalesce(sum(g.valid_turnover), 0)::bigint as valid_turnover,
              coalesce(sum(g.wins), 0)::bigint as wins, coalesce(sum(g.rounds), 0)::int as rounds
         from member_tree t join agent_member_game_days g on g.member_id = t.member_id
        where ${profitWhere}`,
      profitParams(f),
    );
    return row ?? { rows: 0, valid_turnover: 0n, wins: 0n, rounds: 0 };
  }

  profitLoss(f: ProfitLossFilter, p: Page): Promise<ProfitLossRow[]> {
    return this.db.query<ProfitLossRow>(
      `select g.member_id, m.username, to_char(g.day, 'YYYY-MM-DD') as day, g.game_type, g.valid_turnover,
              g.wins, g.rounds
         from member_tree t
         join agent_member_game_days g on g.member_id = t.member_id
         join members m on m.id = g.member_id
        where ${profitWhere}
        order by g.day desc, m.username, g.game_type
        limit $6 offset $7`,
      [...profitParams(f), p.limit, p.offset],
    );
  }

  /** Ids of the team's members (depth > 0), or of the one member given when it is in the team. */
  async teamMemberIds(agentId: bigint, memberId: bigint | null): Promise<string[]> {
    const rows = await this.db.query<{ member_id: string }>(
      `select member_id::text as member_id from member_tree
        where ancestor_id = $1 and depth > 0 and ($2::bigint is null or member_id = $2)`,
      [agentId.toString(), memberId?.toString() ?? null],
    );
    return rows.map((r) => r.member_id);
  }

  usernamesOf(memberIds: string[]): Promise<Array<{ id: bigint; username: string }>> {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db.query('select id, username from members where id = any($1::bigint[])', [memberIds]);
  }
}
