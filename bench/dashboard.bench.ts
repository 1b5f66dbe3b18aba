/**
 * The console's dashboard and reports over a big history: `npm run bench:dashboard -- --db pg
 * --players 100000 --rounds 1000000 --days 90 --runs 300` (issue 15: p95 ≤ 300 ms on PostgreSQL).
 *
 * Builds the real app (apps/server buildApp) on a throw-away database, writes `players` members over
 * three merchants and `days` days, their deposit orders, withdrawals (some still waiting) and
 * `rounds` closed house rounds with their bet and win transactions straight into the base tables
 * with set-based SQL (benchmark data, not the API), then builds the rollups the way the app does
 * (DashboardService.refresh, from the first day) and times it, times one steady refresh (today and
 * yesterday, what the app runs every 30 s), and calls GET /ops/console/dashboard and the reports
 * (daily, per game or vendor, per channel, cohorts: /ops/console/reports/*) through app.inject `runs`
 * times each. Rounds are spread over 40 games of 4 catalogue vendors. Prints one JSON line with the
 * machine's load average at the start. For pg the database is made on DATABASE_URL's server (default
 * the local postgres) and dropped afterwards (--keep keeps it). Try it small first:
 * `--players 2000 --rounds 20000 --runs 50`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, dayIn, merchants } from '@sorte/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import { benchDatabase, percentile } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pg' },
    players: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '300' },
    /** Keep the PostgreSQL database afterwards (its address is printed) to look at plans. */
    keep: { type: 'boolean', default: false },
  },
});
const kind = values.db === 'pglite' ? 'pglite' : 'pg';
const playerCount = Number(values.players);
const roundCount = Number(values.rounds);
const days = Number(values.days);
const runs = Number(values.runs);

const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
const { open, drop, url } = benchDatabase(kind, { pool: 8 });
const db = await open();
const dataDir = await mkdtemp(join(tmpdir(), 'sorte-bench-dashboard-'));
const operatorKey = randomBytes(24).toString('base64url');
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));
const round2 = (ms: number) => Number(ms.toFixed(2));

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
  return {
    runs: count,
    p50Ms: round2(percentile(latencies, 50)),
    p95Ms: round2(percentile(latencies, 95)),
    p99Ms: round2(percentile(latencies, 99)),
    maxMs: round2(latencies[latencies.length - 1] ?? 0),
  };
}

/** Currency of a merchant code, in SQL. */
const currencyOf = (column: string) =>
  `case ${column} ${merchants.map((m) => `when '${m.merchantCode}' then '${m.currency}'`).join(' ')} end`;

