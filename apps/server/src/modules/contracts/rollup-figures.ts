import { dayIn } from '@sorte/shared';
import type { Connection } from '../../db/client';
import type { Period, PeriodKind } from './periods';
import type { TeamFiguresSource } from './settlement.service';
import type { TeamFigures } from './settlement-math';

type FiguresRow = { valid_turnover: bigint; active_members: number; net_loss: bigint };

/**
 * Team figures read from the agents module's rollups (migration 0021): the team's own D/W/M row when
 * the contract has no minimum bet, else the member_tree closure table and the per-member rows, summed
 * over the agent's team (depth > 0) in one statement. A member
 * is active when their valid turnover in the period is above zero and reaches the contract's minimum
 * bet amount (DECISIONS). Net loss is valid turnover − wins − bonuses.
 *
 * The rollups are per calendar day at the finest, so hourly and real-time (5-minute) periods have no
 * figures here (`null`): FineFiguresSource (fine-figures.ts) answers those and hands the rest here.
 */
export class RollupFiguresSource implements TeamFiguresSource {
  constructor(private readonly db: Connection) {}

  supports(kind: PeriodKind): boolean {
    return kind !== 'hour' && kind !== '5min';
  }

  async figures(
    agentId: bigint,
    period: Period,
    minBetAmount: number,
    timeZone: string,
  ): Promise<TeamFigures | null> {
    if (!this.supports(period.kind)) return null;
    const firstDay = dayIn(period.start, timeZone);
    // Without a minimum bet, "active" is the team rollup's own (valid turnover above zero): its one
    // row per agent and period answers, whatever the team's size.
    const rows =
      minBetAmount <= 1 && period.kind !== 'H'
        ? await this.db.query<FiguresRow>(
            `select coalesce(sum(valid_turnover), 0)::bigint as valid_turnover,
                    coalesce(sum(active_members), 0)::int as active_members,
                    coalesce(sum(valid_turnover - wins - bonuses), 0)::bigint as net_loss
               from agent_team_periods where agent_id = $1 and period = $2 and period_start = $3::date`,
            [agentId, period.kind, firstDay],
          )
        : // Semimonths have no rollup of their own: their days are summed per member first.
          period.kind === 'H'
          ? await this.db.query<FiguresRow>(
              `select coalesce(sum(vt), 0)::bigint as valid_turnover,
                    (count(*) filter (where vt > 0 and vt >= $4))::int as active_members,
                    coalesce(sum(vt - w - b), 0)::bigint as net_loss
               from (select p.member_id, sum(p.valid_turnover) as vt, sum(p.wins) as w, sum(p.bonuses) as b
                       from member_tree t
                       join agent_member_periods p on p.member_id = t.member_id
                      where t.ancestor_id = $1 and t.depth > 0 and p.period = 'D'
                        and p.period_start >= $2::date and p.period_start < $3::date
                      group by p.member_id) per_member`,
              [agentId, firstDay, dayIn(period.end, timeZone), minBetAmount],
            )
          : await this.db.query<FiguresRow>(
              `select coalesce(sum(p.valid_turnover), 0)::bigint as valid_turnover,
                    (count(*) filter (where p.valid_turnover > 0 and p.valid_turnover >= $4))::int as active_members,
                    coalesce(sum(p.valid_turnover - p.wins - p.bonuses), 0)::bigint as net_loss
               from member_tree t
               join agent_member_periods p on p.member_id = t.member_id
              where t.ancestor_id = $1 and t.depth > 0 and p.period = $2 and p.period_start = $3::date`,
              [agentId, period.kind, firstDay, minBetAmount],
            );
    const row = rows[0] as FiguresRow;
    return {
      validTurnover: BigInt(row.valid_turnover),
      activeMembers: Number(row.active_members),
      netLoss: BigInt(row.net_loss),
      wonTurnover: 0n,
      lostTurnover: 0n,
      singleBetTurnover: 0n,
    };
  }
}
