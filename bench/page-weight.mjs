#!/usr/bin/env node
// `node bench/page-weight.mjs http://127.0.0.1:3000 /dive-sites`: the JavaScript (and HTML, CSS) a page
// downloads before its map hydrates and once it has, in Debian's Chromium on a phone-sized window. The
// map's chunk (DiveSiteMap, which brings Leaflet) is held back until everything else has loaded, so the
// first figure is the page without the map, whether or not the map is in view at load.
import { createRequire } from 'node:module';
import { CHROMIUM, CHROMIUM_ARGS, trackWeight } from './lib/page-weight.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const [base = 'http://127.0.0.1:3000', path = '/dive-sites'] = process.argv.slice(2);
const MAP_CHUNK = /\/assets\/chunks\/DiveSiteMap-[^/]+\.js$/;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // No internet: tiles and anything else off this server fail, as in the tests.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(MAP_CHUNK, async (route) => {
    await held;
    await route.continue();
  });

  const weight = trackWeight(page);
  // Settled: no new answer for a second (the held chunk keeps the network from ever being idle).
  const settled = async () => {
    for (let seen = -1; seen !== weight.answers;) {
      seen = weight.answers;
      await page.waitForTimeout(1000);
    }
    await weight.settle();
  };

  await page.goto(base + path, { waitUntil: 'load' });
  await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor({ timeout: 30_000 });
  await settled();
  const beforeMap = weight.totals();

  release();
  await page.locator('[data-testid="dive-site-map"]').scrollIntoViewIfNeeded();
  await page.locator('[data-testid="dive-site-map"] .leaflet-container').waitFor({ timeout: 30_000 });
  await settled();
  const withMap = weight.totals();

  console.log(`${base}${path}: bytes each body takes compressed here (gzip level 9, brotli quality 11)`);
  console.table({ 'before the map hydrates': beforeMap, 'map hydrated': withMap });
  console.log(`The map adds ${((withMap.jsGzip - beforeMap.jsGzip) / 1024).toFixed(1)} KB of JavaScript (gzip).`);
  await context.close();
} finally {
  await browser.close();
}
