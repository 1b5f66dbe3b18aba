/**
 * Video-slot RTP simulation: `npm run bench:rtp -- --spins N --workers W [--seed HEX]`.
 *
 * Plays N paid rounds of the video slot (base spin plus every free spin it awards) through the real
 * provably-fair stream — HMAC-SHA256(serverSeed, `clientSeed:nonce:round`) on node:crypto, one nonce
 * per round — and the production round logic (`spinUnits`, which the fair tests hold equal to
 * `spin`). Rounds are split over W worker threads; each worker has its own server seed (derived from
 * --seed, random by default, printed so a run can be repeated) and plays nonces 0 … N/W − 1.
 *
 * Prints one JSON line: rounds, seconds, rounds per second, simulated and exact RTP, their
 * difference in percentage points, and the standard error of the simulated RTP (from the exact
 * variance of a round, computed after the simulation by enumerating all 32^5 base-game stops).
 */
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  enumerateBaseGame,
  exactStatsFromEnumeration,
  SimulationStream,
  spinUnits,
  standardDeviation,
  theoreticalRtp,
  toNumber,
  toPercentString,
} from '@sorte/fair/node';

interface Job {
  serverSeed: string;
  clientSeed: string;
  rounds: number;
}

interface Tally {
  rounds: number;
  /** Σ of round wins in units (line bets; the stake is 10 units). Exact in a double: < 2^53. */
  units: number;
  /** Σ of squared round wins, for the empirical standard error. */
  squares: number;
  featureRounds: number;
  maxUnits: number;
}

function simulate(job: Job): Tally {
  const stream = new SimulationStream(job.serverSeed, job.clientSeed);
  let units = 0;
  let squares = 0;
  let featureRounds = 0;
  let maxUnits = 0;
  for (let nonce = 0; nonce < job.rounds; nonce++) {
    const u = spinUnits(stream.reset(nonce));
    units += u;
    squares += u * u;
    // A round worth more than its base spin can pay had free spins; counted only for the report.
    if (u > maxUnits) maxUnits = u;
    if (stream.blocksRead > 1) featureRounds++;
  }
  return { rounds: job.rounds, units, squares, featureRounds, maxUnits };
}

if (!isMainThread) {
  parentPort?.postMessage(simulate(workerData as Job));
} else {
  const { values } = parseArgs({
    options: {
      spins: { type: 'string', default: '100000000' },
      workers: { type: 'string', default: String(availableParallelism()) },
      seed: { type: 'string' },
    },
  });
  const totalRounds = Number(values.spins);
  const workers = Number(values.workers);
  const baseSeed = values.seed ?? randomBytes(32).toString('hex');
  const jobs: Job[] = Array.from({ length: workers }, (_, w) => ({
    // Each worker's server seed: SHA-256 of the base seed and the worker number.
    serverSeed: createHash('sha256').update(`${baseSeed}:${w}`).digest('hex'),
    clientSeed: `rtp-bench-${w}`,
    rounds: Math.floor(totalRounds / workers) + (w < totalRounds % workers ? 1 : 0),
  }));

  const started = performance.now();
  const tallies = await Promise.all(
    jobs.map(
      (job) =>
        new Promise<Tally>((resolve, reject) => {
          // Workers run this same TypeScript file: a small script registers tsx's loader first.
          const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
          const worker = new Worker(bootstrap, { eval: true, workerData: job });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;

  const sum = tallies.reduce((a, t) => ({
    rounds: a.rounds + t.rounds,
    units: a.units + t.units,
    squares: a.squares + t.squares,
    featureRounds: a.featureRounds + t.featureRounds,
    maxUnits: Math.max(a.maxUnits, t.maxUnits),
  }));
  const stake = 10; // units per paid round
  const simulated = sum.units / sum.rounds / stake;
  const exact = theoreticalRtp();
  const theoretical = toNumber(exact.rtp);
  const exactSd = standardDeviation(exactStatsFromEnumeration(enumerateBaseGame()).variance);
  const empiricalSd = Math.sqrt(sum.squares / sum.rounds / stake ** 2 - simulated ** 2);
  const standardErrorPp = (100 * exactSd) / Math.sqrt(sum.rounds);
  const differencePp = 100 * (simulated - theoretical);

  console.log(
    JSON.stringify({
      bench: 'video-slot-rtp',
      rounds: sum.rounds,
      workers,
      seed: baseSeed,
      seconds: Number(seconds.toFixed(1)),
      roundsPerSecond: Math.round(sum.rounds / seconds),
      simulatedRtpPercent: Number((100 * simulated).toFixed(4)),
      theoreticalRtpPercent: Number(toPercentString(exact.rtp, 6)),
      differencePp: Number(differencePp.toFixed(4)),
      standardErrorPp: Number(standardErrorPp.toFixed(4)),
      zScore: Number((differencePp / standardErrorPp).toFixed(2)),
      withinTenthOfAPoint: Math.abs(differencePp) <= 0.1,
      roundSdStakes: { exact: Number(exactSd.toFixed(3)), simulated: Number(empiricalSd.toFixed(3)) },
      featureRounds: sum.featureRounds,
      maxWinStakes: sum.maxUnits / stake,
    }),
  );
}
