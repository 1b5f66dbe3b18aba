// `npm test`: installs what is missing, then runs the whole suite in order and stops at the first
// failing step: typecheck, lint, unit + integration (PGlite, or PostgreSQL when DATABASE_URL is
// set), web build, browser tests in headless Chromium. Ends with "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root, run, say } from './lib/steps.mjs';

const reportDir = join(root, 'node_modules', '.cache', 'sorte', 'reports');
const totals = { passed: 0, failed: 0 };
const started = Date.now();

function fail(step) {
  console.error(`\x1b[31m✗\x1b[0m ${step} failed`);
  console.log(`${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
  process.exit(1);
}

function step(name, command, args, options) {
  say(name);
  if (run(command, args, options) !== 0) fail(name);
}

/** Runs vitest with a JSON report next to the console output, and adds its counts to the totals. */
function vitest(name, args) {
  say(name);
  mkdirSync(reportDir, { recursive: true });
  const report = join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  const code = run('npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ]);
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests ?? 0;
    totals.failed += result.numFailedTests ?? 0;
  }
  if (code !== 0) fail(name);
}

/** Browser tests drive Debian's Chromium; install it when missing and allowed to. */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error('Browser tests need Chromium at /usr/bin/chromium. Install it with:');
    console.error('  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core');
    fail('chromium check');
  }
  say('Installing Chromium for the browser tests (apt-get install chromium fonts-noto-core)…');
  if (run('apt-get', ['update', '-qq']) !== 0) fail('apt-get update');
  if (
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }) !== 0
  )
    fail('apt-get install chromium');
}

try {
  ensureDependencies();
} catch (error) {
  console.error(error.message);
  fail('install');
}
step('Typecheck', 'node', ['scripts/typecheck.mjs']);
step('Lint', 'npx', ['biome', 'check', '.']);
vitest('Unit and integration tests', []);
// The studio's game frames (React) test in jsdom with their own config, beside the Node suites.
if (existsSync(join(root, 'apps/studio/vitest.web.config.ts')))
  vitest('Game frame tests', ['--config', 'apps/studio/vitest.web.config.ts']);
if (existsSync(join(root, 'e2e/vitest.config.ts'))) {
  try {
    ensureWebBuild();
  } catch (error) {
    console.error(error.message);
    fail('web build');
  }
  ensureChromium();
  vitest('Browser tests', ['--root', 'e2e']);
}
say(`Done in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
