import type { Page } from 'playwright-core';
import { newIssueForThreeSubscribers, openDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

// 'Send Now' starts a send this many seconds later, cancellable until then (issue 44; 30 s by default).
const SEND_DELAY_SECONDS = 10;
const suite = browserSuite({ as: 'admin', env: { NEWSLETTER_SEND_DELAY_SECONDS: String(SEND_DELAY_SECONDS) } });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
});

it('composes, previews, tests, schedules, sends and watches an issue, then finds it in the archive', async () => {
  // Three subscribers (without SMTP_URL the messages go to the outbox folder).
  await newIssueForThreeSubscribers(page, t, 'walk');
  await page.getByLabel('Subject').fill('Walk-through issue');
  await page.getByLabel('Preheader').fill('Seen after the subject');
  await page.getByLabel('Intro').fill('Hello **divers**.');
  // The latest posts are offered as cards and chosen by default.
  const firstPost = page.getByRole('checkbox', { name: /^Include / }).first();
  await firstPost.waitFor();
  expect(await firstPost.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await toastShows(page, 'Draft Saved');
  await page.getByRole('listitem').filter({ hasText: 'Walk-through issue' }).getByText('draft').waitFor();

  await page.getByRole('button', { name: 'Preview' }).click();
  await page
    .getByLabel('Text preview')
    .getByText(/Hello divers\./)
    .waitFor();
  const html = page.frameLocator('iframe[title="HTML preview"]');
  await html.getByRole('heading', { name: 'Walk-through issue' }).waitFor();

  // No CONTACT_EMAIL here: the address typed (kept in the outbox without SMTP_URL).
  await page.getByLabel('Test address').fill('editor@example.com');
  await page.getByRole('button', { name: 'Send a Test' }).click();
  await toastShows(page, 'Test Sent', 'A test copy to editor@example.com was kept in the outbox.');

  await page.getByLabel('Send at').fill('2099-06-01T09:30');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await toastShows(page, 'Issue Scheduled');
  await page.getByText(/Status: scheduled, scheduled for/).waitFor();
  await page.getByRole('button', { name: 'Unschedule' }).click();
  await page.getByText('Status: draft').waitFor();

  // Issue 44: it asks, naming the issue and how many get it, then counts down before it starts.
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page.getByRole('alertdialog', { name: '\u201cWalk-through issue\u201d to 3 subscribers now?' }).getByRole('button', { name: 'Send' }).click();
  await toastShows(page, 'Sending Soon');
  await page
    .getByRole('status', { name: 'Send starting' })
    .getByText(/^Sending \u201cWalk-through issue\u201d in \d+ s\.$/)
    .waitFor();
  await page.getByText('Sent 3 · Failed 0 · Pending 0', { exact: false }).waitFor({ timeout: 40_000 });
  // The list beside the editor follows without a reload.
  await page.getByRole('listitem').filter({ hasText: 'Walk-through issue' }).getByText('sent', { exact: true }).waitFor();
  const archive = page.getByRole('link', { name: 'Read it in the web archive' });
  await archive.waitFor();
  await archive.click();
  await page.getByRole('heading', { name: 'Walk-through issue' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/newsletter/issues/walk-through-issue');
}, 90_000);

it('cancels a send inside its window: nothing is sent, and the issue is a draft again', async () => {
  await t.dataSource.query(
    `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken") VALUES ('cancel.test@example.com', true, md5(random()::text))`,
  );
  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  await page.getByRole('button', { name: 'New Issue' }).click();
  await page.getByLabel('Subject').fill('Sent by mistake');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await toastShows(page, 'Draft Saved');
  await page.getByRole('button', { name: 'Send Now' }).click();
  const ask = page.getByRole('alertdialog', { name: /^Send \u201cSent by mistake\u201d to \d+ subscribers? now\?$/ });
  await ask.getByRole('button', { name: 'Send' }).click();
  const starting = page.getByRole('status', { name: 'Send starting' });
  await starting.getByRole('button', { name: 'Cancel send' }).click();
  await toastShows(page, 'Send Cancelled', 'Nothing was sent: the issue is a draft again.');
  await page.getByText('Status: draft').waitFor();
  const [{ id, scheduledAt }] = await t.dataSource.query(`SELECT id, "scheduledAt" FROM newsletter_issues WHERE subject = 'Sent by mistake'`);
  expect(scheduledAt).toBeNull();
  // Past the moment it would have started, still nothing went out.
  await page.waitForTimeout((SEND_DELAY_SECONDS + 3) * 1000);
  const [{ deliveries }] = await t.dataSource.query(`SELECT count(*)::int AS deliveries FROM newsletter_deliveries WHERE "issueId" = $1`, [id]);
  expect(deliveries).toBe(0);
  const [{ status }] = await t.dataSource.query(`SELECT status FROM newsletter_issues WHERE id = $1`, [id]);
  expect(status).toBe('draft');
}, 60_000);

it('F3 the composer shows the refusal, naming it, of a post unpublished since it was chosen', async () => {
  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  await page.getByRole('button', { name: 'New Issue' }).click();
  await page.getByLabel('Subject').fill('Issue with a withdrawn post');
  const firstPost = page.getByRole('checkbox', { name: /^Include / }).first();
  await firstPost.waitFor();
  const title = (await firstPost.getAttribute('aria-label'))!.replace(/^Include /, '');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await toastShows(page, 'Draft Saved');

  // The post goes back to being a draft; the issue still holds it.
  const [articles] = await t.dataSource.query(`UPDATE "articles" SET "published" = false WHERE "title" = $1 RETURNING "id"`, [title]);
  const [reviews] = await t.dataSource.query(`UPDATE "reviews" SET "published" = false WHERE "title" = $1 RETURNING "id"`, [title]);
  const [post] = [...articles.map((row: { id: number }) => `article ${row.id}`), ...reviews.map((row: { id: number }) => `review ${row.id}`)];
  await page.getByLabel('Subject').fill('Issue with a withdrawn post, edited');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await toastShows(page, 'Update Failed', `posts: only published posts can go in an issue; not published: ${post} "${title}"`);
});
