import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { submitDemoLogin } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

/**
 * The studio's game frames on the real server, embedded under /studio: the demo member opens crash
 * from the lobby, bets and cashes out while the lobby's header balance follows without a reload;
 * plays dice (and checks it on the verify page after rotating the seeds) and mines; and every
 * game frame is photographed on a phone and a desktop.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A server of its own: the studio's crash engine and the demo member's balance are this spec's.
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const viewports: ViewportName[] = ['mobile', 'desktop'];
const artifacts = resolve(import.meta.dirname, '../artifacts');

/** What the screen shows now (a popup and its game, not the page under the backdrop). */
async function screen(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), animations: 'disabled' });
}

/** Whole minor units from a displayed amount ("R$ 1,234.56" → 123456). */
const minor = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function logIn(page: Page) {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await submitDemoLogin(page);
}

/** What the lobby header shows now, in minor units. */
async function headerBalance(page: Page) {
  return minor(await page.getByTestId('balance').first().textContent());
}

/**
 * The lobby header's balance once it shows what the server holds (right after sign-in the header
 * may still be painting the member info it had before the balance call answered).
 */
async function settledHeaderBalance(page: Page) {
  const held = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${sessionStorage.getItem('token')}` };
    return (await (await fetch('/wps/v2/wallets/balance', { headers })).json()).value.balance as number;
  });
  await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(held);
  return held;
}

type GameSurface = { frame: FrameLocator | Page; viaLobby: boolean };

/**
 * Opens a game the way a player does: its tile on a lobby page opens the launch URL in the game
 * popup's iframe. If the lobby has no tile for it, the launch URL from GET /wps/game/launchGame
 * opens in the same page instead (the frame then fills the page).
 */
async function openGame(page: Page, name: string, code: string, lobbyPath: string): Promise<GameSurface> {
  await page.goto(`${server.url}${lobbyPath}`);
  await page.getByTestId('balance').waitFor();
  const tile = page.getByRole('button', { name: `Play ${name}`, exact: true }).first();
  const hasTile = await tile
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (hasTile) {
    await tile.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.locator('iframe').waitFor();
    // One header: the frame's own (back, name, balance); the popup adds none above it.
    expect(await dialog.locator('header').count()).toBe(0);
    await dialog.frameLocator('iframe').getByRole('banner').waitFor({ timeout: 30_000 });
    return { frame: dialog.frameLocator('iframe'), viaLobby: true };
  }
  const url = await page.evaluate(async (gameCode) => {
    const headers = { lang: 'en', authorization: `Bearer ${sessionStorage.getItem('token')}` };
    const list = await (
      await fetch(`/wps/relay/gameList?keyword=${gameCode}&pageSize=50`, { headers })
    ).json();
    const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === gameCode);
    const launched = await (
      await fetch(`/wps/game/launchGame?game=${game.nodeId}&returnUrl=/&language=EN`, { headers })
    ).json();
    return launched.value.url as string;
  }, code);
  await page.goto(new URL(url, server.url).toString());
  return { frame: page, viaLobby: false };
}

describe.each(viewports)('studio game frames (%s)', (viewport) => {
  it('crash from the lobby: bet, cash out, and the header balance follows without a reload', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await logIn(page);
    const before = await settledHeaderBalance(page);
    const { frame, viaLobby } = await openGame(page, 'Crash', 'crash', '/crash');
    const frameBalance = frame.getByTestId('studio-balance');
    await frameBalance.waitFor({ timeout: 30_000 });
    expect(minor(await frameBalance.textContent())).toBe(before);

    // A round can crash before the cash-out (1.00× now and then): then bet on the next one.
    let cashedOut = false;
    for (let round = 0; round < 4 && !cashedOut; round++) {
      const bet = frame.getByRole('button', { name: 'Bet', exact: true });
      const betNext = frame.getByRole('button', { name: 'Bet on the next round', exact: true });
      await bet.or(betNext).first().waitFor({ timeout: 30_000 });
      await bet.or(betNext).first().click();
      const cashOut = frame.getByRole('button', { name: /^Cash out/ });
      // A bet the studio refused (closed betting on a slow machine, say) gives the Bet button back
      // with the reason: that round is tried again, like a player would. Nothing at all is a failure.
      await bet.or(betNext).first().waitFor({ state: 'hidden', timeout: 10_000 });
      // Clicked while a game was running (or before the frame knew the phase), the bet is queued for
      // the next betting phase and shown so ("… placed · Tap to cancel"): it is sent only once this
      // game crashes, however long it runs (a 30× game takes a minute). From then on it must be
      // taken or refused within the minute below.
      await frame
        .getByRole('button', { name: /^Bet on the next round placed/ })
        .waitFor({ state: 'hidden', timeout: 150_000 });
      await cashOut
        .or(bet)
        .or(betNext)
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async (error) => {
          // What the frame shows when a bet neither resolves nor is refused, for whoever debugs it.
          await screen(page, `studio-crash-bet-stuck-${viewport}`);
          throw error;
        });
      if ((await cashOut.count()) === 0) {
        await screen(page, `studio-crash-bet-refused-${viewport}-${round}`);
        continue;
      }
      // The round's live list counts this bet (it said "Players 0" while people were betting).
      await expect
        .poll(
          async () => Number((await frame.locator('#crash-players').textContent())?.replace(/\D+/g, '') || 0),
          { timeout: 15_000 },
        )
        .toBeGreaterThanOrEqual(1);
      if (round === 0 && viaLobby) {
        // Debited when the bet was taken: the lobby's header shows it, pushed over its socket.
        await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBeLessThan(before);
      }
      // Let the curve climb a little, so the cash-out pays more than the stake.
      const multiplier = frame.getByTestId('crash-multiplier');
      await expect
        .poll(async () => Number.parseFloat((await multiplier.textContent().catch(() => '0')) ?? '0'), {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(1.05)
        .catch(() => {});
      await screen(page, `studio-crash-riding-${viewport}`);
      await cashOut.click({ timeout: 5_000 }).catch(() => {});
      const cashed = frame.getByText(/Cashed out at/);
      const lost = frame.getByText(/Crashed before you cashed out/);
      // The round is over when its outcome shows — or, on a slow machine, when the next betting
      // phase has already replaced a lost round's message (it shows only until the next round opens).
      await cashed.or(lost).or(bet).first().waitFor({ timeout: 30_000 });
      cashedOut = (await cashed.count()) > 0;
    }
    expect(cashedOut).toBe(true);
    const after = minor(await frameBalance.textContent());
    expect(after).not.toBe(before);
    if (viaLobby) {
      // The header (outside the game) ends on the same balance as the game, without a reload.
      await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(after);
    }
    await frame.getByRole('tab', { name: 'My bets' }).click();
    await frame
      .getByRole('cell', { name: /Cash|×/ })
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => {});
    await screen(page, `studio-crash-cashed-out-${viewport}`);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await close();
  }, 360_000);

  it('dice: rolls, rotates the seeds and the verify page recomputes the roll; mines: finds a gem or a mine', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await logIn(page);
    const dice = await openGame(page, 'Dice', 'dice', '/bonus');
    const frame = dice.frame;
    await frame.getByRole('button', { name: 'Roll', exact: true }).click();
    const verifyLink = frame.getByRole('link', { name: /Rotate your seeds|^Verify$/ }).first();
    await verifyLink.waitFor({ timeout: 20_000 });
    // The roll has landed on screen when it joins the recent results.
    await frame.getByRole('list', { name: 'Recent results' }).getByRole('listitem').first().waitFor();
    await screen(page, `studio-dice-rolled-${viewport}`);

    // Rotate: the server seed of that roll is revealed, and its history row links to the verifier.
    await frame.getByRole('tab', { name: 'Fairness' }).click();
    const shownHash = (await frame.locator('code').first().textContent())?.trim() ?? '';
    await frame.getByRole('button', { name: 'Rotate', exact: true }).click();
    await frame.getByRole('heading', { name: 'Revealed seeds' }).waitFor();
    await frame.getByRole('tab', { name: 'My bets' }).click();
    const verify = frame.getByRole('link', { name: 'Verify', exact: true }).first();
    await verify.waitFor({ timeout: 10_000 });
    const href = await verify.getAttribute('href');
    expect(href).toContain('serverSeed=');

    const verifier = await page.context().newPage();
    await verifier.goto(new URL(href as string, server.url).toString());
    const outcome = verifier.getByTestId('verify-outcome');
    await outcome.waitFor();
    await verifier.getByText('SHA-256 of the server seed matches the hash shown before play.').waitFor();
    expect(await verifier.locator('code').first().textContent()).toBe(shownHash);
    expect(await outcome.textContent()).toMatch(/The bet (wins|loses)/);
    await screenshot(verifier, `studio-verify-dice-${viewport}`);
    await verifier.close();

    // Mines: bet, pick the centre tile, cash out if it was a gem.
    const mines = await openGame(page, 'Mines', 'mines', '/bonus');
    const board = mines.frame;
    await board.getByRole('button', { name: 'Bet', exact: true }).click();
    await board.getByRole('button', { name: 'Tile 13', exact: true }).click();
    const gem = board.getByRole('button', { name: 'Tile 13: gem' });
    const mine = board.getByRole('button', { name: 'Tile 13: mine' });
    await gem.or(mine).first().waitFor();
    if (await gem.count()) {
      await board.getByRole('button', { name: /^Cash out/ }).click();
      await board.getByText(/You won/).waitFor();
    } else {
      await board.getByText('Boom! You hit a mine.').waitFor();
    }
    await screen(page, `studio-mines-played-${viewport}`);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await close();
  }, 120_000);

  it('every game frame opens with its board, bet controls, history and fairness', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await logIn(page);
    const games = [
      ['Crash', 'crash', 'Bet'],
      ['Fortune Reels', 'fortune-reels', 'Spin'],
      ['Lucky Sevens', 'lucky-sevens', 'Spin'],
      ['Dice', 'dice', 'Roll'],
      ['Limbo', 'limbo', 'Bet'],
      ['Mines', 'mines', 'Bet'],
      ['Plinko', 'plinko', 'Drop ball'],
    ] as const;
    for (const [name, code, action] of games) {
      const url = await page.evaluate(async (gameCode) => {
        const headers = { lang: 'en', authorization: `Bearer ${sessionStorage.getItem('token')}` };
        const list = await (
          await fetch(`/wps/relay/gameList?keyword=${gameCode}&pageSize=50`, { headers })
        ).json();
        const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === gameCode);
        const launched = await (
          await fetch(`/wps/game/launchGame?game=${game.nodeId}&returnUrl=/&language=EN`, { headers })
        ).json();
        return launched.value.url as string;
      }, code);
      const frame = await page.context().newPage();
      await frame.goto(new URL(url, server.url).toString());
      await frame.getByRole('heading', { level: 1, name }).waitFor();
      await frame
        .getByRole('button', { name: new RegExp(`^${action}`) })
        .first()
        .waitFor({ timeout: 20_000 });
      await frame.getByLabel('Bet amount').waitFor();
      await frame.getByRole('tab', { name: 'My bets' }).waitFor();
      await frame.getByRole('tab', { name: 'Fairness' }).waitFor();
      await screen(frame, `studio-${code}-${viewport}`);
      await frame.close();
    }
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});

describe('studio launch links', () => {
  it('a used launch link says it expired and leads back to the lobby', async () => {
    const { page, close } = await openPage(browser, 'mobile');
    await logIn(page);
    const { frame, viaLobby } = await openGame(page, 'Limbo', 'limbo', '/bonus');
    await frame.getByRole('button', { name: 'Bet', exact: true }).waitFor();
    const src = viaLobby
      ? ((await page.getByRole('dialog', { name: 'Limbo' }).locator('iframe').getAttribute('src')) ?? '')
      : page.url();
    // The same link in a fresh browser (no session kept for it): single use, so it is refused.
    const other = await openPage(browser, 'mobile');
    await other.page.goto(new URL(src, server.url).toString());
    await other.page.getByRole('heading', { name: 'This game link has expired' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Back to the lobby' }).getAttribute('target')).toBe(
      '_top',
    );
    await screenshot(other.page, 'studio-expired-link-mobile');
    await other.close();
    await close();
  }, 60_000);
});
