/**
 * Agent team overview over a big team: `npm run bench:agents -- --db pg|pglite --members 100000
 * --days 35 --active 0.2 --runs 200`.
 *
 * Builds, with set-based SQL (not the API), one agent with a 3-level team (10% / 20% / 70% of the
 * members per level, every tenth member of the first two levels an agent), joined over the last
 * 90 days, and `days` days of daily rollups in which each member is active with probability `active`;
 * the weekly, monthly and team rows are summed from them as the catch-up job would have. Then times
 * the team overview read (TeamService.overview: team size, today / yesterday / week / month, 30-day
 * charts) and, for information, the same with a picked 31-day range (active members counted over
 * the range). Prints one JSON line with the machine's load average. For pg it uses a throw-away
 * database on DATABASE_URL's server (default the local postgres) and drops it afterwards.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, dayIn, merchantByCode } from '@sorte/shared';
import { migrate } from '../apps/server/src/db/migrate';
import { AgentsRepository } from '../apps/server/src/modules/agents/agents.repository';
import { TeamService } from '../apps/server/src/modules/agents/team.service';
import type { SessionMember } from '../apps/server/src/modules/auth/auth.service';
import { LedgerRepository } from '../apps/server/src/modules/ledger/ledger.repository';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service';
import { benchDatabase, percentile } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pg' },
    members: { type: 'string', default: '100000' },
    days: { type: 'string', default: '35' },
    active: { type: 'string', default: '0.2' },
    runs: { type: 'string', default: '200' },
    /** Keep the PostgreSQL database afterwards (its address is printed) to look at plans. */
    keep: { type: 'boolean', default: false },
  },
});
const kind = values.db === 'pglite' ? 'pglite' : 'pg';
const memberCount = Number(values.members);
const days = Number(values.days);
const activeShare = Number(values.active);
const runs = Number(values.runs);
const merchant = merchantByCode('BR');
const today = dayIn(new Date(), merchant.timeZone);

const { open, drop, url } = benchDatabase(kind, { pool: 4 });
const db = await open();
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

/** Times `fn` `count` times after 10 warm-up calls; answers the percentiles in ms. */
async function time(count: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn();
  const latencies = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await fn();
    latencies[i] = performance.now() - started;
  }
  latencies.sort();
  const round = (ms: number) => Number(ms.toFixed(2));
  return {
    runs: count,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
  };
}

