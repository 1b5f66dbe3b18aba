import { addDays, dayIn, merchantByCode, startOfDayIn } from '@sorte/shared';
import { buildApp, openConfiguredDatabase } from '../app';
import { testConfig } from '../config';

/**
 * The process `npm run chaos:settlement` (scripts/chaos-settlement.mjs) starts, kills and restarts:
 *   seed <days> <agents>  migrates DATABASE_URL and seeds a two-level team per top agent with house
 *                         contracts (daily salary, daily dividend) and an upline contract, plus
 *                         `days` days of team rollups, every contract accepted `days` days ago;
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
    for (let a = 0; a < agents; a++) {
      const top = await member(1, null);
      const sub = await member(1, top);
      const players = [await member(0, top), await member(0, sub), await member(0, sub)];
      await contract('dailySalary', null, top, 100);
      await contract('dividend', null, top, 2_000);
      await contract('dailySalary', top, sub, 50);
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
    console.log(JSON.stringify({ seeded: { agents, days, contracts: agents * 3 } }));
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