/** The base tables' history: members, deposits, payees, withdrawals, rounds and their transactions. */
async function writeHistory() {
  const span = `interval '${days} days'`;
  // Half the players at BR, a quarter each at MX and BD; no closure rows per insert (the trigger's
  // per-row work is not what is measured): each member's own row is written afterwards.
  await db.exec('alter table members disable trigger member_tree_insert');
  await db.query(
    `insert into members (merchant_code, username, username_key, password_hash, created_at)
     select case g % 4 when 2 then 'MX' when 3 then 'BD' else 'BR' end, 'bp' || g, 'bp' || g, 'bench',
            now() - random() * ${span}
       from generate_series(1, $1::int) g`,
    [playerCount],
  );
  await db.exec('alter table members enable trigger member_tree_insert');
  await db.exec(
    `insert into member_tree (ancestor_id, member_id, depth, joined_at)
     select id, id, 0, created_at from members where username like 'bp%'`,
  );
  await db.exec(
    `create table bench_players as
     select row_number() over (order by id)::int as n, id, merchant_code, ${currencyOf('merchant_code')} as currency,
            created_at
       from members where username like 'bp%'`,
  );
  await db.exec('create unique index on bench_players (n)');
  const pickPlayer = `(1 + floor(random() * ${playerCount}))::int`;
  const after = (column: string) => `${column} + random() * (now() - interval '3 minutes' - ${column})`;

  // Deposits: a first one for 70% of the players soon after they joined, then as many again at
  // random times; a few left pending or failed.
  await db.query(
    `insert into deposit_orders (order_no, member_id, merchant_code, channel, provider, amount, currency, status,
                                 provider_reference, reference, payload, expires_at, created_at, settled_at)
     select 'D' || lpad(upper(to_hex(d.g)), 16, '0'), p.id, p.merchant_code,
            case p.merchant_code when 'BR' then 'PIX' when 'MX' then 'SPEI' else 'BKASH' end, 'sandbox',
            (20000 + floor(random() * 40) * 5000)::bigint, p.currency,
            case when d.g % 50 = 0 then 'failed' else 'paid' end,
            'sbx_bench_' || d.g, 'ref' || d.g, '{}'::jsonb, d.at + interval '30 minutes', d.at,
            case when d.g % 50 = 0 then null else d.at + interval '2 minutes' end
       from (select g, n, case when g <= $1 then least(created_at + random() * interval '1 hour', now())
                               else ${after('created_at')} end - interval '2 minutes' as at
               from (select g, case when g <= $1 then g else ${pickPlayer} end as n
                       from generate_series(1, $2::int) g) k
               join bench_players using (n)) d
       join bench_players p using (n)`,
    [Math.round(playerCount * 0.7), Math.round(playerCount * 1.4)],
  );

  // Withdrawals by one player in five (each with a payee account): paid, a few rejected, and those
  // asked in the last six hours still waiting.
  await db.exec(
    `insert into payee_accounts (member_id, channel, type, account_value, holder_name, status)
     select id, case merchant_code when 'BR' then 'PIX' when 'MX' then 'SPEI' else 'BKASH' end,
            case merchant_code when 'BR' then 'EVP' when 'MX' then 'CLABE' else 'WALLET' end,
            'acct' || n, 'Bench ' || n, 'confirmed'
       from bench_players where n % 5 = 0`,
  );
  await db.query(
    `insert into withdrawals (withdrawal_no, member_id, merchant_code, request_id, payee_account_id, channel,
                              account_type, account_value, holder_name, amount, currency, status, provider,
                              created_at, decided_at, paid_at)
     select 'W' || lpad(upper(to_hex(w.g)), 16, '0'), w.id, w.merchant_code, 'r' || w.g, a.id, a.channel, a.type,
            a.account_value, a.holder_name, w.amount, w.currency, w.status, 'sandbox', w.at,
            case when w.status <> 'locked' then least(w.at + random() * interval '4 hours', now()) end,
            case when w.status = 'paid' then least(w.at + interval '4 hours', now()) end
       from (select k.g, p.id, p.merchant_code, p.currency, (50000 + floor(random() * 20) * 10000)::bigint as amount,
                    x.at,
                    case when x.at > now() - interval '6 hours' then 'locked'
                         when random() < 0.04 then 'rejected' else 'paid' end as status
               from (select g, (5 * (1 + floor(random() * ($2::int / 5))))::int as n
                       from generate_series(1, $1::int) g) k
               join bench_players p using (n)
               cross join lateral (select ${after('p.created_at')} as at) x) w
       join payee_accounts a on a.member_id = w.id`,
    [Math.round(playerCount * 0.3), playerCount],
  );

  // Rounds: a random player and game (of 40, at 4 catalogue vendors), a stake, a win 45% of the time;
  // a bet and a win transaction each.
  await db.query(
    `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                game_type, currency, stake, payout, bet_count, win_count, status, opened_at,
                                closed_at)
     select 'SORTE', 'br' || r.g, p.id, 'pl' || p.id, 1, (array['SORTE', 'BGS', 'PG', 'JDB'])[1 + r.g % 4],
            'game' || (r.g % 40), 'CRASH', p.currency, r.stake,
            r.payout, 1, case when r.payout > 0 then 1 else 0 end, 'closed', x.at, x.at + interval '40 seconds'
       from (select g, ${pickPlayer} as n, (100 * (1 + floor(random() * 50)))::bigint as stake0,
                    random() as luck, random() as multiplier
               from generate_series(1, $1::int) g) r0
       cross join lateral (select r0.g, r0.n, r0.stake0 as stake,
                                  case when r0.luck < 0.45 then (r0.stake0 * (1 + r0.multiplier * 1.1))::bigint
                                       else 0 end as payout) r
       join bench_players p on p.n = r.n
       cross join lateral (select ${after('p.created_at')} as at) x`,
    [roundCount],
  );
  await db.exec(
    `insert into vendor_transactions (vendor_code, transaction_id, action, request_hash, player_id, member_id,
                                      round_id, amount, status, response, created_at)
     select vendor_code, round_id || '-b', 'bet', 'bench', player_id, member_id, round_id, stake, 'OK', '{}', opened_at
       from vendor_rounds
     union all
     select vendor_code, round_id || '-w', 'win', 'bench', player_id, member_id, round_id, payout, 'OK', '{}',
            closed_at
       from vendor_rounds`,
  );

  // Bonuses: one player in twenty got one on some day (the agents' rollups' daily rows).
  await db.exec(
    `insert into agent_member_periods (member_id, period, period_start, bonuses)
     select id, 'D', (created_at at time zone 'UTC')::date, 1000 from bench_players where n % 20 = 0`,
  );
  await db.exec('drop table bench_players');
  await db.exec('analyze');
}

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    LOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    HOUSE_STUDIO: 'false',
    DATA_DIR: dataDir,
    OPERATOR_API_KEY: operatorKey,
  });
  app = await buildApp(config, { db });
  await app.ready();

  const writeStarted = performance.now();
  await writeHistory();
  const writeSeconds = seconds(writeStarted);
  const [counts] = await db.query<{ members: bigint; deposits: bigint; withdrawals: bigint; tx: bigint }>(
    `select (select count(*) from members) as members, (select count(*) from deposit_orders) as deposits,
            (select count(*) from withdrawals) as withdrawals, (select count(*) from vendor_transactions) as tx`,
  );

  // The rollups as a first start on this history builds them, then what the timer does every 30 s.
  const firstDay = addDays(merchants.map((m) => dayIn(new Date(), m.timeZone)).sort()[0] as string, -days);
  const buildStarted = performance.now();
  await app.consoleDashboard.refresh({ from: firstDay });
  const buildSeconds = seconds(buildStarted);
  const steadyStarted = performance.now();
  await app.consoleDashboard.refresh();
  const steadyRefreshMs = round2(performance.now() - steadyStarted);
  const [rollup] = await db.query<{ rows: bigint; games: bigint; channels: bigint; cohorts: bigint }>(
    `select (select count(*) from daily_stats) as rows, (select count(*) from daily_game_stats) as games,
            (select count(*) from daily_channel_stats) as channels, (select count(*) from cohort_stats) as cohorts`,
  );

  const inject = async (path: string) => {
    const res = await (app as NonNullable<typeof app>).inject({
      url: path,
      headers: { 'x-operator-key': operatorKey },
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const today = dayIn(new Date(), 'America/Sao_Paulo');
  const dashboard = (await inject('/ops/console/dashboard')).json().value;
  const results = {
    dashboardAllMerchants: await time(runs, () => inject('/ops/console/dashboard')),
    dashboardOneMerchant: await time(runs, () => inject('/ops/console/dashboard?merchantCode=BR')),
    dailyReport90Days: await time(runs, () =>
      inject(`/ops/console/reports/daily?from=${addDays(today, -89)}&to=${today}`),
    ),
    dailyReport366Days: await time(Math.max(20, Math.round(runs / 5)), () =>
      inject(`/ops/console/reports/daily?from=${addDays(today, -365)}&to=${today}`),
    ),
    gameReport90Days: await time(runs, () =>
      inject(`/ops/console/reports/games?from=${addDays(today, -89)}&to=${today}`),
    ),
    vendorReport366Days: await time(Math.max(20, Math.round(runs / 5)), () =>
      inject(`/ops/console/reports/games?from=${addDays(today, -365)}&to=${today}&groupBy=vendor`),
    ),
    channelReport90Days: await time(runs, () =>
      inject(`/ops/console/reports/channels?from=${addDays(today, -89)}&to=${today}`),
    ),
    channelReport366Days: await time(Math.max(20, Math.round(runs / 5)), () =>
      inject(`/ops/console/reports/channels?from=${addDays(today, -365)}&to=${today}`),
    ),
    cohortReport90DaysByWeek: await time(runs, () =>
      inject(`/ops/console/reports/cohorts?from=${addDays(today, -89)}&to=${today}`),
    ),
    cohortReport366DaysByDay: await time(Math.max(20, Math.round(runs / 5)), () =>
      inject(`/ops/console/reports/cohorts?from=${addDays(today, -365)}&to=${today}&period=day`),
    ),
  };
  const worstP95 = Math.max(...Object.values(results).map((r) => r.p95Ms));

  console.log(
    JSON.stringify({
      bench: 'dashboard',
      db: kind,
      players: playerCount,
      rounds: roundCount,
      days,
      rows: {
        members: Number(counts?.members),
        depositOrders: Number(counts?.deposits),
        withdrawals: Number(counts?.withdrawals),
        vendorTransactions: Number(counts?.tx),
        dailyStats: Number(rollup?.rows),
        dailyGameStats: Number(rollup?.games),
        dailyChannelStats: Number(rollup?.channels),
        cohortStats: Number(rollup?.cohorts),
      },
      writeSeconds,
      rollupBuildSeconds: buildSeconds,
      steadyRefreshMs,
      ...results,
      targetP95Ms: 300,
      met: worstP95 <= 300,
      brToday: dashboard.merchants.find((m: { merchantCode: string }) => m.merchantCode === 'BR')?.today,
      loadAverage: { atStart: loadAtStart, atEnd: loadavg().map((l) => Number(l.toFixed(2))) },
    }),
  );
} finally {
  await app?.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  if (values.keep && url) console.error(`kept ${url}`);
  else await drop();
}
