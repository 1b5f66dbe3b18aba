import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { submitDemoLogin } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

/** The lobby on the real server: every merchant in its languages, favourites, popups and game lists. */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A server of its own: a failed login elsewhere would make this spec's login ask for a captcha.
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const viewports: ViewportName[] = ['mobile', 'desktop'];
const merchants = [
  { code: 'BR', symbol: 'R$', languages: ['EN', 'PT'] },
  { code: 'MX', symbol: 'MX$', languages: ['EN', 'ES'] },
  { code: 'BD', symbol: '৳', languages: ['EN', 'BN'] },
] as const;

type Catalog = Record<string, unknown>;
const catalogs = new Map<string, Catalog>();
function catalog(lang: string): Catalog {
  const code = lang.toLowerCase();
  let value = catalogs.get(code);
  if (!value) {
    const path = resolve(import.meta.dirname, `../../packages/shared/locales/${code}/common.json`);
    value = JSON.parse(readFileSync(path, 'utf8')) as Catalog;
    catalogs.set(code, value);
  }
  return value;
}
/** A text of the web app's catalog, e.g. text('PT', 'games.types.HOT'). */
function text(lang: string, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalog)?.[part], catalog(lang));
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return value;
}
function flatten(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Catalog).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}

type Notice = { id: number; title: string };
type Announcements = { banners: Notice[]; player: Notice[]; popup: Notice[]; promotion: Notice[] };
/** A lobby read as a visitor of that merchant in that language. */
async function read<T>(path: string, merchantCode: string, lang: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { lang: lang.toLowerCase(), merchantCode },
  });
  const envelope = (await response.json()) as { success: boolean; value: T };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.value;
}

/**
 * Opens a page as a visitor of a merchant, in a language and theme (stored as the app stores them,
 * before its first load). Reduced motion keeps carousels still, so screenshots show whole tiles.
 */
async function visit(
  viewport: ViewportName,
  { merchant = 'BR', lang = 'EN', theme = 'dark', popups = false } = {},
) {
  const opened = await openPage(browser, viewport, { popups, reducedMotion: true });
  await opened.page.addInitScript(
    ([merchantCode, language, colour]) => {
      if (localStorage.getItem('merchantCode')) return;
      localStorage.setItem('merchantCode', merchantCode as string);
      localStorage.setItem('lang', language as string);
      localStorage.setItem('theme', colour as string);
    },
    [merchant, lang, theme],
  );
  return opened;
}

