// `npm run bench:lighthouse`: Lighthouse (default mobile: simulated slow 4G, 4x CPU slowdown) on the
// player site as `npm start` serves it. Builds nothing: run `npm run build -w @sorte/web` first.
// Starts the real server in production mode on a free port with a fresh database, runs Lighthouse
// `--runs` times on each page and prints per page the median score and metrics as JSON.
//   npm run bench:lighthouse -- --runs 3 --pages /,/rng,/promotions
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/rng,/promotions' },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    // A directory to keep each run's full Lighthouse report in (JSON), to see what a figure is made of.
    save: { type: 'string' },
    // Another build of the web app to serve (for comparing two builds in the same minutes).
    dist: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const pages = values.pages
  .split(',')
  .map((page) => page.trim())
  .filter(Boolean);

const root = resolve(import.meta.dirname, '..');
const dist = resolve(values.dist ?? join(root, 'apps/web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist} is not built: run \`npm run build -w @sorte/web\` first.`);
  process.exit(1);
}

type Run = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  jsBytes: number;
  totalBytes: number;
  lcpElement: string | null;
};

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const loadAtStart = loadavg().map((load) => Math.round(load * 100) / 100);
// This measures the page, not the server under load: on a busy machine the event-loop check of
// load shedding (plugins/load.ts) would answer some page loads with 503 SERVER_BUSY.
const server = await startServer({
  LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  LOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
  WEB_DIST_DIR: dist,
});
// startServer gives up waiting after a minute; a busy machine can take longer to migrate and seed.
for (let waited = 0; ; waited += 500) {
  const ready = await fetch(`${server.url}/readyz`).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (waited > 180_000) {
    await server.stop();
    throw new Error(`the server did not become ready:\n${server.output()}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const chrome = await chromeLauncher.launch({
  chromePath: values.chrome,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

type PageResult = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  jsTransferBytes: number;
  totalTransferBytes: number;
  lcpElement: string | null;
  runs: Run[];
};
const results: Record<string, PageResult> = {};
try {
  // A first visit warms the server's caches (the lobby reads), as a running site would have them.
  for (const page of pages) await fetch(`${server.url}${page}`);
  for (const page of pages) {
    const pageRuns: Run[] = [];
    let retries = 0;
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
      // Lighthouse now and then loses its own trace (NO_NAVSTART, NO_FCP): that run measured nothing,
      // so it is taken again (at most twice per page) rather than ending the benchmark.
      if (lhr.runtimeError && retries < 2) {
        retries++;
        console.error(`${page} run ${run + 1}/${runs}: ${lhr.runtimeError.code}, taken again`);
        run--;
        continue;
      }
      if (values.save) {
        mkdirSync(values.save, { recursive: true });
        const name = `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;
        writeFileSync(join(values.save, name), JSON.stringify(lhr));
        // The run's trace too (open it in Chrome's performance panel): what each long task did.
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace)
          writeFileSync(join(values.save, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
      }
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const summary = (
        lhr.audits['resource-summary']?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items;
      const bytes = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? 0;
      const lcpItems = (
        lhr.audits['largest-contentful-paint-element']?.details as {
          items?: { items?: { node?: { snippet?: string } }[] }[];
        }
      )?.items;
      pageRuns.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        siMs: Math.round(lhr.audits['speed-index']?.numericValue ?? 0),
        jsBytes: bytes('script'),
        totalBytes: bytes('total'),
        lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null,
      });
      process.stderr.write(`${page} run ${run + 1}/${runs}: score ${pageRuns.at(-1)?.score}\n`);
    }
    const of = (key: Exclude<keyof Run, 'lcpElement'>) => median(pageRuns.map((run) => run[key]));
    results[page] = {
      performance: of('score'),
      fcpMs: of('fcpMs'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
      siMs: of('siMs'),
      jsTransferBytes: of('jsBytes'),
      totalTransferBytes: of('totalBytes'),
      lcpElement:
        pageRuns.find((run) => run.lcpMs === of('lcpMs'))?.lcpElement ?? pageRuns[0]?.lcpElement ?? null,
      runs: pageRuns,
    };
  }
} finally {
  chrome.kill();
  await server.stop();
}

console.log(
  JSON.stringify(
    {
      lighthouse: '12.8.2 default mobile (simulated slow 4G, 4x CPU)',
      runsPerPage: runs,
      cpus: cpus().length,
      loadAverageAtStart: loadAtStart,
      pages: results,
    },
    null,
    2,
  ),
);
