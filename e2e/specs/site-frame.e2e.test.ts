import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

// The operator API sets maintenance and region rules; the trusted CDN header says where a visitor is.
const operatorKey = 'site-frame-e2e-operator-key-0123456789';
const env = { OPERATOR_API_KEY: operatorKey, GEO_COUNTRY_HEADER: 'cf-ipcountry' };
const viewports: ViewportName[] = ['mobile', 'desktop'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(env);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function operator(path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-operator-key': operatorKey, lang: 'en' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
}

/** Console errors other than the browser's own line for an HTTP error answer. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes('Failed to load resource'));

/**
 * A page that looks like a visitor from `country` (the trusted CDN header) with the given stored
 * merchant, and without the lobby's one-per-session announcement popups (another feature), so the
 * frame is what these tests look at.
 */
async function visitor(viewport: ViewportName, options: { country?: string; merchantCode?: string } = {}) {
  const opened = await openPage(browser, viewport);
  const context = opened.page.context();
  if (options.country) await context.setExtraHTTPHeaders({ 'cf-ipcountry': options.country });
  await context.addInitScript((merchantCode) => {
    if (!sessionStorage.getItem('closedPopups')) sessionStorage.setItem('closedPopups', 'A,B,F');
    if (merchantCode && !localStorage.getItem('merchantCode'))
      localStorage.setItem('merchantCode', merchantCode);
  }, options.merchantCode ?? null);
  return opened;
}

/** What the screen shows, not the whole page: a drawer or popup fixed over a long page. */
async function screenshotViewport(page: Page, name: string) {
  const artifacts = resolve(import.meta.dirname, '../artifacts');
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), animations: 'disabled' });
}

const gameTypes = (page: Page) => page.getByRole('navigation', { name: 'Game types' });

