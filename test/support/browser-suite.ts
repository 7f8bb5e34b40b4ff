import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { offlineContext, openDashboard, openSection, signInOnDashboard } from './admin-browser';
import { launchBrowser } from './browser';
import { startTestApp, type TestApp } from './test-app';

export interface BrowserSuite {
  /** The app this file's pages talk to. */
  readonly t: TestApp;
  readonly browser: Browser;
  /** The page of the running test. */
  readonly page: Page;
  /**
   * Another page, in a browser context of its own with these options (JavaScript off, service workers
   * allowed, another viewport, ...) and nothing reaching the internet; closed when the test ends.
   */
  open(options?: BrowserContextOptions): Promise<Page>;
}

export interface BrowserSuiteOptions {
  /**
   * 'visitor' (default): each test gets a page in a context of its own, so no cookie carries over.
   * 'admin': one context for the whole file, signed in once (the login limit counts every attempt), and
   * each test gets a new page of it.
   */
  as?: 'visitor' | 'admin';
  /** With 'admin': false when the file's tests sign in themselves (the sign-in screen, a session that ends). */
  signIn?: boolean;
  /** The options of each test's visitor context (a viewport, JavaScript off, ...). */
  context?: BrowserContextOptions;
  /** false: no page of its own for each test, for a file whose tests open theirs with `open()`. */
  page?: boolean;
  /** Settings of this file's app (environment variables), and providers replaced by test doubles. */
  env?: Record<string, string>;
  overrides?: { provide: unknown; useValue: unknown }[];
}

/** The desktop window most browser specs use. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

const offline = (context: BrowserContext) => context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());

/**
 * One app and one Chromium for a test file, and a fresh page for each test, with nothing reaching the
 * internet. Call it at the top of the file; read `suite.page` and `suite.t` inside the tests (or copy them
 * into the file's own variables in a beforeEach). A file's own beforeAll runs after the suite's, so it
 * can seed the app.
 */
export function browserSuite({
  as = 'visitor',
  signIn = true,
  context: contextOptions = {},
  page: pagePerTest = true,
  env = {},
  overrides,
}: BrowserSuiteOptions = {}): BrowserSuite {
  let t: TestApp;
  let browser: Browser;
  let adminContext: BrowserContext | undefined;
  let page: Page;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(env, { overrides }), launchBrowser()]);
    if (as !== 'admin') return;
    adminContext = await offlineContext(browser);
    if (!signIn) return;
    const first = await adminContext.newPage();
    await signInOnDashboard(first, t);
    await first.close();
    // An app, a browser and a sign-in: on a busy machine more than a test's 30 s.
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  beforeEach(async () => {
    if (!pagePerTest) return;
    if (adminContext) {
      page = await adminContext.newPage();
      return;
    }
    const context = await browser.newContext(contextOptions);
    await offline(context);
    page = await context.newPage();
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
    if (!pagePerTest) return;
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
    async open(options: BrowserContextOptions = {}) {
      const context = await browser.newContext(options);
      opened.push(context);
      await offline(context);
      return context.newPage();
    },
  };
}

/**
 * The signed-in administrator's suite whose every test starts on /admin's dashboard, and on `section` of
 * it (from the side navigation) when one is named. The file's own beforeEach runs after it.
 */
export function adminDashboardSuite(section?: string): BrowserSuite {
  const suite = browserSuite({ as: 'admin' });
  beforeEach(async () => {
    await openDashboard(suite.page, suite.t);
    if (section) await openSection(suite.page, section);
  });
  return suite;
}
