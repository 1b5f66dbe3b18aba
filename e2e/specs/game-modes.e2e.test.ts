import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { submitDemoLogin } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

/**
 * A house game opens in both modes of the server (issue 14, defect 1). In development mode the
 * game frames run React's development build, whose StrictMode runs every effect twice: the frame
 * must still spend its single-use launch token once, not show "This game link has expired".
 */

const root = resolve(import.meta.dirname, '../..');
const modes = ['development', 'production'] as const;
const viewports: ViewportName[] = ['mobile', 'desktop'];

/**
 * The game frames as `NODE_ENV=development npm start` builds them, into a directory of this spec
 * (the shared apps/studio/dist/web stays the production build the other specs use).
 */
function buildDevelopmentFrames(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'sorte-frames-dev-'));
  const built = spawnSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(root, 'apps/studio'), env: { ...process.env, NODE_ENV: 'development' }, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`development frames build failed:\n${built.stderr}`);
  return outDir;
}

/** Whether a frames build carries React's development build (the one with StrictMode's double effects). */
function hasReactDevelopmentBuild(dir: string): boolean {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .some((file) => readFileSync(join(assets, file), 'utf8').includes('StrictMode'));
}

/** startServer stops waiting after a minute; on a busy machine migrations and the seed take longer. */
async function ready(server: RunningServer): Promise<RunningServer> {
  for (let waited = 0; waited < 400_000; waited += 500) {
    const up = await fetch(`${server.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not ready:\n${server.output()}`);
}

let developmentFrames = '';
let browser: Browser;

beforeAll(async () => {
  developmentFrames = buildDevelopmentFrames();
  expect(hasReactDevelopmentBuild(developmentFrames)).toBe(true);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (developmentFrames) rmSync(developmentFrames, { recursive: true, force: true });
});

describe.each(modes)('a house game in %s mode', (mode) => {
  // One server at a time (2 cores): this mode's, with its frames.
  let server: RunningServer;
  beforeAll(async () => {
    const frames: Record<string, string> =
      mode === 'development' ? { STUDIO_WEB_DIST_DIR: developmentFrames } : {};
    server = await ready(await startServer({ NODE_ENV: mode, ...frames }));
  }, 480_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each(viewports)(
    'opens from the lobby for the demo member (%s)',
    async (viewport) => {
      const { page, problems, close } = await openPage(browser, viewport);
      // A development server answers slower (unminified bundles, development React): no rush.
      page.setDefaultTimeout(90_000);
      await page.goto(server.url);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await submitDemoLogin(page);

      await page.goto(`${server.url}/bonus`);
      await page.getByRole('button', { name: 'Play Dice', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Dice' });
      const frame = dialog.frameLocator('iframe');
      const expired = frame.getByRole('heading', { name: 'This game link has expired' });
      const roll = frame.getByRole('button', { name: 'Roll', exact: true });
      await roll.or(expired).first().waitFor({ timeout: 90_000 });
      await screenshot(page, `game-modes-dice-${mode}-${viewport}`, { fullPage: false });
      expect(await expired.count()).toBe(0);
      await frame.getByTestId('studio-balance').waitFor();

      // The game plays: a roll lands among the recent results.
      await roll.click();
      await frame.getByRole('list', { name: 'Recent results' }).getByRole('listitem').first().waitFor();
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
      await close();
    },
    400_000,
  );
});
