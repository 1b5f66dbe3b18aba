import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { homeRouteChunks } from '../support/home-route';
import { type RunningServer, startServer } from '../support/server';

const dist = resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * Everything the home page downloads as JavaScript, gzip-compressed, on a phone's first visit
 * (issue 10). The production build runs on Preact's React layer (apps/web/vite.config.ts).
 */
const HOME_ROUTE_JS_BUDGET_GZIP = 150 * 1024;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A plain HTTP GET, so the test sees the bytes and headers as sent (fetch would decompress). */
function get(url: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('home page JavaScript (built web app)', () => {
  it(`stays within ${HOME_ROUTE_JS_BUDGET_GZIP / 1024} KB gzip: entry, its imports, the home chunk and the English texts`, () => {
    const chunks = homeRouteChunks(dist);
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
    const breakdown = chunks.map((chunk) => `${(chunk.gzip / 1024).toFixed(1)} KB ${chunk.file}`).join('\n');
    expect(
      total,
      `home route JavaScript ${(total / 1024).toFixed(1)} KB gzip:\n${breakdown}`,
    ).toBeLessThanOrEqual(HOME_ROUTE_JS_BUDGET_GZIP);
    // The first page never carries the schema library, the HTML sanitiser or the QR encoder.
    for (const chunk of chunks) {
      const code = readFileSync(join(dist, chunk.file), 'utf8');
      expect(code, chunk.file).not.toMatch(/ZodError|\$ZodType/);
      expect(code, chunk.file).not.toMatch(/DOMPurify|uponSanitizeElement/);
    }
  });
});

describe('web app delivery by the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let entry: string;
  let stylesheet: string;
  beforeAll(async () => {
    server = await startServer();
    // startServer stops waiting after a minute; on a busy machine migrations can take longer.
    for (let waited = 0; waited < 60_000; waited += 500) {
      if (
        await fetch(`${server.url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await launchBrowser();
    // The boot script in index.html adds the entry once the shell has painted: the manifest names it.
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    entry = `/${Object.values(manifest).find((chunk) => chunk.isEntry)?.file ?? ''}`;
    // The first page's stylesheet is inlined into the page and still served as a file.
    stylesheet = `/assets/${
      JSON.stringify(JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))).match(
        /"assets\/(app-[\w-]+\.css)"/,
      )?.[1]
    }`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends scripts, styles and pages brotli-compressed to a browser, gzip to a client without brotli', async () => {
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    for (const [path, type] of [
      [entry, 'javascript'],
      [stylesheet, 'text/css'],
      ['/', 'text/html'],
      ['/rng', 'text/html'],
    ] as const) {
      const br = await get(`${server.url}${path}`, 'gzip, deflate, br, zstd');
      expect(br.status, path).toBe(200);
      expect(br.headers['content-type'], path).toContain(type);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(String(br.headers.vary), path).toMatch(/accept-encoding/i);
      const plain = brotliDecompressSync(br.body);

      const gz = await get(`${server.url}${path}`, 'gzip');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain), path).toBe(true);
    }
  });

  it('caches hashed files for a year and makes the page revalidate', async () => {
    for (const path of [entry, stylesheet]) {
      const answer = await get(`${server.url}${path}`, 'br');
      expect(answer.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/', '/promotions']) {
      const answer = await get(`${server.url}${path}`, 'br');
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it("caches the game frames' hashed files for a year and makes their page revalidate", async () => {
    // The studio's frames are pages of the same site (/studio/play/…), served by the studio's own
    // static files: the header as the browser gets it, not the one the code asks for.
    const frame = await get(`${server.url}/studio/play/dice`, 'identity');
    expect(frame.status).toBe(200);
    expect(frame.headers['cache-control']).toBe('no-cache');
    const html = frame.body.toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/studio\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1],
    );
    expect(assets.length).toBeGreaterThan(0);
    for (const path of assets) {
      const answer = await get(`${server.url}${path}`, 'gzip, br');
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
  });

  it('puts the first pictures into the HTML, preloaded: banner and promotions at home, the first promotion on /promotions, the first row of games on /rng', async () => {
    const read = async (path: string) =>
      (
        (await (await fetch(`${server.url}${path}`, { headers: { accept: 'application/json' } })).json()) as {
          value: unknown;
        }
      ).value;
    const banners = (await read('/wps/relay/banners?groupName=w_home')) as { url: string }[];
    const promotions = (await read('/wps/relay/announcements?types=PR&platform=W')) as {
      promotion: { announcementImages: { url: string; sequence: number }[] }[];
    };
    const firstPromotion = [...(promotions.promotion[0]?.announcementImages ?? [])].sort(
      (a, b) => a.sequence - b.sequence,
    )[0]?.url;
    expect(banners[0]?.url).toBeTruthy();
    expect(firstPromotion).toBeTruthy();

    const home = await get(`${server.url}/`, 'br');
    const html = brotliDecompressSync(home.body).toString('utf8');
    expect(html).toContain(`<link rel="preload" as="image" href="${banners[0]?.url}" fetchpriority="high">`);
    expect(html).toMatch(
      new RegExp(
        `data-shell-picture="banner" data-filled><img src="${banners[0]?.url}" width="1200" height="400"`,
      ),
    );
    expect(html).toContain(`data-shell-picture="promotion" data-filled><img src="${firstPromotion}"`);
    // Built once and kept: the same answer again, by its ETag.
    expect(home.headers.etag).toBeTruthy();
    const again = await new Promise<number>((done, fail) => {
      request(`${server.url}/`, { headers: { 'if-none-match': String(home.headers.etag) } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      })
        .on('error', fail)
        .end();
    });
    expect(again).toBe(304);

    const page = gunzipSync((await get(`${server.url}/promotions`, 'gzip')).body).toString('utf8');
    expect(page).toContain(`<link rel="preload" as="image" href="${firstPromotion}" fetchpriority="high">`);
    expect(page).toContain(`data-shell-picture="promotion-page" data-filled><img src="${firstPromotion}"`);

    const games = (await read(
      '/wps/relay/gameList?pageNo=1&pageSize=24&gameType=RNG&clientType=3&platform=html5-desktop',
    )) as { content: { showIcon?: string; iconUrl?: string }[] };
    const firstRow = games.content.slice(0, 3).map((game) => game.showIcon || game.iconUrl);
    expect(firstRow.length).toBeGreaterThan(0);
    const rng = gunzipSync((await get(`${server.url}/rng`, 'gzip')).body).toString('utf8');
    expect(
      [...rng.matchAll(/data-shell-picture="game" data-filled><img src="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(firstRow);
  });

  it('asks for the app code only once the shell has its first picture', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    let bannerLoaded = Number.POSITIVE_INFINITY;
    let firstScript = Number.POSITIVE_INFINITY;
    page.on('requestfinished', (request) => {
      if (/\/art\/banners\//.test(request.url())) bannerLoaded = Math.min(bannerLoaded, Date.now());
    });
    page.on('request', (request) => {
      if (/\/assets\/.+\.js$/.test(request.url())) firstScript = Math.min(firstScript, Date.now());
    });
    await page.goto(server.url);
    // The app runs and replaces the HTML shell.
    await page.locator('#root > .sh').waitFor({ state: 'detached' });
    const html = brotliDecompressSync((await get(`${server.url}/`, 'br')).body).toString('utf8');
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(bannerLoaded).toBeLessThan(Number.POSITIVE_INFINITY);
    expect(firstScript).toBeGreaterThanOrEqual(bannerLoaded);
    await context.close();
  });

  it("asks each of a guest's first API reads once: the app takes the boot script's answers", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/wps/')) asked.set(pathname + search, (asked.get(pathname + search) ?? 0) + 1);
    });
    await page.goto(server.url);
    await page.locator('#root > .sh').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    // Reads the boot script starts for a guest (index.html): the app takes each answer, never asks again.
    for (const path of [
      '/wps/relay/banners?groupName=w_home',
      '/wps/relay/announcements?types=PR&platform=W',
      '/wps/relay/winnerBoard?gameCategory=ALL&limitNum=20',
      '/wps/system/status',
      '/wps/relay/vendorSorting',
    ])
      expect([path, asked.get(path)]).toEqual([path, 1]);
    await context.close();
  });

  it('paints the lobby frame from the HTML alone, before any JavaScript runs', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(server.url);
    const header = await page.locator('.sh-head').boundingBox();
    const banner = await page.locator('.sh-banner').boundingBox();
    expect(header?.height).toBeGreaterThanOrEqual(56);
    // The banner area has the banners' 3:1 shape before any picture arrives: nothing moves later.
    expect(banner && Math.round(banner.width / banner.height)).toBe(3);
    expect(await page.locator('.sh-grid > *').count()).toBeGreaterThan(0);
    await context.close();
  });
});
