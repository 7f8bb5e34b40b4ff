import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, TEST_CHROMIUM } from '../../bench/lib/chromium.mjs';

/**
 * Debian's Chromium (its headless shell when installed), with nothing that reaches the internet. Its pages ask for reduced motion,
 * as a visitor's system setting may (a context's own `reducedMotion` still wins): the page then jumps
 * instead of gliding when a test clicks below the fold. A glide still under way moves the page between
 * the press and the release of a click, which a busy machine makes likely, and a click pressed on one
 * element and released on another reaches neither.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: TEST_CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-quic', '--disable-dev-shm-usage'],
  });
  // browser.newPage() opens its context through newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}
