import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The architecture's "never" lines (ARCHITECTURE.md), checked on the import specifiers of every
 * source file: a plain text scan (static imports, re-exports, dynamic imports, require), so it
 * needs no TypeScript API and runs in a second.
 */

export type Violation = { file: string; specifier: string; rule: string };

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git']);
// from '…' (import and export … from), import('…'), require('…'), and bare import '…'.
const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
];

function* sourceFiles(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(join(dir, entry.name));
    } else if (SOURCE.test(entry.name)) yield join(dir, entry.name);
  }
}

/** Every module specifier a file imports. Comments are dropped first so prose cannot trip a rule. */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const pattern of SPECIFIERS) for (const m of code.matchAll(pattern)) found.push(m[1] as string);
  return found;
}

/** A path below root, with forward slashes, for rules and messages. */
const posix = (root: string, path: string) => relative(root, path).split(sep).join('/');

/** Where an import lands, as a repository path, or null for a package that is not ours. */
function target(root: string, file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return posix(root, resolve(dirname(file), specifier));
  const ours = /^@sorte\/([^/]+)(\/.*)?$/.exec(specifier);
  if (!ours) return null;
  const [, name, rest = ''] = ours;
  const where: Record<string, string> = {
    server: 'apps/server',
    web: 'apps/web',
    studio: 'apps/studio',
    shared: 'packages/shared',
    fair: 'packages/fair',
  };
  return `${where[name as string] ?? `@sorte/${name}`}${rest}`;
}

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
const featureOf = (path: string) => /^apps\/web\/src\/features\/([^/]+)/.exec(path)?.[1];

/** Checks every source file below `root` (the repository, or a fixture shaped like it). */
export function checkArchitecture(root: string): Violation[] {
  const violations: Violation[] = [];
  const scan = (dir: string, rule: (from: string, to: string) => string | null) => {
    for (const file of sourceFiles(join(root, dir))) {
      const from = posix(root, file);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const to = target(root, file, specifier);
        const broken = to === null ? null : rule(from, to);
        if (broken) violations.push({ file: from, specifier, rule: broken });
      }
    }
  };
  // The studio talks to the platform only over the seamless-wallet protocol, like any vendor.
  scan('apps/studio', (_from, to) => (under(to, 'apps/server') ? 'studio must not import server' : null));
  // The web app gets the server's contracts from packages/shared, never its code.
  scan('apps/web', (_from, to) => (under(to, 'apps/server') ? 'web must not import server' : null));
  // The fairness maths stands alone, so anyone can verify a round with it.
  scan('packages/fair', (_from, to) =>
    under(to, 'packages/fair') ? null : 'packages/fair must import nothing of ours',
  );
  // A feature slice uses shared components, lib and packages, not another feature's insides.
  scan('apps/web/src/features', (from, to) => {
    const mine = featureOf(from);
    const theirs = featureOf(to);
    return theirs && theirs !== mine ? `web feature ${mine} must not import feature ${theirs}` : null;
  });
  violations.push(...checkLedgerDoor(root));
  return violations;
}

// --- the ledger is the one door for money -------------------------------------------------------

const LEDGER_TABLES = /\bledger_(accounts|transfers|entries)\b/g;
const LEDGER_REPOSITORY = 'apps/server/src/modules/ledger/ledger.repository';
/** Where ledger tables may be named: the ledger itself, its CLI, and the database layer (the schema,
 * and migrations, whose functions are checked one by one below). */
const LEDGER_HOMES = [
  'apps/server/src/modules/ledger',
  'apps/server/src/db',
  'apps/server/src/scripts/ledger-verify.ts',
];
/** Tests and their helpers may read the tables to check what happened. */
const isTestFile = (path: string) => /\.test\.[cm]?tsx?$|(^|\/)test-[^/]*$|-test-kit\.ts$/.test(path);

/**
 * Exceptions, each with its reason and who removes it; add none for new code: ask the ledger's
 * service (TypeScript) or a ledger_* function (SQL). Remove an entry once its file or function no
 * longer needs it. None left: the seamless wallet reads balances through ledger_account_balance
 * (migration 0020).
 */
export const LEDGER_ALLOWED: ReadonlyMap<string, string> = new Map<string, string>([]);

const stripSqlComments = (sql: string) => sql.replace(/--[^\n]*/g, '');

/**
 * Each PL/pgSQL or SQL function's latest body across the migrations, in the order they run: a later
 * `create or replace` replaces an earlier body, `drop function` forgets it.
 */
export function latestFunctionBodies(migrations: ReadonlyArray<string>): Map<string, string> {
  const bodies = new Map<string, string>();
  const statement =
    /\bdrop\s+function\s+(?:if\s+exists\s+)?([a-z_][a-z0-9_]*)|\bcreate\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*)\s*\([\s\S]*?\$(\w*)\$([\s\S]*?)\$\3\$/gi;
  for (const sql of migrations) {
    for (const m of stripSqlComments(sql).matchAll(statement)) {
      if (m[1]) bodies.delete(m[1].toLowerCase());
      else bodies.set((m[2] as string).toLowerCase(), m[4] as string);
    }
  }
  return bodies;
}

/**
 * Nothing outside modules/ledger touches the ledger's tables: no TypeScript outside it names them
 * (tests aside) or builds its repository, and no migration's function but the ledger's own (ledger_*)
 * reads or writes them; they call ledger_post_transfer and the other ledger_* functions instead.
 */
export function checkLedgerDoor(root: string): Violation[] {
  const violations: Violation[] = [];
  const allowed = (key: string) => LEDGER_ALLOWED.has(key);
  for (const file of sourceFiles(join(root, 'apps/server/src'))) {
    const from = posix(root, file);
    if (LEDGER_HOMES.some((home) => under(from, home)) || isTestFile(from) || allowed(from)) continue;
    const source = readFileSync(file, 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const table of new Set([...code.matchAll(LEDGER_TABLES)].map((m) => m[0]))) {
      violations.push({ file: from, specifier: table, rule: 'only modules/ledger touches ledger tables' });
    }
    for (const specifier of importsOf(source)) {
      if (target(root, file, specifier)?.replace(/\.ts$/, '') === LEDGER_REPOSITORY)
        violations.push({ file: from, specifier, rule: "use app.ledger, not the ledger's repository" });
    }
  }
  const dir = join(root, 'apps/server/src/db/migrations');
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.sql'))
      .sort();
  } catch {
    return violations;
  }
  const bodies = latestFunctionBodies(names.map((n) => readFileSync(join(dir, n), 'utf8')));
  for (const [name, body] of bodies) {
    if (name.startsWith('ledger_') || allowed(`sql:${name}`)) continue;
    for (const table of new Set([...body.matchAll(LEDGER_TABLES)].map((m) => m[0]))) {
      violations.push({
        file: `apps/server/src/db/migrations (function ${name})`,
        specifier: table,
        rule: 'only ledger_* functions touch ledger tables',
      });
    }
  }
  return violations;
}
