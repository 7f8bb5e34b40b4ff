import type { Page } from 'playwright-core';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/**
 * Issue 47 items 4 and 6 in a browser: an article closes with its signup, which works with and without
 * JavaScript, and a search that finds nothing offers the closest words and the ways to browse.
 */
const suite = browserSuite({ page: false });
let t: TestApp;
let page: Page;

const ARTICLE = '/blog/fish-rock-cave-south-west-rocks';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}.${counter++}@example.com`;

beforeEach(async () => {
  t = suite.t;
  // Every post comes from 127.0.0.1: each test starts with fresh rate-limit windows.
  await t.dataSource.query(`DELETE FROM rate_limits`);
});

const ending = () => page.getByRole('region', { name: 'Get the next article by email' });

describe.each([false, true])('the newsletter signup at the end of an article (JavaScript %s)', (javaScriptEnabled) => {
  it('subscribes from the article and says so there', async () => {
    page = await suite.open({ ...DESKTOP, javaScriptEnabled });
    page.context().setDefaultTimeout(8000);
    await page.goto(`${t.baseUrl}${ARTICLE}`);
    await page.getByText(/Written by .+ · \d+ min read/).waitFor();
    await page.getByRole('heading', { name: 'Read next' }).waitFor();
    const email = uniqueEmail(javaScriptEnabled ? 'article-js' : 'article-nojs');
    await ending().getByLabel('Email address').fill(email);
    if (javaScriptEnabled) {
      await page.locator('[data-island="NewsletterSignup"][data-hydrated="true"]').first().waitFor();
      await ending().getByRole('button', { name: 'Subscribe' }).click();
    } else {
      await Promise.all([page.waitForNavigation(), ending().getByRole('button', { name: 'Subscribe' }).click()]);
    }
    await ending().getByRole('status').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(ARTICLE);
    expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ consentSource: 'article' });
  });
});

describe('a search that finds nothing, without JavaScript', () => {
  it("offers 'Did you mean' with the closest word, which finds what it names, and the ways to browse", async () => {
    page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    page.context().setDefaultTimeout(8000);
    await page.goto(`${t.baseUrl}/search?q=${encodeURIComponent('sydny zzqqxx')}`);
    await page.getByText('No results found for "sydny zzqqxx"').waitFor();
    await page.getByRole('navigation', { name: 'Browse instead' }).getByRole('link', { name: 'Browse all dive sites' }).waitFor();
    await Promise.all([page.waitForNavigation(), page.getByRole('main').getByRole('link', { name: 'sydney', exact: true }).click()]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('sydney');
    await page.getByRole('heading', { name: 'Dive Sites' }).waitFor();

    // A misspelt place typed in the page's own form finds the place's sites.
    await page.getByRole('searchbox', { name: 'Search articles, dive sites and gear' }).fill('sydny harbour');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Search', exact: true }).click()]);
    await page.getByText('Showing results for').waitFor();
    await page
      .getByRole('region', { name: 'Dive Sites' })
      .getByRole('link', { name: /Camp Cove/ })
      .waitFor();
  });
});

describe('misspelt searches, as a reader types them (issue 47 item 4)', () => {
  it("'great barier reef' in the explorer lists the reef's sites, and 'dive computr' on the search page finds the dive computers", async () => {
    const reef: { name: string }[] = await t.dataSource.query(`SELECT name FROM dive_sites WHERE region = 'Southern Great Barrier Reef' ORDER BY name`);
    expect(reef.length).toBeGreaterThan(0);
    page = await suite.open({ ...DESKTOP });
    await page.goto(`${t.baseUrl}/dive-sites`);
    await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
    await page.getByLabel('Search dive sites').fill('great barier reef');
    const list = page.getByRole('region', { name: 'Dive sites', exact: true });
    await list.getByRole('link', { name: reef[0].name, exact: true }).waitFor();

    const computers: { name: string }[] = await t.dataSource.query(`SELECT name FROM products WHERE category = 'Dive Computers' AND published ORDER BY name`);
    expect(computers.length).toBeGreaterThan(0);
    await page.goto(`${t.baseUrl}/search?q=${encodeURIComponent('dive computr')}`);
    await page.getByText('Showing results for').waitFor();
    const found = await page.getByRole('main').innerText();
    expect(computers.some((product) => found.includes(product.name))).toBe(true);
  });
});
