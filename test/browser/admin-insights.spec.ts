import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { PageViewsService } from 'src/insights/page-views.service';
import { openDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';

/** Issue 32: the owner opens 'Insights', reads the views and clicks readers made, changes the period and saves the CSV. */
const suite = browserSuite({ as: 'admin' });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

it('shows the charts, the top reviews and a review’s clicks with the click-through rate, by period, and downloads the CSV', async () => {
  const { t, page } = suite;
  const [review] = await t.dataSource.query(`SELECT slug, title FROM reviews WHERE published = true AND "purchaseLink" <> '' ORDER BY id LIMIT 1`);
  // A reader (no session) reads the review and follows its 'Check Price'.
  await request(t.baseUrl).get(`/gear-reviews/${review.slug}`).set('User-Agent', BROWSER).expect(200);
  await request(t.baseUrl).get(`/go/review/${review.slug}`).set('User-Agent', BROWSER).redirects(0).expect(302);
  await t.app.get(PageViewsService).flush();

  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Insights' }).click();
  await page.getByRole('heading', { name: 'Insights' }).waitFor();
  await page.getByRole('img', { name: 'Page views per day: 1 in all' }).waitFor();
  await page.getByRole('img', { name: 'Purchase-link clicks per day: 1 in all' }).waitFor();
  expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');

  const topReviews = page.locator('div', { has: page.getByRole('heading', { name: 'Top reviews' }) }).last();
  await topReviews.getByRole('link', { name: review.title }).waitFor();
  const row = page.getByRole('region', { name: 'Purchase-link clicks' }).getByRole('row').filter({ hasText: review.title });
  expect(await row.getByRole('cell').allInnerTexts()).toEqual([review.title, '1', '1', '100.0%']);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  // Issue 44 item 6: Australian dates, and each count's noun in its number.
  await page.getByText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4} to \d{1,2} [A-Z][a-z]{2,3} \d{4}: 1 page view, 1 purchase-link click\.$/).waitFor();
  // One bar per day of the period.
  expect(
    await page
      .getByRole('img', { name: /^Page views per day/ })
      .locator('rect')
      .count(),
  ).toBe(7);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^insights-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('"type","name","path","views","clicks","click_through_rate"');
  expect(csv).toContain(`"/go/review/${review.slug}",1,1,1`);
});
