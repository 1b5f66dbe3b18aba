import { addDays, dayIn, merchantByCode, startOfDayIn } from '@sorte/shared';
import { buildApp, openConfiguredDatabase } from '../app';
import { testConfig } from '../config';

/**
 * The process `npm run chaos:settlement` (scripts/chaos-settlement.mjs) starts, kills and restarts:
 *   seed <days> <agents>  migrates DATABASE_URL and seeds a two-level team per top agent with house
 *                         contracts (daily salary, daily dividend) and an upline contract, plus
 *                         `days` days of team rollups, every contract accepted `days` days ago; and
 *                         hourly and real-time salary contracts (house > top, top > sub) accepted
 *                         FINE_HOURS hours ago, with the wallet's rounds of those hours (one every
 *                         7 minutes per player: won, lost or paid back its stake);
 *   run                   the real settlement run (the app's service, advisory lock and all) until
 *                         nothing is left to settle; prints one JSON line per run.
 */
const [mode, ...rest] = process.argv.slice(2);
const config = testConfig({ databaseUrl: process.env.DATABASE_URL, logLevel: 'silent' });
if (!config.databaseUrl)
  throw new Error('DATABASE_URL is required: the chaos run races processes on PostgreSQL');

// Dividends count members from 10.00 of turnover (figures summed per member); salaries have no
// minimum (the team's own rollup row).
const terms = (kind: string, rateBp: number) =>
  JSON.stringify({
    kind,
    ...(kind === 'dividend' ? { period: 'D' } : {}),
    minBetAmount: kind === 'dividend' ? 1_000 : 0,
    minActiveMembers: 0,
    feeRateBp: 0,
    tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
  });

/** Hourly and real-time salary contracts settle this many hours of rounds. */
const FINE_HOURS = 12;
const fineTerms = (kind: 'hourlySalary' | 'realtimeSalary', rateBp: number) =>
  JSON.stringify(
    kind === 'hourlySalary'
      ? {
          kind,
          minBetAmount: 1_000,
          minActiveMembers: 0,
          feeRateBp: 0,
          tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
        }
      : {
          kind,
          minBetAmount: 5_000,
          minActiveMembers: 0,
          feeRateBp: 0,
          winRateBp: rateBp,
          lossRateBp: rateBp * 2,
          singleBetRateBp: rateBp,
        },
  );

/** Deterministic amounts, so two seeds of the same size settle the same. */
let state = 12_345;
const next = (below: number) => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state % below;
};

