// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stampDir = join(root, 'node_modules', '.cache', 'sorte');

export function say(message) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}

/** Runs a command from the repository root, inheriting the terminal; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name === 'dist') continue;
        visit(join(path, name));
      }
    } else {
      hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  for (const path of paths) visit(join(root, path));
  return hash.digest('hex');
}

function readStamp(name) {
  const file = join(stampDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function writeStamp(name, value) {
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(join(stampDir, name), value);
}

const workspaces = [
  'packages/shared',
  'packages/fair',
  'apps/server',
  'apps/web',
  'apps/console',
  'apps/studio',
  'e2e',
  'bench',
];

/**
 * Installs when node_modules is missing or the lock file or a package.json changed: `npm ci` when the
 * lock file is there (so an out-of-sync lock fails loudly instead of being rewritten), `npm install`
 * only on a checkout without one.
 */
export function ensureDependencies() {
  const manifests = ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)];
  const wanted = hashFiles(manifests);
  if (existsSync(join(root, 'node_modules')) && readStamp('deps') === wanted) return;
  // Installed by a plain `npm ci` or `npm install` since the manifests last changed (CI installs
  // before `npm test`): npm's own record of node_modules is newer than all of them.
  if (installedAfter(manifests)) {
    writeStamp('deps', wanted);
    return;
  }
  const hasLock = existsSync(join(root, 'package-lock.json'));
  const command = hasLock ? 'ci' : 'install';
  say(`Installing dependencies (npm ${command})…`);
  const code = run('npm', [command, '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error(`npm ${command} failed`);
  writeStamp('deps', wanted);
}

function installedAfter(manifests) {
  const record = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(record)) return false;
  const installedAt = statSync(record).mtimeMs;
  return manifests.every(
    (file) => !existsSync(join(root, file)) || statSync(join(root, file)).mtimeMs <= installedAt,
  );
}

/**
 * The bundles differ by mode (React's development build under NODE_ENV=development): the stamp names
 * the mode, so a later plain `npm start` rebuilds instead of serving development bundles.
 */
const buildMode = () => (process.env.NODE_ENV === 'development' ? 'development' : 'production');

/** What the web build is made of: its sources (and the shared package it uses), and the mode. */
export function webBuildStamp() {
  return hashFiles([
    'apps/web/src',
    'apps/web/boot',
    'apps/web/pwa',
    'apps/web/scripts',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/shared/src',
    'packages/shared/locales',
    'packages/shared/styles',
  ]).concat(':', buildMode());
}

/** Builds the web app when its stamp changed since the last build (a source, or the mode). */
export function ensureWebBuild() {
  if (!existsSync(join(root, 'apps/web/package.json'))) return;
  const wanted = webBuildStamp();
  if (!existsSync(join(root, 'apps/web/dist/index.html')) || readStamp('web') !== wanted) {
    say('Building the web app (vite build)…');
    const code = run('npm', ['run', 'build', '-w', '@sorte/web']);
    if (code !== 0) throw new Error('web build failed');
    writeStamp('web', wanted);
  }
  // The studio's game frames are pages of the same site (/studio/play/…): built alongside.
  ensureStudioBuild();
  // So is the operator console (/console), its own bundle.
  ensureConsoleBuild();
}

/** What the operator console's build is made of: its sources (and the shared package it uses), and the mode. */
export function consoleBuildStamp() {
  return hashFiles([
    'apps/console/src',
    'apps/console/public',
    'apps/console/index.html',
    'apps/console/vite.config.ts',
    'apps/console/package.json',
    // Its build compresses with the web app's script.
    'apps/web/scripts/compress-dist.mjs',
    'packages/shared/src',
  ]).concat(':', buildMode());
}

/** Builds the operator console (apps/console/dist) when its stamp changed (a source, or the mode). */
export function ensureConsoleBuild() {
  if (!existsSync(join(root, 'apps/console/package.json'))) return;
  const wanted = consoleBuildStamp();
  if (existsSync(join(root, 'apps/console/dist/index.html')) && readStamp('console') === wanted) return;
  say('Building the operator console (vite build)…');
  const code = run('npm', ['run', 'build', '-w', '@sorte/console']);
  if (code !== 0) throw new Error('console build failed');
  writeStamp('console', wanted);
}

/** What the game frames' build is made of: their sources, the fair maths, and the mode. */
export function studioBuildStamp() {
  return hashFiles([
    'apps/studio/src/web',
    'apps/studio/vite.config.ts',
    'apps/studio/package.json',
    'packages/fair/src',
    'packages/shared/styles',
  ]).concat(':', buildMode());
}

/** Builds the studio's game frames (apps/studio/dist/web) when their stamp changed (a source, or the mode). */
export function ensureStudioBuild() {
  if (!existsSync(join(root, 'apps/studio/vite.config.ts'))) return;
  const wanted = studioBuildStamp();
  if (existsSync(join(root, 'apps/studio/dist/web/index.html')) && readStamp('studio-web') === wanted) return;
  say('Building the game frames (vite build)…');
  const code = run('npm', ['run', 'build:web', '-w', '@sorte/studio']);
  if (code !== 0) throw new Error('game frames build failed');
  writeStamp('studio-web', wanted);
}
