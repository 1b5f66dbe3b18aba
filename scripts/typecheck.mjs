// Type-checks every workspace with its own tsconfig (the native TypeScript 7 compiler has no
// single multi-project program that mixes DOM and Node settings cleanly).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/shared',
  'packages/fair',
  'apps/server',
  'apps/web',
  'apps/console',
  'apps/studio',
  'bench',
  'e2e',
];
let failed = 0;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const run = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`typecheck: ${failed} project(s) failed`);
  process.exit(1);
}
console.log('typecheck: all projects pass');
