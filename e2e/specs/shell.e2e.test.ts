import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

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

describe.each<ViewportName>(['mobile', 'desktop'])('web shell served by the real server (%s)', (viewport) => {
  it('shows the lobby with the brand, the 18+ note and no console errors', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    // The header's brand (phones also have a Home tab in the bottom tab bar).
    expect(await page.getByRole('banner').getByRole('link', { name: 'Home' }).textContent()).toContain(
      'Sorte',
    );
    expect(await page.getByRole('contentinfo').textContent()).toContain('18+');
    await screenshot(page, `shell-home-${viewport}-dark`);
    expect(problems).toEqual([]);
    await close();
  });

  it('switches to Portuguese and to the light theme, and keeps both after a reload', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await page.goto(server.url);
    await page.getByLabel('Language').selectOption('PT');
    await page.getByRole('heading', { name: 'Jogos em alta' }).waitFor();
    await page.getByRole('button', { name: 'Mudar para o tema claro' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.reload();
    await page.getByRole('heading', { name: 'Jogos em alta' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt');
    await screenshot(page, `shell-home-${viewport}-light-pt`);
    expect(problems).toEqual([]);
    await close();
  });

  it('answers an unknown page with the app 404 and a way back', async () => {
    const { page, close } = await openPage(browser, viewport);
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the lobby' }).click();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await close();
  });
});

describe('API beside the site', () => {
  it('answers health and an unknown API path with a JSON envelope, not the web page', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const miss = await fetch(`${server.url}/wps/nothing`);
    expect(miss.status).toBe(404);
    expect(await miss.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const asset = await fetch(`${server.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
  });
});
