/**
 * One day's contract settlement over a big population: `npm run bench:settlement -- --db pg|pglite
 * --agents 2000 --members 100000`.
 *
 * Builds, with set-based SQL, `agents` top-level agents with `members` members spread over their
 * teams, each agent holding two house contracts accepted yesterday at 01:00 (daily salary without a
 * minimum bet: the team's own rollup row; daily dividend with a 10.00 minimum bet: summed per member),
 * and yesterday's member and team rollups. Then times one settlement run (SettlementService with the
 * rollup figures and the real ledger): one payable per contract, the positive ones paid by the house.
 * Prints one JSON line with the machine's load average.
 *
 * Then one 5-minute slot of real-time salary (`--slot-rounds`, default 100,000 rounds: 1,000 rounds/s
 * would be 300,000): the wallet's rounds and transactions of the slot written set-based, every agent
 * given a real-time salary contract, and one run timed: the slot summed once from the wallet's
 * tables (fine-figures.ts), then one payable per contract from those sums.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, dayIn, merchantByCode, startOfDayIn } from '@sorte/shared';
import { migrate } from '../apps/server/src/db/migrate';
import { FineFiguresSource } from '../apps/server/src/modules/contracts/fine-figures';
import { RollupFiguresSource } from '../apps/server/src/modules/contracts/rollup-figures';
import { SettlementRepository } from '../apps/server/src/modules/contracts/settlement.repository';
import { SettlementService } from '../apps/server/src/modules/contracts/settlement.service';
import { LedgerRepository } from '../apps/server/src/modules/ledger/ledger.repository';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service';
import { benchDatabase } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pg' },
    agents: { type: 'string', default: '2000' },
    members: { type: 'string', default: '100000' },
    'slot-rounds': { type: 'string', default: '100000' },
  },
});
const kind = values.db === 'pglite' ? 'pglite' : 'pg';
const agents = Number(values.agents);
const members = Number(values.members);
const slotRounds = Number(values['slot-rounds']);
const { timeZone } = merchantByCode('BR');
const yesterday = addDays(dayIn(new Date(), timeZone), -1);
const decidedAt = new Date(startOfDayIn(yesterday, timeZone).getTime() + 3_600_000);

const bench = benchDatabase(kind, { pool: 20 });
const db = await bench.open();
try {
  await migrate(db);
  const seedStarted = performance.now();
  await db.query(
    `insert into members (merchant_code, username, username_key, password_hash, type)
     select 'BR', 'agent' || i, 'agent' || i, 'x', 1 from generate_series(1, $1::int) as i`,
    [agents],
  );
  const [{ first } = { first: 0n }] = await db.query<{ first: bigint }>(
    'select min(id) as first from members',
  );
  await db.query(
    `insert into members (merchant_code, username, username_key, password_hash, type, upline_id)
     select 'BR', 'player' || i, 'player' || i, 'x', 0, $2::bigint + (i % $3::int)
       from generate_series(1, $1::int) as i`,
    [members, first, agents],
  );
  const terms = (contractKind: string, rateBp: number, minBetAmount: number) =>
    JSON.stringify({
      kind: contractKind,
      ...(contractKind === 'dividend' ? { period: 'D' } : {}),
      minBetAmount,
      minActiveMembers: 0,
      feeRateBp: 200,
      tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
    });
  for (const [contractKind, rateBp, minBet] of [
    ['dailySalary', 100, 0],
    ['dividend', 2_000, 1_000],
  ] as const)
    await db.query(
      `insert into agent_contracts (merchant_code, kind, downline_id, terms, status, given_by, decided_at)
       select 'BR', $1, id, $2, 'active', 'bench', $3 from members where type = 1`,
      [contractKind, terms(contractKind, rateBp, minBet), decidedAt],
    );
  // Yesterday's play: every member bets 0.00 to 999.99, wins back 0 to 119 % of it.
  await db.query(
    `insert into agent_member_periods (member_id, period, period_start, bets, valid_turnover, wins)
     select id, 'D', $1::date, t, t, (t * ((id * 7919) % 120)) / 100
       from (select id, (id * 104729) % 100000 as t from members where type = 0) m`,
    [yesterday],
  );
  await db.query(
    `insert into agent_team_periods (agent_id, period, period_start, bets, valid_turnover, wins, active_members)
     select t.ancestor_id, 'D', p.period_start, sum(p.bets), sum(p.valid_turnover), sum(p.wins),
            count(*) filter (where p.valid_turnover > 0)
       from member_tree t join agent_member_periods p on p.member_id = t.member_id
      where t.depth > 0 group by t.ancestor_id, p.period_start`,
  );
  if (kind === 'pg') await db.query('analyze');
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const ledger = new LedgerService(new LedgerRepository(db), 16);
  await ledger.ensureHouseAccounts();
  const sut = new SettlementService(db, new SettlementRepository(db), ledger, new RollupFiguresSource(db));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const report = await sut.runDue();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const [paid] = await db.query<{ n: number; total: bigint }>(
    `select count(*)::int as n, coalesce(sum(amount), 0) as total from contract_settlements where status = 'paid'`,
  );
  // One 5-minute slot of real-time salary, ended a minute ago (in instants: a slot is the same in
  // every zone).
  const slotMs = 5 * 60_000;
  const slotStart = new Date(Math.floor((Date.now() - 60_000) / slotMs) * slotMs - slotMs);
  const fineSeedStarted = performance.now();
  await db.query(
    `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                game_type, currency, stake, payout, bet_count, win_count, status, opened_at, closed_at)
     select 'BENCH', 'r' || i, m.id, 'p', 1, 'SORTE', 'bench', 'RNG', 'BRL', 100 + (i::bigint * 7919) % 20000,
            case i % 3 when 0 then 2 * (100 + (i::bigint * 7919) % 20000) when 1 then 0 else 100 + (i::bigint * 7919) % 20000 end,
            1, case when i % 3 = 1 then 0 else 1 end, 'closed',
            $2::timestamptz + make_interval(secs => (i % 290)), $2::timestamptz + make_interval(secs => (i % 290) + 5)
       from generate_series(1, $1::int) as i
       join members m on m.username = 'player' || (1 + (i::bigint * 104729) % $3::int)`,
    [slotRounds, slotStart, members],
  );
  await db.query(
    `insert into vendor_transactions (vendor_code, transaction_id, action, player_id, member_id, round_id, amount,
                                      status, created_at)
     select vendor_code, round_id || '-b', 'bet', 'p', member_id, round_id, stake, 'OK', opened_at
       from vendor_rounds where vendor_code = 'BENCH'
     union all
     select vendor_code, round_id || '-w', 'win', 'p', member_id, round_id, payout, 'OK', closed_at
       from vendor_rounds where vendor_code = 'BENCH' and payout > 0`,
  );
  await db.query(
    `insert into agent_contracts (merchant_code, kind, downline_id, terms, status, given_by, decided_at)
     select 'BR', 'realtimeSalary', id, $1, 'active', 'bench', $2 from members where type = 1`,
    [
      JSON.stringify({
        kind: 'realtimeSalary',
        minBetAmount: 5_000,
        minActiveMembers: 0,
        feeRateBp: 0,
        winRateBp: 50,
        lossRateBp: 100,
        singleBetRateBp: 20,
      }),
      slotStart,
    ],
  );
  if (kind === 'pg') await db.query('analyze');
  const fineSeedSeconds = (performance.now() - fineSeedStarted) / 1000;
  const fineSource = new FineFiguresSource(db, new RollupFiguresSource(db));
  // The slot's sum alone: the longest single statement of the run (on PGlite it holds the one
  // connection, so the wallet's calls wait that long).
  const sumStarted = performance.now();
  await fineSource.sumSlots(slotStart, new Date(slotStart.getTime() + slotMs));
  const sumSeconds = (performance.now() - sumStarted) / 1000;
  const fine = new SettlementService(db, new SettlementRepository(db), ledger, fineSource, {
    clock: () => new Date(slotStart.getTime() + slotMs),
  });
  const fineCpuBefore = process.cpuUsage();
  const fineStarted = performance.now();
  const fineReport = await fine.runDue();
  const fineSeconds = (performance.now() - fineStarted) / 1000;
  const fineCpu = process.cpuUsage(fineCpuBefore);

  console.log(
    JSON.stringify({
      bench: 'settlement',
      db: kind,
      agents,
      members,
      day: yesterday,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      runSeconds: Number(seconds.toFixed(2)),
      serverCpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
      payables: report.settled,
      paid: paid?.n,
      paidTotalMinor: paid?.total.toString(),
      target: 'one day of daily salary and dividend, 100,000 members in 2,000 teams, <= 60 s on PostgreSQL',
      met: kind === 'pg' && seconds <= 60,
      realtimeSlot: {
        rounds: slotRounds,
        contracts: agents,
        seedSeconds: Number(fineSeedSeconds.toFixed(1)),
        slotSumSeconds: Number(sumSeconds.toFixed(2)),
        runSeconds: Number(fineSeconds.toFixed(2)),
        serverCpuSeconds: Number(((fineCpu.user + fineCpu.system) / 1e6).toFixed(2)),
        payables: fineReport.settled,
      },
      loadavg: loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
} finally {
  await db.close();
  await bench.drop();
}
