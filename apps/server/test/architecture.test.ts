import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArchitecture, importsOf, latestFunctionBodies } from './architecture/check';

const repository = fileURLToPath(new URL('../../..', import.meta.url));

describe('architecture (ARCHITECTURE.md, the "never" lines)', () => {
  it('holds in this repository', () => {
    expect(checkArchitecture(repository)).toEqual([]);
  });
});

/** A throw-away tree shaped like the repository (removed after the tests), and how to add a file. */
function fixtureTree(name: string) {
  const root = mkdtempSync(join(tmpdir(), `sorte-${name}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  return { root, write };
}

describe('the architecture check', () => {
  const { root, write } = fixtureTree('architecture');

  it('reads static, re-exported, dynamic and bare imports, not ones in comments', () => {
    const source = [
      "import { a } from './a';",
      "export { b } from '../b';",
      "import type { C } from '@sorte/shared';",
      "const d = await import('./d');",
      "import './e.css';",
      "// import { f } from '../../server/src/f';",
      "/* import { g } from '@sorte/server'; */",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(['../b', './a', './d', './e.css', '@sorte/shared']);
  });

  it('passes a tree that keeps the rules', () => {
    write('apps/studio/src/ok.ts', "import { z } from 'zod';\nimport { x } from '@sorte/shared';\n");
    write('apps/web/src/features/home/ok.ts', "import { x } from '../../lib/x';\nimport { y } from './y';\n");
    write(
      'packages/fair/src/ok.ts',
      "import { createHmac } from 'node:crypto';\nimport { s } from './stream';\n",
    );
    expect(checkArchitecture(root)).toEqual([]);
  });

  it('fails on each forbidden import added to it', () => {
    write('apps/studio/src/bad.ts', "import { buildApp } from '../../server/src/app';\n");
    write('apps/web/src/bad.ts', "export { config } from '@sorte/server/config';\n");
    write('packages/fair/src/bad.ts', "import { merchants } from '@sorte/shared';\n");
    write('apps/web/src/features/home/bad.tsx', "import { Wallet } from '../wallet/components/wallet';\n");
    expect(checkArchitecture(root).sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      {
        file: 'apps/studio/src/bad.ts',
        specifier: '../../server/src/app',
        rule: 'studio must not import server',
      },
      { file: 'apps/web/src/bad.ts', specifier: '@sorte/server/config', rule: 'web must not import server' },
      {
        file: 'apps/web/src/features/home/bad.tsx',
        specifier: '../wallet/components/wallet',
        rule: 'web feature home must not import feature wallet',
      },
      {
        file: 'packages/fair/src/bad.ts',
        specifier: '@sorte/shared',
        rule: 'packages/fair must import nothing of ours',
      },
    ]);
  });

  describe('the ledger is the one door', () => {
    const { root: ledgerRoot, write: put } = fixtureTree('ledger-door');
    const server = 'apps/server/src';
    const migrations = `${server}/db/migrations`;

    it('passes the ledger naming its tables, other modules using its service, and tests reading them', () => {
      put(`${server}/modules/ledger/ledger.repository.ts`, "const q = 'select * from ledger_accounts';\n");
      put(
        `${server}/modules/bonus/bonus.service.ts`,
        "import type { LedgerService } from '../ledger/ledger.service';\n// not ledger_entries: a comment\n",
      );
      put(`${server}/modules/bonus/bonus.test.ts`, "const q = 'select count(*) from ledger_transfers';\n");
      put(
        `${migrations}/0001_ledger.sql`,
        'create function ledger_post_transfer(p bigint) returns void language plpgsql as $$\n' +
          'begin update ledger_accounts set balance = balance + p; end $$;\n',
      );
      put(
        `${migrations}/0002_bonus.sql`,
        '-- a comment naming ledger_accounts is fine\n' +
          'create function bonus_grant(p bigint) returns void language plpgsql as $$\n' +
          'begin perform ledger_post_transfer(p); end $$;\n',
      );
      expect(checkArchitecture(ledgerRoot)).toEqual([]);
    });

    it('fails on a ledger table queried, or the repository built, outside the ledger', () => {
      put(
        `${server}/modules/bonus/bonus.repository.ts`,
        'export const balance = (db) =>\n  db.query(`select balance from ledger_accounts where id = $1`);\n',
      );
      put(
        `${server}/modules/bonus/bonus.module.ts`,
        "import { LedgerRepository } from '../ledger/ledger.repository';\n",
      );
      expect(checkArchitecture(ledgerRoot)).toEqual([
        {
          file: `${server}/modules/bonus/bonus.module.ts`,
          specifier: '../ledger/ledger.repository',
          rule: "use app.ledger, not the ledger's repository",
        },
        {
          file: `${server}/modules/bonus/bonus.repository.ts`,
          specifier: 'ledger_accounts',
          rule: 'only modules/ledger touches ledger tables',
        },
      ]);
      rmSync(join(ledgerRoot, `${server}/modules/bonus/bonus.repository.ts`));
      rmSync(join(ledgerRoot, `${server}/modules/bonus/bonus.module.ts`));
    });

    it("fails on another module's SQL function that reads a ledger table, until a later migration fixes it", () => {
      put(
        `${migrations}/0003_bonus_fast.sql`,
        'create or replace function bonus_grant(p bigint) returns void language plpgsql as $f$\n' +
          'begin perform 1 from ledger_transfers t where t.id = p; perform ledger_post_transfer(p); end $f$;\n',
      );
      expect(checkArchitecture(ledgerRoot)).toEqual([
        {
          file: `${migrations} (function bonus_grant)`,
          specifier: 'ledger_transfers',
          rule: 'only ledger_* functions touch ledger tables',
        },
      ]);
      put(`${migrations}/0004_bonus_gone.sql`, 'drop function bonus_grant(bigint);\n');
      expect(checkArchitecture(ledgerRoot)).toEqual([]);
    });

    it('reads the latest body of each function across migrations', () => {
      const bodies = latestFunctionBodies([
        'create function a() returns int language sql as $$ select 1 $$;',
        'create or replace function a() returns int language sql as $body$ select 2 $body$;\n' +
          'create function b() returns int language sql as $$ select 3 $$;',
        'drop function if exists b();',
      ]);
      expect([...bodies.entries()]).toEqual([['a', ' select 2 ']]);
    });
  });
});
