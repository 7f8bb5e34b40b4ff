import type { BrowserContext, Locator, Page } from 'playwright-core';
import { listRow, openSection, publishNow, signInOnDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';

/**
 * Scheduled publishing as the administrator uses it: a Published Date ahead, entered in Sydney time
 * from a browser whose own clock is in London, is listed as 'Scheduled for ...' in Sydney time and
 * stays off the public site.
 */
const suite = browserSuite();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/London' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  context.setDefaultTimeout(8000);
  page = await context.newPage();
  await signInOnDashboard(page, suite.t);
  await openSection(page, 'Blog');
});

afterAll(async () => {
  await context?.close();
});

const row = (list: string, title: string): Locator => listRow(page, list, title);

describe('a Published Date ahead', () => {
  it('is entered and listed in Sydney time as scheduled, and the post stays off the public site', async () => {
    const title = 'Grey Nurse Sharks at Fish Rock: the Winter Aggregation';
    await page.getByRole('button', { name: 'New post', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption('Marine Life');
    await page.getByLabel('Header Image URL').fill('/media/scene-nudibranch.svg');
    await page.getByRole('textbox', { name: 'Content' }).fill('## Fish Rock\n\nThe grey nurse sharks gather in the gutters off South West Rocks each winter.');
    const date = page.getByLabel('Published Date');
    await expect(date.getAttribute('type')).resolves.toBe('datetime-local');
    await page.getByText('Australia/Sydney time').first().waitFor();
    // 9:30 am on 15 January 2030 in Sydney (daylight time, UTC+11): 10:30 pm the day before in London.
    await date.fill('2030-01-15T09:30');
    await publishNow(page);
    // Not 'now live': when it will be, in the site's time.
    await toastShows(page, 'Post Scheduled');
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText(/will go live on 15 Jan 2030, 9:30\sam \(Australia\/Sydney time\)\.$/)
      .first()
      .waitFor();

    const listed = row('Published Posts', title);
    await listed.waitFor();
    await expect(listed.textContent()).resolves.toMatch(/Scheduled for 15 Jan 2030, 9:30\sam/);

    const saved = (await (await page.request.get(`${suite.t.baseUrl}/api/articles?admin=true`)).json()) as {
      title: string;
      slug: string;
      publishedAt: string;
    }[];
    const article = saved.find((item) => item.title === title);
    expect(article?.publishedAt).toBe('2030-01-14T22:30:00.000Z');

    // The editor shows it back as it was entered.
    await listed.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    await expect(page.getByLabel('Published Date').inputValue()).resolves.toBe('2030-01-15T09:30');
    await page.getByRole('button', { name: 'Cancel Edit' }).click();

    // Not public until then: a visitor (no session) finds neither the page nor the listing.
    const visitor = await suite.browser.newContext();
    try {
      const response = await visitor.request.get(`${suite.t.baseUrl}/blog/${article?.slug}`);
      expect(response.status()).toBe(404);
      await expect((await visitor.request.get(`${suite.t.baseUrl}/blog`)).text()).resolves.not.toContain(title);
    } finally {
      await visitor.close();
    }
  });

  it('in winter is read at Sydney standard time (UTC+10)', async () => {
    const title = 'Pygmy Seahorses Under Manly Wharf';
    await page.getByRole('button', { name: 'New post', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Published Date').fill('2030-07-01T18:00');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await toastShows(page, 'Draft Saved');
    await row('Draft Posts', title).waitFor();
    const saved = (await (await page.request.get(`${suite.t.baseUrl}/api/articles?admin=true`)).json()) as { title: string; publishedAt: string }[];
    expect(saved.find((item) => item.title === title)?.publishedAt).toBe('2030-07-01T08:00:00.000Z');
  });
});
