import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
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

/** Waits until the service worker is active, then reloads so it controls the page from the start. */
async function controlledBy(page: Page) {
  const state = await page.evaluate(async () => {
    // `ready` resolves once a worker is active, possibly still activating (precache clean-up).
    const worker = (await navigator.serviceWorker.ready).active as ServiceWorker;
    if (worker.state !== 'activated')
      await new Promise((done) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)),
      );
    return worker.state;
  });
  expect(state).toBe('activated');
  await page.reload();
  await page.getByRole('heading', { name: 'Lobby' }).waitFor();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

describe('the lite app (installable site) on a phone', () => {
  it('links a valid manifest whose icons load', async () => {
    const { page, problems, close } = await openPage(browser, 'mobile');
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toMatch(/^\/manifest\.webmanifest/);
    const response = await page.request.get(new URL(href as string, server.url).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Sorte Brazil',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find(
        (i: { sizes: string; type: string }) => i.sizes === size && i.type === 'image/png',
      );
      const image = await page.request.get(new URL(icon.src, server.url).href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    // The service worker script is revalidated on every check, so a new build is found at once.
    const sw = await page.request.get(`${server.url}/sw.js`);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(problems).toEqual([]);
    await close();
  });

  it('runs a service worker that controls the page and shows the offline page without a network', async () => {
    const { page, close } = await openPage(browser, 'mobile');
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect(await controlledBy(page)).toBe(`${server.url}/sw.js`);
    // An API answer fetched while online…
    expect(await page.evaluate(async () => (await fetch('/wps/system/status')).status)).toBe(200);

    await page.context().setOffline(true);
    // …is not answered from any cache once the network is gone.
    expect(
      await page.evaluate(() =>
        fetch('/wps/system/status').then(
          (r) => `answered ${r.status}`,
          () => 'network error',
        ),
      ),
    ).toBe('network error');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(
      cached.filter((path) => /^\/(wps|lgw|lotto|vendor|ops|ws|studio|dev|payments)\//.test(path)),
    ).toEqual([]);

    await page.goto(`${server.url}/promotions`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await screenshot(page, 'pwa-offline-mobile');

    // "Try again" without a network: the offline page again.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Try again' }).click()]);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    // Back online, the page comes back by itself.
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: 'Promotions' }).first().waitFor();
    await close();
  });

  it('shows the app download page with the install steps and a QR code of itself', async () => {
    const { page, problems, close } = await openPage(browser, 'mobile');
    await page.goto(`${server.url}/app?lang=EN&os=android`);
    await page.getByRole('heading', { level: 1, name: 'Get the app' }).waitFor();
    await page.getByRole('heading', { name: 'Android (Chrome)' }).waitFor();
    expect(await page.getByText('Tap “Install app” or “Add to home screen”.').isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'iPhone and iPad (Safari)' }).waitFor();
    await page.getByRole('img', { name: 'QR code for this page' }).waitFor();
    await screenshot(page, 'pwa-app-download-mobile');
    expect(problems).toEqual([]);
    await close();
  });
});