try {
  await migrate(db);
  const setupStarted = performance.now();
  const levels = [0.1, 0.2, 0.7].map((share) => Math.round(memberCount * share));
  levels[2] = memberCount - (levels[0] as number) - (levels[1] as number);

  // Members: the agent, then each level under random members of the level above. The closure rows
  // are built afterwards in one recursive statement instead of by the per-row trigger.
  await db.exec('alter table members disable trigger member_tree_insert');
  const [agent] = await db.query<{ id: bigint }>(
    `insert into members (merchant_code, username, username_key, password_hash, type, created_at)
     values ('BR', 'benchagent', 'benchagent', 'bench', 1, now() - interval '120 days') returning id`,
  );
  const agentId = agent?.id as bigint;
  let parents = `select array[${agentId}]::bigint[] as a`;
  for (const [index, size] of levels.entries()) {
    const prefix = `l${index + 1}_`;
    await db.query(
      `with p as (${parents})
       insert into members (merchant_code, username, username_key, password_hash, type, upline_id, created_at)
       select 'BR', '${prefix}' || g, '${prefix}' || g, 'bench',
              case when $2 < 2 and g % 10 = 0 then 1 else 0 end,
              p.a[1 + (g % array_length(p.a, 1))], now() - random() * interval '90 days'
         from generate_series(1, $1::int) g, p`,
      [size, index],
    );
    parents = `select array_agg(id order by id) as a from members where username like '${prefix}%'`;
  }
  await db.query(
    `insert into member_tree (ancestor_id, member_id, depth, joined_at)
     with recursive chain (ancestor_id, member_id, depth, joined_at) as (
       select id, id, 0, created_at from members where id >= $1
       union all
       select c.ancestor_id, m.id, c.depth + 1, m.created_at
         from chain c join members m on m.upline_id = c.member_id
     )
     select ancestor_id, member_id, depth, joined_at from chain`,
    [agentId.toString()],
  );
  await db.exec('alter table members enable trigger member_tree_insert');

  // Daily rollups: each member active on a day with probability `active`; weeks, months and the
  // team rows (every upline of every member) summed from the days.
  await db.query(
    `insert into agent_member_periods (member_id, period, period_start, bets, valid_turnover, wins, bet_count,
                                       rounds, deposits, deposit_count, withdrawals, withdrawal_count, bonuses)
     select member_id, 'D', day, stake, stake, (stake * (0.2 + random() * 1.5))::bigint, 10, 10,
            case when random() < 0.1 then 5000 else 0 end, 0, 0, 0, 0
       from (select t.member_id, d::date as day, (100 + random() * 20000)::bigint as stake
               from member_tree t
               cross join generate_series($2::date - ($3::int - 1), $2::date, interval '1 day') d
              where t.ancestor_id = $1 and t.depth > 0 and random() < $4) s`,
    [agentId.toString(), today, days, activeShare],
  );
  await db.exec(`update agent_member_periods set deposit_count = 1 where deposits > 0`);
  for (const [period, trunc] of [
    ['W', 'week'],
    ['M', 'month'],
  ] as const) {
    await db.query(
      `insert into agent_member_periods (member_id, period, period_start, bets, valid_turnover, wins, bet_count,
                                         rounds, deposits, deposit_count)
       select member_id, '${period}', date_trunc('${trunc}', period_start)::date, sum(bets), sum(valid_turnover),
              sum(wins), sum(bet_count), sum(rounds), sum(deposits), sum(deposit_count)
         from agent_member_periods where period = 'D' group by 1, 3`,
    );
  }
  await db.query(
    `insert into agent_team_periods (agent_id, period, period_start, bets, valid_turnover, wins, bet_count, rounds,
                                     deposits, deposit_count, active_members)
     select t.ancestor_id, p.period, p.period_start, sum(p.bets), sum(p.valid_turnover), sum(p.wins),
            sum(p.bet_count), sum(p.rounds), sum(p.deposits), sum(p.deposit_count),
            count(*) filter (where p.valid_turnover > 0)
       from agent_member_periods p join member_tree t on t.member_id = p.member_id and t.depth > 0
      where p.period in ('D', 'W', 'M')
      group by 1, 2, 3`,
  );
  await db.exec('analyze');
  const setupSeconds = seconds(setupStarted);

  const [counts] = await db.query<{ tree: bigint; member_days: bigint; team_rows: bigint }>(
    `select (select count(*) from member_tree) as tree,
            (select count(*) from agent_member_periods where period = 'D') as member_days,
            (select count(*) from agent_team_periods) as team_rows`,
  );
  const team = new TeamService(new AgentsRepository(db), new LedgerService(new LedgerRepository(db), 1));
  const caller = { id: agentId, type: 1, merchant_code: 'BR' } as unknown as SessionMember;
  const overview = await team.overview(caller, {});
  const loadBefore = loadavg();
  const overviewTimes = await time(runs, () => team.overview(caller, {}));
  const rangeTimes = await time(Math.max(20, Math.round(runs / 10)), () =>
    team.overview(caller, { startDate: addDays(today, -30), endDate: today }),
  );

  console.log(
    JSON.stringify({
      bench: 'agents',
      db: kind,
      members: memberCount,
      teamSize: overview.teamSize,
      levels,
      days,
      activeShare,
      closureRows: Number(counts?.tree),
      memberDayRows: Number(counts?.member_days),
      teamPeriodRows: Number(counts?.team_rows),
      setupSeconds,
      overview: overviewTimes,
      overviewPickedRange31Days: rangeTimes,
      targetP95Ms: 200,
      met: overviewTimes.p95Ms <= 200,
      thisMonth: overview.thisMonth,
      loadAverage: {
        before: loadBefore.map((l) => Number(l.toFixed(2))),
        after: loadavg().map((l) => Number(l.toFixed(2))),
      },
    }),
  );
} finally {
  await db.close();
  if (values.keep && url) console.error(`kept ${url}`);
  else await drop();
}
