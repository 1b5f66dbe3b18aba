import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README says only what is true (issue 14, defect 2): checked against the code it describes. */

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');
const readme = read('README.md');

/** The text under a `## ` heading, up to the next one. */
function section(title: string): string {
  const start = readme.indexOf(`## ${title}\n`);
  expect(start, `README section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('README', () => {
  it('starts with exactly two commands, npm start and npm test', () => {
    const blocks = [...section('Quick start').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toEqual(['npm start\nnpm test\n']);
  });

  it('says npm start runs in production mode, as scripts/start.mjs does', () => {
    expect(read('scripts/start.mjs')).toMatch(/env: \{ NODE_ENV: 'production', \.\.\.process\.env \}/);
    expect(section('Quick start')).toMatch(/runs in \*\*production mode\*\*/);
    expect(readme).not.toMatch(/development is what `npm start` runs|`npm start` runs in development/i);
  });

  it("explains how to get the sandbox pay button and try a deposit, with the button's real label", () => {
    const flow = section('Trying the deposit flow (development mode)');
    expect(flow).toContain('NODE_ENV=development npm start');
    const en = JSON.parse(read('packages/shared/locales/en/common.json'));
    expect(flow).toContain(`"${en.member.deposit.sandbox.pay}"`);
    // The sandbox routes exist in development only, as the README says.
    expect(read('apps/server/src/modules/payments/payments.module.ts')).toMatch(
      /if \(app\.config\.env === 'development'\) await app\.register\(sandboxDevRoutes/,
    );
  });

  it('names no feature the site does not have (VIP, referral, missions, points mall)', () => {
    const routes = read('apps/web/src/app/routes.tsx');
    const features = [
      { name: /\bVIP\b/, route: /path: '(?:member\/)?vip'/i },
      { name: /\breferral\b/i, route: /path: '(?:member\/)?referral'/ },
      { name: /\bmissions?\b/i, route: /path: '(?:member\/)?missions?'/ },
      { name: /\bpoints? mall\b/i, route: /path: '(?:member\/)?pointMall'/ },
    ];
    for (const { name, route } of features) {
      if (!route.test(routes)) expect(readme, String(name)).not.toMatch(name);
    }
  });
});
