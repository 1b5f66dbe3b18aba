import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { reportOnFailure } from './failure-report';

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

const artifacts = resolve(import.meta.dirname, '../artifacts');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page at a viewport that records console errors and failed requests, so a spec can assert none.
 * The popup announcements (shown once per session to guests, members and first-login members) start
 * out closed, as for a visitor who has already closed them, so they do not stand in front of what a
 * spec is testing; `{ popups: true }` lets them show.
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: { popups?: boolean; reducedMotion?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  if (!options.popups) {
    await context.addInitScript(() => {
      try {
        window.sessionStorage.setItem('closedPopups', 'A,B,F');
      } catch {
        // No storage (opaque origins): nothing to close.
      }
    });
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  reportOnFailure(page);
  return { page, problems, close: () => context.close() };
}

/** Saves a full-page screenshot under e2e/artifacts/ (kept by CI as a test artefact). */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  // Finished animations: a popup caught mid fade-in would look washed out. A popup is shot as the
  // screen shows it (fullPage: false), since its backdrop covers the screen, not the whole page.
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return path;
}
