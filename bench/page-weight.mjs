#!/usr/bin/env node
// JavaScript, CSS and HTML bytes (gzip, as sent) a page downloads before any interaction, measured in
// Debian's Chromium against a running server: `node bench/page-weight.mjs http://127.0.0.1:3000 /about /`.
// For /dive-sites (and /dive-sites/{id}) it also measures the JavaScript before and after the map
// hydrates: the page is opened in a short window with the map below the fold, then scrolled to the map,
// which fetches the Leaflet chunk.
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function open(path, viewport) {
  const page = await browser.newPage({ viewport });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const totals = { html: 0, css: 0, js: 0 };
  const scripts = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : null;
    if (!kind) return;
    try {
      const bytes = gzipSync(await response.body()).length;
      totals[kind] += bytes;
      if (kind === 'js') scripts.push({ url: response.url(), bytes });
    } catch {
      /* redirects have no body */
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  return { page, totals, scripts };
}

const rows = {};
const mapRows = {};
for (const path of paths.length ? paths : ['/about']) {
  const { page, totals } = await open(path, { width: 1280, height: 900 });
  rows[path] = { 'HTML gzip': totals.html, 'CSS gzip': totals.css, 'JS gzip': totals.js };
  await page.close();

  if (path.startsWith('/dive-sites')) {
    // A window so short that the map (below the hero) is outside the island's 200 px look-ahead.
    const short = await open(path, { width: 1280, height: 160 });
    const before = short.totals.js;
    const hydratedBefore = await short.page.locator('[data-testid="dive-site-map"] .leaflet-container, [data-testid="dive-site-map"].leaflet-container').count();
    await short.page.locator('[data-testid="dive-site-map"]').scrollIntoViewIfNeeded();
    await short.page.locator('[data-testid="dive-site-map"] [data-ready="true"]').waitFor({ timeout: 10000 });
    await short.page.waitForLoadState('networkidle');
    await short.page.waitForTimeout(1000);
    mapRows[path] = {
      'JS gzip before map': before,
      'map hydrated before scroll?': hydratedBefore > 0,
      'JS gzip after map': short.totals.js,
      'map chunk gzip': short.totals.js - before,
      chunks: short.scripts.length,
    };
    await short.page.close();
  }
}
await browser.close();
console.table(rows);
if (Object.keys(mapRows).length) console.table(mapRows);
