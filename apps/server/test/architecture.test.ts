import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArchitecture, importsOf } from './architecture/check';

const repository = fileURLToPath(new URL('../../..', import.meta.url));

describe('architecture (ARCHITECTURE.md, the "never" lines)', () => {
  it('holds in this repository', () => {
    expect(checkArchitecture(repository)).toEqual([]);
  });
});

describe('the architecture check', () => {
  const root = mkdtempSync(join(tmpdir(), 'sorte-architecture-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

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
});
