import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ServiceWorkerService } from 'src/offline/service-worker.service';
import { signInOnDashboard } from '../support/admin-browser';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { landPainted } from '../support/map-browser';
import type { TestApp } from '../support/test-app';

// A diver on a boat: the site's pages opened or saved in port still open with the network gone.
let t: TestApp;
let yongala: DiveSite;
let context: BrowserContext;
/** The worker the server answers at /sw.js: this build's, until a test plays a new build. */
const built = readFileSync(join(__dirname, '../../dist/public/sw.js'), 'utf8');
const served = { source: built, script: () => served.source };

// Each step waits up to 10 s, and a test takes several: more than jest's 30 s when the machine is busy.
jest.setTimeout(90_000);

// The worker is off under test by default (see src/config); this file is about it.
const suite = browserSuite({ env: { SERVICE_WORKER: 'true' }, overrides: [{ provide: ServiceWorkerService, useValue: served }], page: false });

beforeAll(async () => {
  t = suite.t;
  yongala = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
});

/** A visitor's own browser profile (workers and caches are per context), with nothing reaching the internet. */
async function visitor(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await suite.open({ ...DESKTOP, serviceWorkers: 'allow', ...options });
  context = page.context();
  context.setDefaultTimeout(10_000);
  return page;
}

/** Opens a page and waits until the service worker controls it and keeps it. */
async function openAndKeep(page: Page, path: string): Promise<void> {
  await page.goto(`${t.baseUrl}${path}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async (url) => (await caches.match(url)) !== undefined, `${t.baseUrl}${path}`, { polling: 100 });
}

const siteHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const offlineNotice = (page: Page) => page.getByRole('heading', { level: 1, name: 'You are offline' });

describe('offline on the boat', () => {
  it('an opened site page loads offline, styled; a page never opened shows the offline notice with links to the kept ones', async () => {
    const page = await visitor();
    await openAndKeep(page, `/dive-sites/${yongala.id}`);
    const nearby = page.getByTestId('nearby-sites').getByRole('link').first();
    const neverOpened = { name: await nearby.innerText(), href: await nearby.getAttribute('href') };

    await context.setOffline(true);
    await page.reload();
    await siteHeading(page, 'SS Yongala').waitFor();
    await expect(page.getByTestId('safety-brief').innerText()).resolves.toContain('Townsville University Hospital');
    // The stylesheet came from the cache too: the page has its slate background, not the browser's none.
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.not.toBe('rgba(0, 0, 0, 0)');

    await page.goto(`${t.baseUrl}${neverOpened.href}`);
    await offlineNotice(page).waitFor();
    await expect(page.getByText(neverOpened.name, { exact: true }).count()).resolves.toBe(0);
    const kept = page.getByRole('link', { name: /^SS Yongala/ });
    await expect(kept.getAttribute('href')).resolves.toBe(`/dive-sites/${yongala.id}`);
    await kept.click();
    await siteHeading(page, 'SS Yongala').waitFor();

    await page.goto(`${t.baseUrl}/about`);
    await offlineNotice(page).waitFor();
  });

  it('the offline page the worker writes carries the same Content-Security-Policy as the pages', async () => {
    const page = await visitor();
    await openAndKeep(page, `/dive-sites/${yongala.id}`);
    const online = await page.request.get(`${t.baseUrl}/about`);
    const policy = online.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self'");

    await context.setOffline(true);
    const offline = await page.goto(`${t.baseUrl}/about`);
    await offlineNotice(page).waitFor();
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(offline?.headers()['content-security-policy']).toBe(policy);
    expect(offline?.headers()['x-frame-options']).toBe(online.headers()['x-frame-options']);
  });

  it("a new build's worker replaces the old build's files, and the kept pages still open offline", async () => {
    const page = await visitor();
    await openAndKeep(page, `/dive-sites/${yongala.id}`);
    const buildCaches = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('adg-assets-')));
    const [first] = await buildCaches();
    expect(first).toMatch(/^adg-assets-\w+$/);

    const id = first.slice('adg-assets-'.length);
    served.source = built.replace(`id:"${id}"`, 'id:"nextbuild"');
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.waitForFunction(async () => (await caches.keys()).filter((name) => name.startsWith('adg-assets-')).join() === 'adg-assets-nextbuild', null, {
        polling: 100,
      });
    } finally {
      served.source = built;
    }

    await context.setOffline(true);
    await page.reload();
    await siteHeading(page, 'SS Yongala').waitFor();
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.not.toBe('rgba(0, 0, 0, 0)');
  });

  it('online, a page is never served stale: a changed site shows its new text at once', async () => {
    const page = await visitor();
    await openAndKeep(page, `/dive-sites/${yongala.id}`);
    const repository = t.dataSource.getRepository(DiveSite);
    const description = `${yongala.description} Checked again this season.`;
    await repository.update(yongala.id, { description });
    try {
      await page.reload();
      await page.getByTestId('site-panel').getByText(description).waitFor();
    } finally {
      await repository.update(yongala.id, { description: yongala.description });
    }
  });

  it("'Save for offline' keeps the site and its nearby sites, which then open offline", async () => {
    const page = await visitor();
    await openAndKeep(page, `/dive-sites/${yongala.id}`);
    const links = page.getByTestId('nearby-sites').getByRole('link');
    const nearby = await links.evaluateAll((anchors) => anchors.map((anchor) => ({ name: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })));
    expect(nearby.length).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Save for offline', exact: true }).click();
    const others = nearby.length;
    await page
      .getByRole('status')
      .filter({ hasText: `SS Yongala and ${others} nearby ${others === 1 ? 'site is' : 'sites are'} kept on this device` })
      .waitFor();
    await expect(page.getByRole('button', { name: 'Saved for offline' }).isDisabled()).resolves.toBe(true);

    await context.setOffline(true);
    for (const site of nearby) {
      await page.goto(`${t.baseUrl}${site.href}`);
      await siteHeading(page, site.name).waitFor();
    }
    // Back on the saved page, still offline: it says it is saved rather than offering it again.
    await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    await page.getByRole('button', { name: 'Saved for offline' }).waitFor();
  });

  it('admin pages are never kept: offline, /admin shows the offline notice, not the dashboard', async () => {
    const page = await visitor();
    // The worker is installed by a dive-site page, and then sees every page of the site.
    await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await signInOnDashboard(page, t);
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(kept.filter((path) => /^\/(api\/)?admin/.test(path))).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${t.baseUrl}/admin`);
    await offlineNotice(page).waitFor();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' }).count()).resolves.toBe(0);
  });

  it('only the dive-site pages install the worker: an article reader never downloads it', async () => {
    const page = await visitor();
    await page.goto(`${t.baseUrl}/about`);
    await page.waitForLoadState('load');
    // Past the moment a dive-site page would have asked for it (the browser's next idle period, at most 5 s).
    const registrations = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestIdleCallback(() => setTimeout(async () => resolve((await navigator.serviceWorker.getRegistrations()).length), 500), { timeout: 5000 }),
        ),
    );
    expect(registrations).toBe(0);
    await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1);
  });

  it('without JavaScript there is no Save button, since it could do nothing', async () => {
    const page = await visitor({ javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    await siteHeading(page, 'SS Yongala').waitFor();
    await expect(page.getByRole('button', { name: /for offline/ }).count()).resolves.toBe(0);
  });

  it("a kept site page's map shows the coast offline at the zoom it opens at (the 1:10m squares of its view)", async () => {
    const page = await visitor();
    await openAndKeep(page, `/dive-sites/${yongala.id}`);
    const map = page.locator('[data-testid="dive-site-map"]');
    await map.scrollIntoViewIfNeeded();
    // The worker keeps the squares of coast the map's view covers.
    const keptCoast = () =>
      page.evaluate(async () => {
        for (const name of await caches.keys()) {
          if ((await (await caches.open(name)).keys()).some((request) => request.url.includes('/assets/coast-'))) return true;
        }
        return false;
      });
    for (let tries = 0; !(await keptCoast()); tries++) {
      expect(tries).toBeLessThan(100);
      await page.waitForTimeout(100);
    }

    await context.setOffline(true);
    await page.reload();
    await siteHeading(page, 'SS Yongala').waitFor();
    await map.scrollIntoViewIfNeeded();
    await map.locator('[data-tiles="offline"][data-land="drawn"][data-coast="drawn"]').waitFor();
    await expect(map.locator('[data-zoom]').getAttribute('data-zoom')).resolves.toBe('12');
    expect(await landPainted(page)).toBeGreaterThan(0);
  });

  it('the page links a web app manifest whose PNG icons load, and the worker is served fresh with each visit', async () => {
    const page = await visitor();
    await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(`${t.baseUrl}${href}`)).json();
    expect(manifest).toMatchObject({ name: 'Australian Dive Guide', short_name: 'Dive Guide', display: 'standalone', theme_color: '#0b2545' });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size).toBe(icon.sizes);
    }
    await expect(page.locator('meta[name="theme-color"]').getAttribute('content')).resolves.toBe('#0b2545');

    const worker = await page.request.get(`${t.baseUrl}/sw.js`);
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });
});
