import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName, viewports } from '../support/browser';
import { signInAsDemo } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

/**
 * Issue 14's lobby habits on the real server: the search over every category from the home page,
 * the phones' bottom tab bar (and its absence on a desktop), and the member centre's own games.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const english = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../packages/shared/locales/en/common.json'), 'utf8'),
) as { games: { types: Record<string, string> } };

type GameCard = { nodeId: number; gameName: string; gameType: string; vendorName: string };

async function gameList(query: string): Promise<{ content: GameCard[]; total: number }> {
  const response = await fetch(`${server.url}/wps/relay/gameList?${query}`, { headers: { lang: 'en' } });
  return ((await response.json()) as { value: { content: GameCard[]; total: number } }).value;
}

async function logIn(page: Page) {
  await signInAsDemo(page, server.url);
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main sections' });

describe.each<ViewportName>(['mobile', 'desktop'])('lobby habits (%s)', (viewport) => {
  it('searches every category from the home page and names the category of each game', async () => {
    // The defect: the Slots page searches Slots only, so its search cannot find dice.
    expect((await gameList('gameType=RNG&keyword=dice')).total).toBe(0);
    const [dice] = (await gameList('keyword=dice')).content;
    expect(dice).toBeDefined();
    const category = english.games.types[dice?.gameType ?? ''];

    const { page, problems, close } = await openPage(browser, viewport);
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    await page.getByRole('button', { name: 'Search all games' }).click();
    const search = page.getByRole('dialog', { name: 'Search all games' });
    // The field takes the focus as the dialog opens: typing goes straight into it (on a busy machine
    // the focus can land after the dialog shows, and keys typed before it are lost).
    const field = search.getByRole('searchbox', { name: 'Game name' });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('dice');
    const result = search.getByRole('button', {
      name: `${dice?.gameName} (${dice?.vendorName}), in ${category}`,
    });
    await result.waitFor();
    expect(await result.getByText(category as string, { exact: true }).isVisible()).toBe(true);
    await search.getByText(/games? for “dice”/).waitFor();
    await screenshot(page, `lobby-search-${viewport}`, { fullPage: false });

    // A guest choosing a game is asked to log in, as from its tile.
    await result.click();
    await page.getByRole('dialog', { name: 'Login', exact: true }).waitFor();
    expect(await search.count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('carries the main sections in a bottom tab bar on a phone only', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    if (viewport === 'desktop') {
      // The spec's header and side menu carry the navigation; no tab bar.
      await page.getByRole('navigation', { name: 'Game types' }).waitFor();
      expect(await tabBar(page).count()).toBe(0);
      await screenshot(page, `lobby-tab-bar-${viewport}`, { fullPage: false });
      expect(problems).toEqual([]);
      await close();
      return;
    }
    const bar = tabBar(page);
    await bar.waitFor();
    expect(await bar.getByRole('listitem').allTextContents()).toEqual([
      'Home',
      'Games',
      'Deposit',
      'Promotions',
      'Account',
    ]);
    expect(await bar.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // At the bottom of the screen, within thumb reach.
    const box = await bar.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewports.mobile.height);
    await screenshot(page, `lobby-tab-bar-${viewport}`, { fullPage: false });

    // Scrolled to the end, the footer's last line stays above the bar.
    await page.getByRole('contentinfo').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page
      .getByRole('contentinfo')
      .evaluate((footer) => footer.getBoundingClientRect().bottom);
    const barTop = await bar.evaluate((nav) => nav.getBoundingClientRect().top);
    expect(footerBottom).toBeLessThanOrEqual(barTop + 1);
    // The scroll-to-top button rides above the bar, never over a tab.
    const toTop = page.getByRole('button', { name: 'Back to top' });
    await toTop.waitFor();
    await toTop.evaluate((button) => Promise.all(button.getAnimations().map((a) => a.finished)));
    const toTopBottom = await toTop.evaluate((button) => button.getBoundingClientRect().bottom);
    expect(toTopBottom).toBeLessThanOrEqual(barTop);
    await screenshot(page, `lobby-tab-bar-${viewport}-end`, { fullPage: false });

    // By keyboard: Promotions opens and is marked.
    await bar.getByRole('link', { name: 'Promotions' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/promotions`);
    expect(await bar.getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    // A guest's account tab asks to log in first.
    await bar.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/promotions');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('member centre: my games (mobile)', () => {
  it('lists the games the member played and the favourites, kept on the server', async () => {
    const { page, problems, close } = await openPage(browser, 'mobile');
    await logIn(page);
    const [dice] = (await gameList('keyword=dice')).content;
    // Play it once (the launch records it as the member's most recent game) and heart it.
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const headers = { token: token ?? '', 'content-type': 'application/json' };
    const launch = await fetch(`${server.url}/wps/game/launchGame?game=${dice?.nodeId}`, { headers });
    expect(launch.status).toBe(200);
    const heart = await fetch(`${server.url}/wps/relay/favorites`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ nodeId: dice?.nodeId }),
    });
    expect(heart.status).toBe(200);
    // A fresh page: the lobby read the (then empty) lists at sign-in.
    await page.reload();
    await page.getByTestId('balance').waitFor();

    await tabBar(page).getByRole('link', { name: 'Account' }).click();
    const games = page.getByRole('region', { name: 'My games' }).first();
    await games.getByRole('link', { name: 'Recently played' }).click();
    await page.getByRole('heading', { name: 'Recently played', level: 1 }).waitFor();
    await page.getByRole('button', { name: `Play ${dice?.gameName}` }).waitFor();
    await screenshot(page, 'member-recent-mobile');
    await page.goto(`${server.url}/member`);
    await page
      .getByRole('region', { name: 'My games' })
      .first()
      .getByRole('link', { name: 'Favourites' })
      .click();
    await page.getByRole('heading', { name: 'Favourites', level: 1 }).waitFor();
    await page.getByRole('button', { name: `Play ${dice?.gameName}` }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});
