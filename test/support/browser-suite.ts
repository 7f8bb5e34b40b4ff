import type { Browser, BrowserContext, Page } from 'playwright-core';
import { offlineContext, signInOnDashboard } from './admin-browser';
import { launchBrowser } from './browser';
import { startTestApp, type TestApp } from './test-app';

export interface BrowserSuite {
  /** The app this file's pages talk to. */
  readonly t: TestApp;
  readonly browser: Browser;
  /** The page of the running test. */
  readonly page: Page;
}

export interface BrowserSuiteOptions {
  /**
   * 'visitor' (default): each test gets a page in a context of its own, so no cookie carries over.
   * 'admin': one context signs in once for the whole file (the login limit counts every attempt) and
   * each test gets a new page of it.
   */
  as?: 'visitor' | 'admin';
  /** What the app starts with: its environment and providers replaced by test doubles (startTestApp's arguments). */
  app?: Parameters<typeof startTestApp>;
}

/**
 * One app and one Chromium for a test file, and a fresh page for each test, with nothing reaching the
 * internet. Call it at the top of the file; read `suite.page` and `suite.t` inside the tests (or copy them
 * into the file's own variables in a beforeEach).
 */
export function browserSuite({ as = 'visitor', app = [] }: BrowserSuiteOptions = {}): BrowserSuite {
  let t: TestApp;
  let browser: Browser;
  let adminContext: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(...app), launchBrowser()]);
    if (as !== 'admin') return;
    adminContext = await offlineContext(browser);
    const first = await adminContext.newPage();
    await signInOnDashboard(first, t);
    await first.close();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  beforeEach(async () => {
    if (adminContext) {
      page = await adminContext.newPage();
      return;
    }
    page = await browser.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  });

  afterEach(async () => {
    await (adminContext ? page?.close() : page?.context().close());
  });

  return {
    get t() {
      return t;
    },
    get browser() {
      return browser;
    },
    get page() {
      return page;
    },
  };
}