async function seed(days: number, agents: number) {
  const db = await openConfiguredDatabase(config);
  try {
    const { timeZone } = merchantByCode('BR');
    const today = dayIn(new Date(), timeZone);
    const firstDay = addDays(today, -days);
    // 01:00 on the first day: that day and every one up to yesterday are due.
    const decidedAt = new Date(startOfDayIn(firstDay, timeZone).getTime() + 3_600_000);
    let n = 0;
    const member = async (type: number, upline: bigint | null) => {
      const name = `chaos${++n}`;
      const [row] = await db.query<{ id: bigint }>(
        `insert into members (merchant_code, username, username_key, password_hash, type, upline_id)
         values ('BR', $1, $1, 'not a hash: cannot sign in', $2, $3) returning id`,
        [name, type, upline],
      );
      return (row as { id: bigint }).id;
    };
    const contract = (kind: string, upline: bigint | null, downline: bigint, rateBp: number) =>
      db.query(
        `insert into agent_contracts (merchant_code, kind, upline_id, downline_id, terms, status, given_by, decided_at)
         values ('BR', $1, $2, $3, $4, 'active', $5, $6)`,
        [kind, upline, downline, terms(kind, rateBp), upline === null ? 'chaos' : null, decidedAt],
      );
    // A minute into the hour FINE_HOURS ago: that hour and every one since are due.
    const hour = 3_600_000;
    const fineFrom = new Date(Math.floor(Date.now() / hour) * hour - FINE_HOURS * hour + 60_000);
    const fineContract = (
      kind: 'hourlySalary' | 'realtimeSalary',
      upline: bigint | null,
      downline: bigint,
      rateBp: number,
    ) =>
      db.query(
        `insert into agent_contracts (merchant_code, kind, upline_id, downline_id, terms, status, given_by, decided_at)
         values ('BR', $1, $2, $3, $4, 'active', $5, $6)`,
        [kind, upline, downline, fineTerms(kind, rateBp), upline === null ? 'chaos' : null, fineFrom],
      );
    const allPlayers: bigint[] = [];
    for (let a = 0; a < agents; a++) {
      const top = await member(1, null);
      const sub = await member(1, top);
      const players = [await member(0, top), await member(0, sub), await member(0, sub)];
      await contract('dailySalary', null, top, 100);
      await contract('dividend', null, top, 2_000);
      await contract('dailySalary', top, sub, 50);
      await fineContract('hourlySalary', null, top, 100);
      await fineContract('realtimeSalary', null, top, 80);
      await fineContract('hourlySalary', top, sub, 60);
      await fineContract('realtimeSalary', top, sub, 40);
      allPlayers.push(...players);
      const rows: unknown[][] = [];
      for (const player of players)
        for (let d = 0; d < days; d++) {
          const turnover = 10_000 + next(490_000);
          rows.push([player, addDays(firstDay, d), turnover, Math.floor((turnover * next(120)) / 100)]);
        }
      await db.query(
        `insert into agent_member_periods (member_id, period, period_start, bets, valid_turnover, wins)
         select m, 'D', d, t, t, w from unnest($1::bigint[], $2::date[], $3::bigint[], $4::bigint[]) as r(m, d, t, w)`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
      );
    }
    // The team rows the agents module keeps beside the member rows.
    await db.query(
      `insert into agent_team_periods (agent_id, period, period_start, bets, valid_turnover, wins, active_members)
       select t.ancestor_id, 'D', p.period_start, sum(p.bets), sum(p.valid_turnover), sum(p.wins),
              count(*) filter (where p.valid_turnover > 0)
         from member_tree t join agent_member_periods p on p.member_id = t.member_id
        where t.depth > 0 and p.period = 'D'
        group by t.ancestor_id, p.period_start`,
    );
    // The wallet's rounds of the fine contracts' hours, as its SQL leaves them: a round every 7
    // minutes per player up to 2 minutes ago; stakes 10.00–209.99; outcome won (x2), lost, or push.
    await db.query(
      `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                  game_type, currency, stake, payout, bet_count, win_count, status, opened_at, closed_at)
       select 'CHAOS', 'r' || m || '-' || n, m, 'p', 1, 'SORTE', 'chaos', 'RNG', 'BRL', stake,
              case outcome when 0 then stake * 2 when 1 then 0 else stake end, 1,
              case when outcome = 1 then 0 else 1 end, 'closed', at, at + interval '10 seconds'
         from (select m, n, $2::timestamptz + make_interval(secs => n * 420 + (m % 400)::int) as at,
                      ((m * 7919 + n * 104729) % 20000 + 1000)::bigint as stake, ((m * 31 + n * 17) % 3)::int as outcome
                 from unnest($1::bigint[]) as m, generate_series(0, $3::int) as n) g
        where at < now() - interval '2 minutes'`,
      [allPlayers, fineFrom, Math.ceil((FINE_HOURS * 3_600) / 420)],
    );
    await db.query(
      `insert into vendor_transactions (vendor_code, transaction_id, action, player_id, member_id, round_id, amount,
                                        status, created_at)
       select vendor_code, round_id || '-b', 'bet', 'p', member_id, round_id, stake, 'OK', opened_at
         from vendor_rounds where vendor_code = 'CHAOS'
       union all
       select vendor_code, round_id || '-w', 'win', 'p', member_id, round_id, payout, 'OK', closed_at
         from vendor_rounds where vendor_code = 'CHAOS' and payout > 0`,
    );
    console.log(JSON.stringify({ seeded: { agents, days, contracts: agents * 7, fineHours: FINE_HOURS } }));
  } finally {
    await db.close();
  }
}

async function run() {
  const app = await buildApp(config);
  await app.ready();
  try {
    for (;;) {
      const report = await app.contractSettlements.runDue();
      console.log(JSON.stringify({ pid: process.pid, ...report }));
      // Another process holds the lock: wait for it to finish (or die) and look again.
      if (report.skipped) await new Promise((resolve) => setTimeout(resolve, 200));
      else if (report.settled === 0 && report.paid === 0) break;
    }
  } finally {
    await app.close();
  }
}

if (mode === 'seed') await seed(Number(rest[0] ?? 45), Number(rest[1] ?? 30));
else if (mode === 'run') await run();
else throw new Error(`unknown mode ${mode}: seed <days> <agents> | run`);
