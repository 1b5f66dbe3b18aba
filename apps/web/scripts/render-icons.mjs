// One-off: renders the app icons (public/icons/*.svg) to the PNG sizes the web app manifest and iOS
// need, with Debian's Chromium, so no image library joins the dependencies. The PNGs are committed;
// run again after changing an SVG:  node apps/web/scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const icons = resolve(import.meta.dirname, '../public/icons');
const outputs = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  // Maskable: full-bleed background, the mark inside the central safe circle (40% radius).
  { svg: 'icon-maskable.svg', png: 'icon-maskable-192.png', size: 192 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  // iOS rounds the corners itself, so the home-screen icon is the full-bleed one.
  { svg: 'icon-maskable.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { svg, png, size } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const markup = readFileSync(resolve(icons, svg), 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    await page.screenshot({ path: resolve(icons, png), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