describe.each(viewports)('site frame (%s)', (viewport) => {
  it('replaces the site with the maintenance page, in the visitor language, with the configured links', async () => {
    await operator('/ops/system/maintenance', {
      merchantCode: 'BD',
      maintenance: {
        title: { EN: 'Scheduled maintenance', BN: 'নির্ধারিত রক্ষণাবেক্ষণ' },
        info: {
          EN: 'We are upgrading our payment systems.\nWe will be back at 14:00.',
          BN: 'আমরা পেমেন্ট সিস্টেম উন্নত করছি।',
        },
        links: {
          telegram: 'https://t.me/sorte_bd_demo',
          instagram: 'https://www.instagram.com/sorte_bd_demo',
          customerService: 'https://support.sorte.example/bd',
        },
      },
    });
    const { page, problems, close } = await visitor(viewport, { merchantCode: 'BD' });
    try {
      await page.goto(`${server.url}/helpmc`);
      await page.getByRole('heading', { name: 'Scheduled maintenance' }).waitFor();
      await page.getByText('We are upgrading our payment systems.').waitFor();
      expect(await page.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
        'https://support.sorte.example/bd',
      );
      expect(await page.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe(
        'https://t.me/sorte_bd_demo',
      );
      expect(await page.getByRole('link', { name: 'Instagram' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Facebook' }).count()).toBe(0);
      expect(await gameTypes(page).count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      await screenshot(page, `site-frame-maintenance-${viewport}`);

      await page.getByLabel('Language').selectOption('BN');
      await page.getByRole('heading', { name: 'নির্ধারিত রক্ষণাবেক্ষণ' }).waitFor();
      await page.getByRole('link', { name: 'গ্রাহক সেবা' }).waitFor();
      await screenshot(page, `site-frame-maintenance-bn-${viewport}`);

      // Maintenance ends: the site opens without a reload within one status poll at most; a reload shows it at once.
      await operator('/ops/system/maintenance', { merchantCode: 'BD', maintenance: null });
      await page.reload();
      // Still in Bengali: the choice made on the maintenance page is kept.
      await page.getByRole('navigation', { name: 'গেমের ধরন' }).waitFor();
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await operator('/ops/system/maintenance', { merchantCode: 'BD', maintenance: null });
      await close();
    }
  });

  it('shows the region-blocked page with the visitor IP when the merchant does not serve the country', async () => {
    await operator('/ops/system/region', { merchantCode: 'MX', allowedCountries: ['MX'] });
    const { page, problems, close } = await visitor(viewport, { merchantCode: 'MX', country: 'US' });
    try {
      await page.goto(`${server.url}/`);
      const blocked = page.getByRole('region', { name: 'Access restricted' });
      await blocked.waitFor();
      expect(await blocked.getByTestId('visitor-ip').textContent()).toBe('127.0.0.1');
      await blocked.getByText('US', { exact: true }).waitFor();
      expect(await blocked.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
        'https://support.sorte.example/mx',
      );
      expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
      // The United States have no merchant of their own: nothing to switch to.
      expect(await blocked.getByRole('button', { name: /Go to Sorte/ }).count()).toBe(0);
      await screenshot(page, `site-frame-region-blocked-${viewport}`);
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await operator('/ops/system/region', { merchantCode: 'MX', allowedCountries: null });
      await close();
    }
  });

  it('lists the game types with a vendor drop-down that leads to the filtered list', async () => {
    const { page, problems, close } = await visitor(viewport, { merchantCode: 'BR' });
    try {
      await page.goto(`${server.url}/helpmc`);
      const nav = gameTypes(page);
      await nav.getByRole('link', { name: 'Slots' }).waitFor();
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'Lobby',
        'Slots',
        'Bonus games',
        'Crash',
        'Promotions',
      ]);
      await nav.getByRole('button', { name: 'Slots providers' }).click();
      const vendors = page.getByRole('region', { name: 'Slots providers' });
      await vendors.getByRole('link', { name: 'Sorte Originals' }).waitFor();
      await screenshotViewport(page, `site-frame-vendor-menu-${viewport}`);
      // A full-page screenshot may leave the page scrolled; the menu sits at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.keyboard.press('Escape');
      await vendors.waitFor({ state: 'detached' });

      await nav.getByRole('button', { name: 'Crash providers' }).click();
      expect(
        await page
          .getByRole('region', { name: 'Crash providers' })
          .getByRole('link', { name: 'Sorte Originals' })
          .getAttribute('href'),
      ).toBe('/crash');
      await nav.getByRole('button', { name: 'Slots providers' }).click();
      await page
        .getByRole('region', { name: 'Slots providers' })
        .getByRole('link', { name: 'Sorte Originals' })
        .click();
      await page.waitForURL(`${server.url}/rng?vassalage=SORTE`);
      await nav.locator('a[aria-current="page"]', { hasText: 'Slots' }).waitFor();
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the side menu (drawer on a phone, rail on a desktop) and the footer', async () => {
    const { page, problems, close } = await visitor(viewport, { merchantCode: 'BR' });
    try {
      await page.goto(`${server.url}/helpmc`);
      await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
      const menu =
        viewport === 'mobile'
          ? page.getByRole('dialog', { name: 'Side menu' })
          : page.getByRole('complementary', { name: 'Side menu' });
      if (viewport === 'mobile') {
        expect(await page.getByRole('complementary', { name: 'Side menu' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      const bonus = menu.getByRole('link', { name: 'Bonus', exact: true });
      await bonus.waitFor();
      expect(await bonus.getAttribute('href')).toBe('/rng?vassalage=WW');
      await menu.getByRole('link', { name: 'Open the featured offer' }).waitFor();
      // A guest has nobody to invite with (only agents have invitation links): no entry to nowhere.
      expect(await menu.getByRole('link', { name: 'Invite friends' }).count()).toBe(0);
      await menu.getByRole('img', { name: 'QR code for the iOS app' }).waitFor();
      await menu.getByRole('img', { name: 'QR code for the Android app' }).waitFor();
      // The codes lead to the site's own app download page, with the language and never the token.
      const appLinks = await menu
        .locator('a[href^="/app?"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(appLinks).toEqual(['/app?lang=EN&os=ios', '/app?lang=EN&os=android']);
      if (viewport === 'mobile') await screenshotViewport(page, `site-frame-side-menu-${viewport}`);
      else await screenshot(page, `site-frame-side-menu-${viewport}`);
      if (viewport === 'mobile') {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }

      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      const socials = footer.getByRole('list', { name: 'Follow us' });
      expect(
        await socials
          .getByRole('link')
          .evaluateAll((links) => links.map((l) => l.getAttribute('aria-label'))),
      ).toEqual(['Facebook', 'Instagram', 'WhatsApp', 'Telegram']);
      await footer
        .getByRole('navigation', { name: 'Products' })
        .getByRole('link', { name: 'Crash' })
        .waitFor();
      await footer.getByRole('link', { name: 'How do I create an account?' }).waitFor();
      await footer.getByRole('link', { name: 'Customer service' }).waitFor();
      await footer.getByText('18+', { exact: true }).waitFor();
      await screenshot(page, `site-frame-footer-${viewport}`);

      // The frame in the light theme, equal in quality.
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotViewport(page, `site-frame-light-${viewport}`);

      // A help article from the footer opens in the help centre.
      await footer.getByRole('link', { name: 'I forgot my password' }).click();
      await page.waitForURL(/\/helpmc#help-\d+$/);
      await page.locator('details[open]').getByText('Forgot password').first().waitFor();
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('asks a visitor from Mexico to switch region, and the site reloads in Mexican pesos', async () => {
    // Brazil open to every country (by default each merchant serves its own): the site opens and
    // the region picker asks by itself, as the country suggests another merchant.
    await operator('/ops/system/region', { merchantCode: 'BR', allowedCountries: null });
    const { page, problems, close } = await visitor(viewport, { country: 'MX' });
    try {
      await page.goto(`${server.url}/helpmc`);
      const dialog = page.getByRole('dialog', { name: 'Choose your region' });
      await dialog.getByText('You seem to be visiting from Mexico.', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Region: Brazil, BRL' }).textContent()).toContain('BRL');
      await screenshotViewport(page, `site-frame-region-picker-${viewport}`);
      await dialog.getByRole('button', { name: /Mexico/ }).click();
      await page.waitForURL(`${server.url}/`);
      const region = page.getByRole('button', { name: 'Region: Mexico, MXN' });
      await region.waitFor();
      expect(await region.textContent()).toContain('MXN');
      expect(await page.evaluate(() => localStorage.getItem('merchantCode'))).toBe('MX');
      expect(await page.getByRole('dialog', { name: 'Choose your region' }).count()).toBe(0);
      await page.goto(`${server.url}/helpmc`);
      await region.waitFor();
      await screenshot(page, `site-frame-region-mexico-${viewport}`);
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await operator('/ops/system/region', { merchantCode: 'BR', allowedCountries: ['BR'] });
      await close();
    }
  });

  it('offers a visitor from Mexico blocked on the Brazilian site the way to the Mexican one', async () => {
    const { page, problems, close } = await visitor(viewport, { country: 'MX' });
    try {
      await page.goto(`${server.url}/helpmc`);
      const blocked = page.getByRole('region', { name: 'Access restricted' });
      const offer = blocked.getByRole('button', { name: /Go to Sorte Mexico/ });
      await offer.waitFor();
      await screenshot(page, `site-frame-region-offer-${viewport}`);
      await offer.click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('button', { name: 'Region: Mexico, MXN' }).waitFor();
      await gameTypes(page).waitFor();
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('frame routes', () => {
  it('sends a visitor without a session from a lottery page to the login popup', async () => {
    const { page, close } = await visitor('mobile', { merchantCode: 'BR' });
    try {
      await page.goto(`${server.url}/vnLottery?gameCode=VN1`);
      await page.waitForURL(`${server.url}/login`);
      await page.getByRole('dialog', { name: 'Login', exact: true }).waitFor();
    } finally {
      await close();
    }
  });
});
