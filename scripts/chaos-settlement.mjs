// `npm run chaos:settlement [-- --days 45 --agents 30 --kills 2 --after 300 --keep-data]`
//
// Exactly-once settlement under racing instances and SIGKILL, on PostgreSQL (DATABASE_URL, required:
// the embedded PGlite is one process's database). It creates a scratch database, seeds top agents
// with house contracts (daily salary, daily dividend) and a sub-agent with an upline contract, and
// `days` days of team rollups; then starts two settlement processes at once (one holds the advisory
// lock, the other waits), kills both with SIGKILL once `after` more payables have been made (so the
// lock holder is mid-run), `kills` times, restarting two each time, and lets the last two finish.
// Then it checks:
//   - every daily contract has exactly one payable per day, for every day due;
//   - every hourly and real-time salary contract (seeded 12 hours back, with the wallet's rounds of
//     those hours) has one payable per hour / 5-minute slot, without gap, for at least those 12
//     hours, and each payable's team valid turnover equals the team's live bets of its period summed
//     straight from the wallet's tables (the slot sums survived the kills whole, each made once);
//   - every paid payable has exactly one ledger transfer, keyed contract:<id>:<period>:<kind>, of its
//     amount, and no payable that is not paid has one;
//   - a last run finds nothing to do;
//   - `npm run ledger:verify` passes.
// Prints a summary and one JSON line; exits non-zero when a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root, say } from './lib/steps.mjs';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '45' },
    agents: { type: 'string', default: '30' },
    kills: { type: 'string', default: '2' },
    after: { type: 'string', default: '300' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const DAYS = Number(args.days);
const AGENTS = Number(args.agents);
const KILLS = Number(args.kills);
const AFTER_ROWS = Number(args.after);

if (!process.env.DATABASE_URL) {
  console.error(
    'chaos:settlement races processes on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  );
  process.exit(2);
}
const adminUrl = process.env.DATABASE_URL;
const name = `sorte_chaos_settle_${randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dbUrl = url.toString();

const started = Date.now();
const log = (message) => say(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
const serverDir = join(root, 'apps', 'server');
const worker = join(serverDir, 'src', 'scripts', 'settlement-chaos-worker.ts');
const env = { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'test' };

/** A settlement process: node with tsx, so SIGKILL reaches the process doing the work itself. */
function startWorker(label, mode = ['run']) {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, ...mode], { cwd: serverDir, env });
  const lines = [];
  child.stdout.on('data', (chunk) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(line);
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${label}] ${chunk}`));
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { label, child, lines, done, working: () => lines.some((l) => l.includes('"skipped":false')) };
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
};

