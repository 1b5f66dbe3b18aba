/**
 * Ledger throughput: `npm run bench:ledger -- --db pg|pglite --workers N --accounts N --seconds S`.
 * Each transfer debits a random member and credits the house (a bet) or the reverse (a win).
 * Prints one JSON line. For pg it uses a throw-away database on DATABASE_URL's server (default the
 * local postgres) and drops it afterwards.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrate } from '../apps/server/src/db/migrate';
import { LedgerRepository } from '../apps/server/src/modules/ledger/ledger.repository';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger-verify';
import { benchDatabase, percentile } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    workers: { type: 'string', default: '32' },
    accounts: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    shards: { type: 'string', default: '32' },
    pool: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const workers = Number(values.workers);
const accountCount = Number(values.accounts);
const seconds = Number(values.seconds);
const kind = values.db === 'pg' ? 'pg' : 'pglite';

const { open, drop: dropDatabase } = benchDatabase(kind, {
  pool: Number(values.pool ?? workers),
  dataDir: values['data-dir'],
});
const db = await open();
try {
  await migrate(db);
  const ledger = new LedgerService(new LedgerRepository(db), Number(values.shards));
  await ledger.ensureHouseAccounts();
  const members: bigint[] = [];
  for (let i = 0; i < accountCount; i++) {
    const { cash } = await ledger.openAccounts(`bench-${i}`, 'BRL');
    const key = `fund:${i}`;
    await ledger.transfer({
      idempotencyKey: key,
      debitAccountId: ledger.houseAccountFor('BRL', key),
      creditAccountId: cash,
      amount: 10_000_000n,
      currency: 'BRL',
      kind: 'deposit',
    });
    members.push(cash);
  }

  const latencies: number[] = [];
  let refused = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let counter = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline) {
        const member = members[randomInt(members.length)] as bigint;
        const key = `bench:${w}:${counter++}`;
        const house = ledger.houseAccountFor('BRL', key);
        const isBet = randomInt(2) === 0;
        const t0 = performance.now();
        try {
          await ledger.transfer({
            idempotencyKey: key,
            debitAccountId: isBet ? member : house,
            creditAccountId: isBet ? house : member,
            amount: BigInt(1 + randomInt(10_000)),
            currency: 'BRL',
            kind: isBet ? 'bet' : 'win',
          });
          latencies.push(performance.now() - t0);
        } catch (error) {
          if ((error as { code?: string }).code === 'INSUFFICIENT_FUNDS') refused++;
          else throw error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const verdict = await verifyLedger(db);
  console.log(
    JSON.stringify({
      db: kind,
      workers,
      accounts: accountCount,
      houseShards: Number(values.shards),
      seconds: Number(elapsed.toFixed(2)),
      transfers: latencies.length,
      refusedInsufficientFunds: refused,
      transfersPerSecond: Math.round(latencies.length / elapsed),
      p50Ms: Number(percentile(sorted, 50).toFixed(2)),
      p99Ms: Number(percentile(sorted, 99).toFixed(2)),
      p999Ms: Number(percentile(sorted, 99.9).toFixed(2)),
      ledgerVerified: verdict.ok,
    }),
  );
  if (!verdict.ok) process.exitCode = 1;
} finally {
  await db.close();
  await dropDatabase();
}
