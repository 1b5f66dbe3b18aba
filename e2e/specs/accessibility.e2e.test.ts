import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { AxeResults, Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { submitDemoLogin } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

/**
 * An accessibility pass (issue 14): axe-core, run inside the real Chromium on the real server, over
 * the home page, a game list, the member centre and the deposit page, in both themes and at the
 * phone and desktop sizes. Every rule of WCAG 2.0/2.1/2.2 levels A and AA runs; none is disabled
 * and no element is excluded. A serious or critical violation fails the test; the full result of
 * every page (minor and moderate ones too) is kept in e2e/artifacts/accessibility-*.json.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const artifacts = resolve(import.meta.dirname, '../artifacts');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const blocking = new Set(['serious', 'critical']);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A server of its own: a failed sign-in elsewhere would make this one ask for a captcha.
  server = await startServer();
  browser = await launchBrowser();
  // A fresh database is migrated and seeded first: minutes on the shared 2-core machine.
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const main = (page: Page) => page.getByRole('main');

/**
 * Runs axe-core on the page as it stands, with the WCAG A/AA rules only. Axe is evaluated through
 * the DevTools protocol rather than added as a <script>: the site's Content-Security-Policy (rightly)
 * refuses inline scripts, and the test must not weaken it.
 */
async function audit(page: Page): Promise<AxeResults> {
  // The lobby's lower sections and the footer skip rendering while off screen (content-visibility:
  // auto); rendered here, so that axe measures them (contrast and all) like the rest of the page.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*'))
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  });
  await page.evaluate(axeSource);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    wcagTags,
  );
}

/** One line a developer can act on: where, what rule, how bad, and the elements that break it. */
function describeViolation(where: string, violation: Result): string {
  const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
  return `${where}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets}`;
}

type Audited = { name: string; path: string; ready: (page: Page) => Promise<void> };

/** The pages a guest sees, then those of the signed-in demo member. */
const guestPages: Audited[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => main(page).getByRole('region', { name: 'Hot games', exact: true }).waitFor(),
  },
  {
    name: 'game list',
    path: '/rng',
    ready: async (page) => {
      await main(page).getByRole('heading', { name: 'Slots', level: 1 }).waitFor();
      await main(page)
        .getByRole('button', { name: /^Play / })
        .first()
        .waitFor();
    },
  },
];
const memberPages: Audited[] = [
  {
    name: 'member centre',
    path: '/member',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Member centre', level: 1 }).waitFor();
      await page.getByTestId('member-balance').getByText('R$ 1,000.00').waitFor();
    },
  },
  {
    name: 'deposit',
    path: '/member/deposit',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
      await page.getByRole('radio', { name: /PIX/ }).waitFor();
    },
  },
];

async function signInAsDemo(page: Page) {
  await page.goto(`${server.url}/login`);
  await submitDemoLogin(page);
  await page.getByTestId('balance').getByText('R$ 1,000.00').waitFor();
}

const viewports: ViewportName[] = ['mobile', 'desktop'];
const themes = ['dark', 'light'] as const;

describe.each(viewports)('accessibility (%s)', (viewport) => {
  it.each(themes)(
    'home, a game list, the member centre and the deposit page have no serious or critical WCAG A/AA violation in the %s theme',
    async (theme) => {
      // Reduced motion: the pass judges the page as it rests, not a fade-in caught half way (a
      // half-transparent text would be measured at a contrast no reader ever sees).
      const { page, close } = await openPage(browser, viewport, { reducedMotion: true });
      await page.addInitScript((colour) => {
        localStorage.setItem('theme', colour);
      }, theme);
      const failures: string[] = [];
      const report: Record<string, AxeResults['violations']> = {};
      const check = async ({ name, path, ready }: Audited) => {
        await page.goto(`${server.url}${path}`);
        await ready(page);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        const results = await audit(page);
        report[name] = results.violations;
        for (const violation of results.violations) {
          if (blocking.has(violation.impact ?? ''))
            failures.push(describeViolation(`${name} (${theme}, ${viewport})`, violation));
        }
        await screenshot(page, `accessibility-${name.replace(' ', '-')}-${theme}-${viewport}`);
      };

      for (const audited of guestPages) await check(audited);
      await signInAsDemo(page);
      for (const audited of memberPages) await check(audited);

      mkdirSync(artifacts, { recursive: true });
      writeFileSync(
        join(artifacts, `accessibility-${theme}-${viewport}.json`),
        JSON.stringify(report, null, 2),
      );
      expect(failures).toEqual([]);
      await close();
    },
    240_000,
  );
});
