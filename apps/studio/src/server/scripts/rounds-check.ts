import { loadStudioConfig } from '../config';
import { openStudioDatabase } from '../db/client';

/**
 * `npm run -w @sorte/studio rounds:check`: counts the studio's rounds by state and wallet calls not
 * yet acknowledged, on the configured studio database (stop the studio first when it is PGlite).
 * Prints one JSON line; exits 1 when any round is still open or any call pending.
 */
const config = loadStudioConfig();
const db = config.databaseUrl
  ? await openStudioDatabase({ url: config.databaseUrl, poolSize: 2 })
  : await openStudioDatabase({ dataDir: config.studioDataDir });
try {
  const [present] = await db.query<{ ok: boolean }>("select to_regclass('rounds') is not null as ok");
  if (!present?.ok) {
    console.log(JSON.stringify({ rounds: 0, open: 0, pendingCalls: 0, note: 'no studio tables' }));
  } else {
    const states = await db.query<{ state: string; n: bigint }>(
      'select state, count(*)::int8 as n from rounds group by state order by state',
    );
    const [calls] = await db.query<{ pending: bigint; abandoned: bigint; done: bigint }>(
      `select count(*) filter (where state = 'pending' and action <> 'bet')::int8 as pending,
              count(*) filter (where state = 'abandoned')::int8 as abandoned,
              count(*) filter (where state = 'done')::int8 as done
         from wallet_calls`,
    );
    const [games] = await db.query<{ crashed: bigint; aborted: bigint; live: bigint }>(
      `select count(*) filter (where state = 'crashed')::int8 as crashed,
              count(*) filter (where state = 'aborted')::int8 as aborted,
              count(*) filter (where state in ('betting', 'running'))::int8 as live
         from crash_games`,
    );
    const byState = Object.fromEntries(states.map((s) => [s.state, Number(s.n)]));
    const open = (byState.open ?? 0) + (byState.bet_acknowledged ?? 0);
    const summary = {
      rounds: states.reduce((a, s) => a + Number(s.n), 0),
      byState,
      open,
      pendingCalls: Number(calls?.pending ?? 0),
      calls: { done: Number(calls?.done ?? 0), abandonedBets: Number(calls?.abandoned ?? 0) },
      crashGames: {
        crashed: Number(games?.crashed ?? 0),
        aborted: Number(games?.aborted ?? 0),
        live: Number(games?.live ?? 0),
      },
    };
    console.log(JSON.stringify(summary));
    process.exitCode = open === 0 && summary.pendingCalls === 0 ? 0 : 1;
  }
} finally {
  await db.close();
}