/** Loads the lazy pictures further down, and comes back to the top. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

async function brokenImages(page: Page) {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.src),
  );
}

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });

describe.each(viewports)('lobby home (%s)', (viewport) => {
  for (const merchant of merchants) {
    for (const lang of merchant.languages) {
      it(`shows the ${merchant.code} home in ${lang}: banners, notices, promotions, jackpot, winners, games`, async () => {
        const { page, problems, close } = await visit(viewport, { merchant: merchant.code, lang });
        const content = await read<Announcements>(
          '/wps/relay/announcements?types=B,PR&platform=W',
          merchant.code,
          lang,
        );
        await page.goto(server.url);
        const hot = section(page, text(lang, 'games.types.HOT'));
        await hot.waitFor();
        await section(page, text(lang, 'games.types.RNG')).waitFor();
        await main(page)
          .getByRole('heading', { name: text(lang, 'promotions.title'), exact: true })
          .waitFor();
        await main(page)
          .getByRole('heading', { name: text(lang, 'lobby.winners') })
          .waitFor();
        // The marquee and the promotions come in the visitor's language.
        await main(page).getByRole('button', { name: content.banners[0]?.title, exact: true }).waitFor();
        await main(page).getByRole('link', { name: content.promotion[0]?.title }).first().waitFor();
        // Money in the merchant's currency with 2 decimals.
        const jackpot = (await page.getByTestId('jackpot').textContent()) ?? '';
        expect(jackpot).toContain(merchant.symbol);
        expect(jackpot).toMatch(/[.,]\d{2}$/);
        const winners = main(page).getByRole('list', { name: text(lang, 'lobby.winners') });
        expect(await winners.getByRole('listitem').count()).toBe(9);
        expect(await winners.getByRole('listitem').first().textContent()).toContain(merchant.symbol);
        expect(await hot.getByText(text(lang, 'games.playNow')).count()).toBeGreaterThan(0);
        await settle(page);
        expect(await brokenImages(page)).toEqual([]);
        await screenshot(page, `lobby-home-${merchant.code}-${lang}-${viewport}-dark`);
        expect(problems).toEqual([]);
        await close();
      });
    }
  }

  it('looks right in the light theme', async () => {
    const { page, problems, close } = await visit(viewport, { theme: 'light', lang: 'PT' });
    await page.goto(server.url);
    await section(page, text('PT', 'games.types.HOT')).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await settle(page);
    await screenshot(page, `lobby-home-BR-PT-${viewport}-light`);
    expect(problems).toEqual([]);
    await close();
  });

  it('changes every visible text when the visitor switches to Portuguese', async () => {
    const { page, problems, close } = await visit(viewport, { merchant: 'BR', lang: 'EN' });
    const [en, pt] = await Promise.all([
      read<Announcements>('/wps/relay/announcements?types=B,PR&platform=W', 'BR', 'EN'),
      read<Announcements>('/wps/relay/announcements?types=B,PR&platform=W', 'BR', 'PT'),
    ]);
    const enGames = await read<{ gameName: string }[]>('/wps/relay/hotGames', 'BR', 'EN');
    const ptGames = await read<{ gameName: string }[]>('/wps/relay/hotGames', 'BR', 'PT');
    await page.goto(server.url);
    await section(page, text('EN', 'games.types.HOT')).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, as a person reads it.
    const before = await page.locator('body').innerText();

    await page.getByLabel('Language').selectOption('PT');
    await section(page, text('PT', 'games.types.HOT')).waitFor();
    await main(page).getByRole('button', { name: pt.banners[0]?.title, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    // biome-ignore lint/performance/useDomNodeTextContent: as above.
    const after = await page.locator('body').innerText();
    expect(await page.locator('html').getAttribute('lang')).toBe('pt');

    // The interface's own words: every EN text seen before is gone, unless Portuguese uses the same
    // words somewhere (brand, "Crash", "E-sports"…).
    const ptValues = new Set(flatten(catalog('PT')).map(([, value]) => value));
    const enOnly = flatten(catalog('EN'))
      .map(([, value]) => value)
      .filter((value) => !value.includes('{{') && value.length >= 4 && !ptValues.has(value));
    const shownInEnglish = enOnly.filter((value) => contains(before, value));
    expect(shownInEnglish.length).toBeGreaterThan(10);
    expect(shownInEnglish.filter((value) => contains(after, value))).toEqual([]);
    // Key labels in Portuguese.
    for (const key of [
      'games.types.HOT',
      'games.moreGames',
      'games.playNow',
      'promotions.title',
      'lobby.winners',
    ]) {
      expect(contains(after, text('PT', key)), key).toBe(true);
    }
    // And the server's words: notices, promotions and game names.
    const serverEnglish = [
      ...en.banners.map((n) => n.title),
      ...en.promotion.map((p) => p.title),
      ...enGames.map((g) => g.gameName),
    ].filter((value) => !ptGames.some((g) => g.gameName === value));
    const seen = serverEnglish.filter((value) => contains(before, value));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((value) => contains(after, value))).toEqual([]);
    await settle(page);
    await screenshot(page, `lobby-home-switched-to-PT-${viewport}`);
    expect(problems).toEqual([]);
    await close();
  });
});

/** A whole word or phrase, not part of a longer word. */
function contains(haystack: string, needle: string) {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);
}

