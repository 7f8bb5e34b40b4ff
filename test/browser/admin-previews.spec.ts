import { listRow, openDashboard, openSection, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';

/**
 * Issue 32: the owner previews a draft as it will look, shares it with a colleague who is not signed in
 * (the colleague opens the link in a browser of their own), then withdraws the link.
 */
const suite = browserSuite({ as: 'admin' });

it('previews a draft, copies a share link a colleague can open without signing in, and withdraws it', async () => {
  const { t, page } = suite;
  const [draft] = await t.dataSource.query(
    `INSERT INTO articles (title, slug, excerpt, content, category, "imageUrl", published)
     VALUES ('Diving the Pinnacles off Port Stephens', 'pinnacles-port-stephens-draft', 'A draft about the Pinnacles.', 'Grey nurse sharks **rest in the gutters**.', 'Dive Sites', '/media/hero.jpg', false)
     RETURNING id, title`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
  await openDashboard(page, t);
  await openSection(page, 'Blog');
  const row = listRow(page, 'Draft Posts', draft.title);

  const [preview] = await Promise.all([page.waitForEvent('popup'), row.getByRole('link', { name: `Preview ${draft.title} (opens in a new tab)` }).click()]);
  await preview.getByRole('note', { name: 'Preview' }).getByText('Draft. Readers cannot see this page until it is published.', { exact: false }).waitFor();
  await preview.getByRole('heading', { level: 1, name: draft.title }).waitFor();
  expect(await preview.locator('.prose-body strong').innerText()).toBe('rest in the gutters');
  await preview.close();

  await row.getByRole('button', { name: `Copy share link for ${draft.title}` }).click();
  await toastShows(page, 'Share Link Copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/preview/articles/${draft.id}\\?share=`));

  // A colleague, not signed in, in a browser of their own.
  const colleague = await suite.open();
  await colleague.goto(link.replace(new URL(link).origin, t.baseUrl));
  await colleague.getByRole('heading', { level: 1, name: draft.title }).waitFor();
  expect(await colleague.getByRole('note', { name: 'Preview' }).isVisible()).toBe(true);

  await row.getByRole('button', { name: `Withdraw share links for ${draft.title}` }).click();
  await toastShows(page, 'Share Links Withdrawn', 'Its share link no longer opens it.');
  await colleague.reload();
  await colleague.getByRole('heading', { level: 1, name: 'Preview not available' }).waitFor();
  expect(await colleague.getByText(draft.title).count()).toBe(0);
});
