import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The stamps `npm start` (scripts/lib/steps.mjs) compares with the last build's, under `env`. */
function stampsUnder(env: Record<string, string | undefined>): { web: string; studio: string } {
  const script = `import('./scripts/lib/steps.mjs').then((steps) =>
    console.log(JSON.stringify({ web: steps.webBuildStamp(), studio: steps.studioBuildStamp() })))`;
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim()) as { web: string; studio: string };
}

describe('npm start build stamps', () => {
  it('rebuild the web app and the game frames after a development run when a plain npm start follows', () => {
    const development = stampsUnder({ NODE_ENV: 'development' });
    const plain = stampsUnder({});
    // React's development build (double effects, no minification) must not be served by a plain start.
    expect(plain.web).not.toBe(development.web);
    expect(plain.studio).not.toBe(development.studio);
    // The same sources in the same mode need no rebuild: npm start (which forces production) and a
    // plain start share a stamp.
    expect(stampsUnder({ NODE_ENV: 'production' })).toEqual(plain);
  });
});