describe.each(viewports)('announcements (%s)', (viewport) => {
  it('pages the announcement popup 9 titles at a time: page 2 shows the 10th to 12th', async () => {
    const { page, problems, close } = await visit(viewport);
    const { player } = await read<Announcements>('/wps/relay/announcements?types=PL&platform=W', 'BR', 'EN');
    expect(player).toHaveLength(12);
    await page.goto(server.url);
    await main(page).getByRole('button', { name: 'Announcements', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Announcements' });
    const titles = dialog.getByRole('list', { name: 'Titles' }).getByRole('button');
    await titles.first().waitFor();
    expect(await titles.count()).toBe(9);
    expect(await titles.first().textContent()).toContain(player[0]?.title);
    await screenshot(page, `lobby-announcements-page-1-${viewport}`, { fullPage: false });
    await dialog
      .getByRole('navigation', { name: 'Announcement pages' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await titles.nth(2).waitFor();
    expect(await titles.count()).toBe(3);
    for (const [index, notice] of player.slice(9).entries()) {
      expect(await titles.nth(index).textContent()).toContain(notice.title);
    }
    await titles.nth(1).click();
    await dialog.getByRole('article').getByRole('heading', { name: player[10]?.title }).waitFor();
    await screenshot(page, `lobby-announcements-page-2-${viewport}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await close();
  });

  it('opens the notice popup on the notice clicked in the marquee', async () => {
    const { page, problems, close } = await visit(viewport);
    const { banners } = await read<Announcements>('/wps/relay/announcements?types=B&platform=W', 'BR', 'EN');
    await page.goto(server.url);
    const second = banners[1] as Notice;
    await main(page)
      .getByRole('list', { name: 'Notices' })
      .getByRole('button', { name: second.title })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Notices' });
    await dialog.getByRole('article').getByRole('heading', { name: second.title }).waitFor();
    expect(
      await dialog.getByRole('button', { name: second.title }).first().getAttribute('aria-current'),
    ).toBe('true');
    await screenshot(page, `lobby-notice-popup-${viewport}`, { fullPage: false });
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the guest popup announcement once per session', async () => {
    const { page, problems, close } = await visit(viewport, { popups: true });
    const { popup } = await read<Announcements>(
      '/wps/relay/announcements?types=PU&platform=W&execution=B',
      'BR',
      'EN',
    );
    await page.goto(server.url);
    const dialog = page.getByRole('dialog', { name: popup[0]?.title });
    await dialog.waitFor();
    await screenshot(page, `lobby-popup-guest-${viewport}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await section(page, 'Hot games').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});

describe.each(viewports)('game pages (%s)', (viewport) => {
  it('opens the target of a banner when it is clicked (here a site path)', async () => {
    const { page, problems, close } = await visit(viewport);
    const banners = await read<{ linkageType: string; link: string }[]>(
      '/wps/relay/banners?groupName=w_home',
      'BR',
      'EN',
    );
    const first = banners[0] as { linkageType: string; link: string };
    expect(first.linkageType).toBe('ROUTE');
    await page.goto(server.url);
    const carousel = main(page).getByRole('region', { name: 'Featured' });
    await carousel.getByRole('button', { name: 'Featured offer 1' }).click();
    await page.waitForURL(`${server.url}${first.link}`);
    await main(page).getByRole('heading', { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('lists the bonus games on /rng?vassalage=WW, with vendor tabs and a search by name', async () => {
    const { page, problems, close } = await visit(viewport);
    await page.goto(`${server.url}/rng?vassalage=WW`);
    await main(page).getByRole('heading', { name: 'Bonus games', level: 1 }).waitFor();
    await main(page)
      .getByRole('button', { name: /^Play Mines(?! with play money)/ })
      .waitFor();
    expect(
      await main(page)
        .getByRole('button', { name: /^Play (?!.*with play money)/ })
        .count(),
    ).toBe(4);
    expect(
      await main(page).getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await settle(page);
    await screenshot(page, `lobby-bonus-list-${viewport}`);
    await main(page).getByLabel('Search games').fill('lim');
    // The list is replaced by the search result (loading in between): Mines goes, Limbo stays.
    await main(page)
      .getByRole('button', { name: /^Play Mines(?! with play money)/ })
      .waitFor({ state: 'detached' });
    await main(page).getByRole('button', { name: 'Play Limbo', exact: true }).waitFor();
    expect(
      await main(page)
        .getByRole('button', { name: /^Play (?!.*with play money)/ })
        .count(),
    ).toBe(1);
    await main(page).getByLabel('Search games').fill('zzz');
    await main(page).getByText('No games match “zzz”').waitFor();
    await screenshot(page, `lobby-search-empty-${viewport}`);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows a friendly empty game centre for a category without providers', async () => {
    const { page, problems, close } = await visit(viewport, { lang: 'PT' });
    await page.goto(`${server.url}/sports`);
    await main(page).getByText('Esportes chega em breve').waitFor();
    await screenshot(page, `lobby-sports-empty-${viewport}`);
    expect(problems).toEqual([]);
    await close();
  });

  it('jumps to and highlights the promotion of the address hash', async () => {
    const { page, problems, close } = await visit(viewport);
    const { promotion } = await read<Announcements>(
      '/wps/relay/announcements?types=PR&platform=W',
      'BR',
      'EN',
    );
    const target = promotion[2] as Notice;
    await page.goto(`${server.url}/promotions#${target.id}`);
    const article = main(page).getByRole('article', { name: target.title });
    await article.waitFor();
    await page.waitForFunction((id) => document.activeElement?.id === `promotion-${id}`, target.id);
    // Scrolled into view (the list loads after the page, so the jump comes when it is there).
    await page.waitForFunction((id) => {
      const top = document.getElementById(`promotion-${id}`)?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    }, target.id);
    await screenshot(page, `lobby-promotions-${viewport}`, { fullPage: false });
    expect(problems).toEqual([]);
    await close();
  });
});

describe('favourites and starting a game', () => {
  it('asks a guest to log in, then toggles a favourite that persists and lists it on /favorite', async () => {
    const { page, problems, close } = await visit('mobile');
    await page.goto(server.url);
    const slots = section(page, 'Slots');
    const heart = slots.getByRole('button', { name: 'Favourite: Lucky Sevens' });
    await heart.click();
    const login = page.getByRole('dialog', { name: 'Login', exact: true });
    await login.waitFor();
    await submitDemoLogin(page);

    // Signing in loads the member's favourites; let that settle so the press is not raced by it.
    await page.waitForLoadState('networkidle');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('true');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'lobby-favourite-on-mobile');
    await page.reload();
    await section(page, 'Slots')
      .getByRole('button', { name: 'Favourite: Lucky Sevens', pressed: true })
      .waitFor();

    await page.goto(`${server.url}/favorite`);
    const listed = main(page).getByRole('button', { name: 'Favourite: Lucky Sevens' });
    await listed.waitFor();
    await screenshot(page, 'lobby-favorites-page-mobile');
    // Un-hearted on the list, the game leaves it at once.
    await listed.click();
    await main(page).getByText('No favourites yet').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it("opens a game for a member, or shows the server's reason with other games to try", async () => {
    const { page, problems, close } = await visit('desktop');
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await submitDemoLogin(page);
    await section(page, 'Slots').getByRole('button', { name: 'Play Lucky Sevens' }).click();
    const game = page.getByRole('dialog', { name: 'Lucky Sevens' });
    const refused = page.getByRole('alertdialog', { name: 'Lucky Sevens' });
    await game.or(refused).first().waitFor();
    if (await refused.count()) {
      // Seeded games answer 'Game maintenance' until the studio serves them (spec: suggest others).
      await refused.getByText('Why not try one of these?').waitFor();
      await screenshot(page, 'lobby-game-maintenance-desktop', { fullPage: false });
      await refused.getByRole('button', { name: 'OK' }).click();
    } else {
      await game.locator('iframe').waitFor();
      await screenshot(page, 'lobby-game-popup-desktop', { fullPage: false });
      // A house game's popup has one header, the frame's: its back link closes the popup.
      await game.frameLocator('iframe').getByRole('link', { name: 'Back to the lobby' }).click();
    }
    await game.or(refused).first().waitFor({ state: 'detached' });
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await close();
  });
});
