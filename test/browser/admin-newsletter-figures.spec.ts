import { MailService } from 'src/mail/mail.service';
import { newIssueForThreeSubscribers, openSection, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import { keptMailIn, type ParsedMail } from '../api/newsletter-mail-parser';
import { axeViolations as violations } from '../support/axe';

/**
 * Issue 44 item 6, as the administrator sees it: an issue sent (to the outbox, the mail stand-in without
 * SMTP_URL), a reader following its link to a review and that review's 'Check Price', then the issue's
 * figures (delivered, clicks per link) and Insights naming the review and the issue that led to the click.
 */
const suite = browserSuite({ as: 'admin' });
// A reader's browser: headless Chromium's own user agent is a bot's, which nothing counts.
const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SUBJECT = 'Which issue earned';

/** The text part of the issue's email kept in the outbox for `address`, once the send wrote it. */
async function keptIssue(address: string): Promise<string> {
  const dir = suite.t.app.get(MailService).outboxDir;
  const wanted = (each: ParsedMail) => each.headers.to === address && each.headers.subject === SUBJECT;
  return (await keptMailIn(dir, wanted, 300, `no kept issue to ${address}`)).text;
}

it("sends an issue, counts a reader's click on its link per link, and Insights names the review and the issue that led to the purchase-link click", async () => {
  const { t, page } = suite;
  // The review with a purchase link is the newest post, so the composer offers it first; three subscribers.
  const [review] = await t.dataSource.query(`SELECT id, slug, title FROM reviews WHERE published AND "purchaseLink" <> '' ORDER BY id LIMIT 1`);
  await t.dataSource.query(`UPDATE reviews SET "publishedAt" = now() - interval '1 minute' WHERE id = $1`, [review.id]);

  await newIssueForThreeSubscribers(page, t, 'figures');
  await page.getByLabel('Subject').fill(SUBJECT);
  await page.getByRole('checkbox', { name: `Include ${review.title}` }).waitFor();
  expect(await page.getByRole('checkbox', { name: `Include ${review.title}` }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await toastShows(page, 'Draft Saved');
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page
    .getByRole('alertdialog', { name: `Send \u201c${SUBJECT}\u201d to 3 subscribers now?` })
    .getByRole('button', { name: 'Send' })
    .click();
  const figures = page.getByRole('region', { name: 'Figures' });
  await figures.getByText('Delivered 3').waitFor({ timeout: 40_000 });
  await figures.getByText('Link clicks 0').waitFor();

  // A reader opens the email and follows the review's link (the site's own redirect), then its 'Check Price'.
  const text = await keptIssue('figures.1@example.com');
  const link = new RegExp(`Read it: http://localhost:3000(/r/\\d+/\\d+)`).exec(text)![1];
  const reader = await suite.open({ userAgent: READER_AGENT });
  await reader.goto(`${t.baseUrl}${link}`);
  await reader.getByRole('heading', { level: 1, name: review.title }).waitFor();
  expect(new URL(reader.url()).pathname).toBe(`/gear-reviews/${review.slug}`);
  const [shop] = await Promise.all([
    reader.waitForEvent('popup'),
    reader
      .getByRole('link', { name: /^Check Price/ })
      .first()
      .click(),
  ]);
  await shop.waitForEvent('requestfailed').catch(() => undefined);

  // The issue's report: the click on the review's link, none on the others.
  await page.reload();
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  await page.getByRole('button', { name: `Report ${SUBJECT}` }).click();
  await figures.getByText('Delivered 3').waitFor();
  await figures.getByText('Failed 0').waitFor();
  await figures.getByText('Link clicks 1').waitFor();
  const perLink = figures.getByRole('region', { name: 'Clicks per link' });
  const reviewRow = perLink.getByRole('row').filter({ hasText: review.title });
  expect(await reviewRow.getByRole('cell').last().innerText()).toBe('1 click');
  const archiveRow = perLink.getByRole('row').filter({ hasText: 'Read this issue on the web' });
  expect(await archiveRow.getByRole('cell').last().innerText()).toBe('0 clicks');
  expect(await violations(page, '[aria-labelledby="issue-figures-heading"]')).toEqual([]);

  // Insights: the purchase-link click, from that review, brought by that issue, on an Australian day.
  await page.getByRole('tab', { name: 'Insights' }).click();
  await page.getByRole('heading', { name: 'Insights' }).waitFor();
  await page.getByText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4} to \d{1,2} [A-Z][a-z]{2,3} \d{4}: \d+ page views?, 1 purchase-link click\.$/).waitFor();
  const sources = page.getByRole('region', { name: 'Sources of the clicks on purchase links' });
  const row = sources.getByRole('row').filter({ hasText: SUBJECT });
  const cells = await row.getByRole('cell').allInnerTexts();
  expect(cells.slice(0, 4)).toEqual([review.title, review.title, SUBJECT, '1 purchase-link click']);
  expect(cells[4]).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2,3}$/);
  expect(await violations(page, '[role="tabpanel"]')).toEqual([]);

  // The Overview's 'Last newsletter issue' carries the same figures.
  await openSection(page, 'Overview');
  const lastIssue = page.locator('dl[aria-label="Last issue figures"]');
  await lastIssue.getByText('Delivered', { exact: true }).waitFor();
  expect(await lastIssue.innerText()).toMatch(/Delivered\s+3\s+Failed\s+0\s+Link clicks\s+1/);
}, 90_000);