await admin(`create database ${name}`);
log(`database ${name}`);
try {
  const seeded = startWorker('seed', ['seed', String(DAYS), String(AGENTS)]);
  const seedExit = await seeded.done;
  if (seedExit.code !== 0) throw new Error(`seed failed: ${JSON.stringify(seedExit)}`);
  log(`seeded ${AGENTS} top agents, ${AGENTS * 3} contracts, ${DAYS} days`);

  // Payables made so far: a kill lands when this has moved, i.e. while a run is writing.
  const progress = async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return (await client.query('select count(*)::int as n from contract_settlements')).rows[0].n;
    } finally {
      await client.end();
    }
  };
  let running = [startWorker('w1'), startWorker('w2')];
  let restarted = 2;
  for (let kill = 0; kill < KILLS; kill++) {
    const before = await progress();
    const deadline = Date.now() + 120_000;
    while ((await progress()) < before + AFTER_ROWS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const alive = running.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    if (alive.length === 0) break;
    // Both at once: the one holding the lock is mid-run, the other waiting for it.
    for (const w of alive) w.child.kill('SIGKILL');
    await Promise.all(alive.map((w) => w.done));
    log(`SIGKILL ${alive.map((w) => w.label).join(' and ')} with ${await progress()} payables made`);
    running = [startWorker(`w${++restarted}`), startWorker(`w${++restarted}`)];
  }
  const exits = await Promise.all(running.map((w) => w.done));
  check(
    exits.every((e) => e.code === 0),
    `the last settlement processes finished (${JSON.stringify(exits)})`,
  );

  const last = startWorker('final');
  await last.done;
  const finalReport = JSON.parse(last.lines.at(-1) ?? '{}');
  check(
    finalReport.settled === 0 && finalReport.paid === 0,
    'a last run finds nothing left to settle or pay',
  );

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const q = async (sql) => (await client.query(sql)).rows;
    const perContract = await q(
      `select c.id, count(s.id)::int as n, count(distinct s.period_key)::int as keys
         from agent_contracts c left join contract_settlements s on s.contract_id = c.id
        where c.kind in ('dailySalary', 'dividend') group by c.id`,
    );
    check(
      perContract.length === AGENTS * 3 && perContract.every((r) => r.n === DAYS && r.keys === DAYS),
      `every daily contract has exactly one payable for each of the ${DAYS} days (${perContract.length} contracts)`,
    );
    for (const [kind, seconds, least] of [
      ['hourlySalary', 3_600, 12],
      ['realtimeSalary', 300, 144],
    ]) {
      const fine = await q(
        `select c.id, count(s.id)::int as n, count(distinct s.period_key)::int as keys,
                coalesce(extract(epoch from max(s.period_end) - min(s.period_start)), 0)::int as span
           from agent_contracts c left join contract_settlements s on s.contract_id = c.id
          where c.kind = '${kind}' group by c.id`,
      );
      check(
        fine.length === AGENTS * 2 &&
          fine.every((r) => r.n >= least && r.keys === r.n && r.span === r.n * seconds),
        `every ${kind} contract has one payable per ${seconds / 60}-minute period without gap, at least ${least} (${fine.length} contracts, ${Math.min(...fine.map((r) => r.n))}–${Math.max(...fine.map((r) => r.n))} each)`,
      );
      const [figures] = await q(
        `select count(*)::int as n,
                count(*) filter (where (s.details->'figures'->>'validTurnover')::bigint <> coalesce(x.vt, 0))::int as bad,
                coalesce(sum(x.vt), 0)::bigint as turnover
           from contract_settlements s join agent_contracts c on c.id = s.contract_id
           left join lateral (
             select sum(v.amount) as vt from vendor_transactions v
               join vendor_rounds r on r.vendor_code = v.vendor_code and r.round_id = v.round_id
               join member_tree t on t.ancestor_id = c.downline_id and t.member_id = r.member_id and t.depth > 0
              where v.action = 'bet' and v.status = 'OK' and v.rolled_back_by is null
                and v.created_at >= s.period_start and v.created_at < s.period_end) x on true
          where c.kind = '${kind}'`,
      );
      check(
        figures.n > 0 && figures.bad === 0 && BigInt(figures.turnover) > 0n,
        `each of ${figures.n} ${kind} payables has its team's valid turnover as the wallet's tables give it`,
      );
    }
    const [slots] = await q(
      `select count(*)::int as n, count(distinct date_bin('5 minutes', piece_start, '2000-01-01'))::int as slots
         from contract_fine_pieces_done`,
    );
    log(`${slots.n} 10-second pieces of ${slots.slots} slots summed`);
    const [paid] = await q(
      `select count(*)::int as n,
              count(*) filter (where t.id is null or t.amount <> s.amount or t.id <> s.transfer_id)::int as bad
         from contract_settlements s join agent_contracts c on c.id = s.contract_id
         left join ledger_transfers t on t.idempotency_key = 'contract:' || s.contract_id || ':' || s.period_key || ':' || c.kind
        where s.status = 'paid'`,
    );
    check(paid.n > 0 && paid.bad === 0, `each of ${paid.n} paid payables has its one transfer of its amount`);
    const [stray] = await q(
      `select count(*)::int as n from contract_settlements s join agent_contracts c on c.id = s.contract_id
         join ledger_transfers t on t.idempotency_key = 'contract:' || s.contract_id || ':' || s.period_key || ':' || c.kind
        where s.status <> 'paid'`,
    );
    check(stray.n === 0, 'no payable left unpaid has a transfer');
    const [keys] = await q(
      `select count(*)::int as transfers from ledger_transfers where idempotency_key like 'contract:%'`,
    );
    check(
      keys.transfers === paid.n,
      `contract transfers in the ledger (${keys.transfers}) = paid payables (${paid.n})`,
    );
    const [owed] = await q(`select count(*)::int as n from contract_settlements where status = 'owed'`);
    log(`${owed.n} upline payables still owed (inside the upline's 24-hour deadline)`);
  } finally {
    await client.end();
  }

  const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], { cwd: root, env, encoding: 'utf8' });
  check(verify.status === 0, `ledger:verify: ${(verify.stdout || verify.stderr).trim().split('\n').at(-1)}`);
} finally {
  if (!args['keep-data']) await admin(`drop database if exists ${name} with (force)`);
}

console.log(
  JSON.stringify({
    chaos: 'settlement',
    days: DAYS,
    agents: AGENTS,
    kills: KILLS,
    ok: failures.length === 0,
    failures,
  }),
);
process.exit(failures.length === 0 ? 0 : 1);
