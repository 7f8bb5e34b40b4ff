#!/usr/bin/env node
// JavaScript, CSS and HTML bytes (gzip, as sent) a page downloads before any interaction, measured in
// Debian's Chromium against a running server: `node bench/page-weight.mjs http://127.0.0.1:3000 /about /`.
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = {};
for (const path of paths.length ? paths : ['/about']) {
  const page = await browser.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const totals = { html: 0, css: 0, js: 0 };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : null;
    if (!kind) return;
    try {
      totals[kind] += gzipSync(await response.body()).length;
    } catch {
      /* redirects have no body */
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  rows[path] = { 'HTML gzip': totals.html, 'CSS gzip': totals.css, 'JS gzip': totals.js };
  await page.close();
}
await browser.close();
console.table(rows);
