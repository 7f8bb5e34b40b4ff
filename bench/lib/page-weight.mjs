// The HTML, CSS and JavaScript a page downloads in Debian's Chromium, compressed with gzip and brotli:
// before any interaction (loaded, network idle, nothing scrolled or touched), and after every island on
// the page has hydrated (each scrolled into view, pointed at and focused).
import { createRequire } from 'node:module';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

export { CHROMIUM, CHROMIUM_ARGS };

const KINDS = { document: 'html', stylesheet: 'css', script: 'js' };

function empty() {
  return { htmlGzip: 0, htmlBrotli: 0, cssGzip: 0, cssBrotli: 0, jsGzip: 0, jsBrotli: 0, requests: 0 };
}

/**
 * Adds up the page's HTML, CSS and JavaScript as the answers arrive, each body compressed here (gzip
 * level 9, brotli quality 11) so the figures do not depend on the server's settings. `totals()` is a
 * copy of the sums so far; `settle()` waits for the bodies still being read; `answers` counts them.
 */
export function trackWeight(page) {
  const totals = empty();
  const pending = [];
  page.on('response', (response) => {
    const kind = KINDS[response.request().resourceType()];
    if (!kind) return;
    pending.push(
      response
        .body()
        .then((body) => {
          totals[`${kind}Gzip`] += gzipSync(body, { level: 9 }).length;
          totals[`${kind}Brotli`] += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
          totals.requests++;
        })
        .catch(() => undefined),
    );
  });
  return {
    totals: () => ({ ...totals }),
    settle: () => Promise.all(pending),
    get answers() {
      return pending.length;
    },
  };
}

export async function measurePageWeight(base, paths, { settleMs = 1500 } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const pages = [];
  try {
    for (const path of paths) {
      // A phone-sized window, as Lighthouse's mobile run.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const weight = trackWeight(page);
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(settleMs);
      await weight.settle();
      const beforeInteraction = weight.totals();
      const islands = await page.locator('[data-island]').count();

      // Every island: scrolled into view (visible), pointed at and focused (interaction).
      for (let i = 0; i < islands; i++) {
        const wrapper = page.locator('[data-island]').nth(i);
        await wrapper.evaluate((element) => {
          const target = element.querySelector('[data-island-root] > *') ?? element;
          target.scrollIntoView({ block: 'center' });
          for (const type of ['pointerenter', 'focusin', 'touchstart']) target.dispatchEvent(new Event(type, { bubbles: true }));
        });
        await page.waitForTimeout(100);
      }
      const hydrated = await page
        .waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((element) => element.dataset.hydrated === 'true'), null, {
          timeout: 15000,
        })
        .then(() => true)
        .catch(() => false);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(settleMs);
      await weight.settle();
      pages.push({ path, islands, allHydrated: hydrated, beforeInteraction, afterHydration: weight.totals() });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}
