import type { Page } from 'playwright-core';
import { openDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
});

describe('newsletter tab', () => {
  it('edits a subscriber and then deletes them after confirming', async () => {
    await t.dataSource.query(
      `INSERT INTO newsletters (email, subscribed, "unsubscribeToken") VALUES ('reef.diver@example.com', true, md5(random()::text)), ('wreck.fan@example.com', true, md5(random()::text))`,
    );
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Newsletter' }).click();
    const table = page.getByRole('region', { name: 'Subscribers' });
    const subscriberRow = (email: string) => table.getByRole('row').filter({ hasText: email });
    await subscriberRow('reef.diver@example.com').waitFor();
    await page.getByText(/^\d+ Total Subscribers$/).waitFor();

    await subscriberRow('reef.diver@example.com').getByRole('button', { name: 'Edit' }).click();
    const email = page.getByLabel('Email Address');
    expect(await email.inputValue()).toBe('reef.diver@example.com');
    await email.fill('');
    await page.getByRole('button', { name: 'Update Subscriber' }).click();
    await toastShows(page, 'Missing Information', 'Please fill in all required fields.');
    await email.fill('reef.diver@example.org');
    await page.getByLabel('Active Subscription').uncheck();
    await page.getByRole('button', { name: 'Update Subscriber' }).click();
    await toastShows(page, 'Subscriber Updated');
    await subscriberRow('reef.diver@example.org').getByText('Unsubscribed').waitFor();
    await page.getByRole('button', { name: 'Update Subscriber' }).waitFor({ state: 'detached' });

    await subscriberRow('reef.diver@example.org').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this newsletter subscriber?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Subscriber Deleted');
    await subscriberRow('reef.diver@example.org').waitFor({ state: 'detached' });
    await subscriberRow('wreck.fan@example.com').waitFor();
    const rows = await t.dataSource.query(`SELECT email FROM newsletters WHERE email LIKE 'reef.diver@%'`);
    expect(rows).toEqual([]);
  });

  it('F11 shows a sign-up still waiting for its owner’s click as "Waiting for confirmation", apart from the active and the unsubscribed', async () => {
    await t.dataSource.query(
      `INSERT INTO newsletters (email, subscribed, "unsubscribeToken", "confirmToken", "confirmRequestedAt")
       VALUES ('waiting.diver@example.com', false, md5(random()::text), md5(random()::text), now())`,
    );
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Newsletter' }).click();
    const row = page.getByRole('region', { name: 'Subscribers' }).getByRole('row').filter({ hasText: 'waiting.diver@example.com' });
    await row.getByText('Waiting for confirmation', { exact: true }).waitFor();
    await expect(row.getByText('Active', { exact: true }).count()).resolves.toBe(0);
    await expect(row.getByText('Unsubscribed', { exact: true }).count()).resolves.toBe(0);
  });
});

describe('comment administration', () => {
  it('filters the comments and deletes one once confirmed', async () => {
    const [article] = await t.dataSource.query(`SELECT id, title FROM articles WHERE published ORDER BY id LIMIT 1`);
    await t.dataSource.query(
      `INSERT INTO comments ("articleId", name, email, content, "createdAt") VALUES
         ($1, 'Spammy McSpamface', 'spam@example.com', 'Buy cheap fins now at my totally legit shop!!!', now() - interval '2 hours'),
         ($1, 'Marnie from Byron', NULL, 'Julian Rocks in winter was magic, grey nurse sharks everywhere.', now() - interval '5 minutes')`,
      [article.id],
    );
    await page.goto(`${t.baseUrl}/admin/comments`);
    await page.getByRole('heading', { name: 'Comment Management' }).waitFor();
    const comments = page.getByRole('list', { name: 'Comments' });
    const spam = comments.getByRole('listitem').filter({ hasText: 'Spammy McSpamface' });
    await spam.getByText('spam@example.com').waitFor();
    await spam.getByText('Submitted about 2 hours ago').waitFor();
    await spam.getByText(`Comment on: ${article.title}`).waitFor();
    expect(await page.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Pending' }).click();
    await page.getByRole('heading', { name: 'No comments found.' }).waitFor();
    // Comments exist: the empty list is the filter's, not the site's.
    await page.getByText('No pending comments.').waitFor();
    expect(await page.getByText('There are no comments yet.').count()).toBe(0);
    await page.getByRole('button', { name: 'Approved' }).click();
    await spam.waitFor();
    await comments.getByRole('listitem').filter({ hasText: 'Marnie from Byron' }).getByText('Submitted 5 minutes ago').waitFor();

    // Asked first: Cancel keeps the comment.
    await spam.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Comment' });
    await dialog.getByText('Are you sure you want to delete this comment by Spammy McSpamface? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await spam.waitFor();
    expect(await t.dataSource.query(`SELECT id FROM comments WHERE name = 'Spammy McSpamface'`)).toHaveLength(1);

    await spam.getByRole('button', { name: /^Delete/ }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Comment deleted', 'The comment has been permanently deleted.');
    await spam.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'All' }).click();
    await comments.getByRole('listitem').filter({ hasText: 'Marnie from Byron' }).waitFor();
    expect(await spam.count()).toBe(0);
    const left = await t.dataSource.query(`SELECT id FROM comments WHERE name = 'Spammy McSpamface'`);
    expect(left).toEqual([]);
  });
});

describe('rating administration', () => {
  it('is reached from the dashboard, lists the latest ratings with their site and deletes one', async () => {
    const [site] = await t.dataSource.query(`SELECT id, name FROM dive_sites ORDER BY id LIMIT 1`);
    await t.dataSource.query(
      `INSERT INTO dive_site_ratings ("diveSiteId", rating, comment, "ipAddress", "createdAt") VALUES ($1, 1, 'Fake review from a rival shop', '198.51.100.9', now() - interval '3 hours')`,
      [site.id],
    );
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('link', { name: 'Manage Ratings' }).click();
    await page.getByRole('heading', { name: 'Rating Management' }).waitFor();
    const rating = page.getByRole('list', { name: 'Ratings' }).getByRole('listitem').filter({ hasText: 'Fake review from a rival shop' });
    await rating.getByRole('link', { name: site.name }).waitFor();
    await rating.getByRole('img', { name: '1 out of 5 stars' }).waitFor();
    await rating.getByText('Submitted about 3 hours ago').waitFor();
    expect(await page.getByText('198.51.100.9').count()).toBe(0);

    await rating.getByRole('button', { name: `Delete rating of ${site.name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete Rating' }).getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Rating deleted');
    await rating.waitFor({ state: 'detached' });
    expect(await t.dataSource.query(`SELECT id FROM dive_site_ratings WHERE comment = 'Fake review from a rival shop'`)).toEqual([]);
  });
});

describe('signing out', () => {
  it('ends the session with Logout and shows the login form again', async () => {
    await openDashboard(page, t);
    // An admin request still in flight saves its (touched) session as it finishes, which would store
    // the session again after the sign-out; the page settles first.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // Signing out on purpose is not an expiry.
    expect(await page.getByText('Session expired. Please log in again.').count()).toBe(0);
    const session = await page.request.get(`${t.baseUrl}/api/admin/session`);
    expect(session.status()).toBe(401);
    await page.goto(`${t.baseUrl}/admin/comments`);
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
  });
});
