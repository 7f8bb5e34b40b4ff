import { REPORT_TEXT } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { toastShows } from '../support/admin-browser';
import { DESKTOP } from '../support/browser-suite';
import { daysAgo, openSiteForm, refusedThenTaken, yongalaSuite } from '../support/site-forms';
import { axeViolations as violations } from '../support/axe';

/** Issue 45: the condition report form on a site's page, without JavaScript and with it, and the admin's queue. */
const suite = yongalaSuite();
jest.setTimeout(90_000);
let yongala: DiveSite;
beforeAll(() => ({ yongala } = suite));

const stored = async () => (await suite.t.dataSource.query('SELECT visibility, comment, status FROM condition_reports ORDER BY id')) as { comment: string }[];

describe('the report form', () => {
  it('works without JavaScript: a refused post comes back with each message beside its field, then it is taken and listed', async () => {
    await suite.t.dataSource.query('DELETE FROM condition_reports');
    const page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${suite.t.baseUrl}/dive-sites/${yongala.id}`);
    const form = page.getByTestId('site-report-form');
    await form.getByLabel('Date dived').fill(daysAgo(suite.t, 2));
    await form.getByLabel('Visibility (metres)').fill('99');
    await form.getByLabel('What you saw (optional, no links)').fill('Turtles on the bow');
    await form.getByRole('button', { name: 'Send report' }).click();
    await page.waitForURL(/#site-reports$/);
    await form.getByText(REPORT_TEXT.visibility).waitFor();
    await expect(form.getByLabel('What you saw (optional, no links)').inputValue()).resolves.toBe('Turtles on the bow');
    expect(await stored()).toEqual([]);

    await form.getByLabel('Visibility (metres)').fill('18');
    await form.getByLabel('Current').selectOption('Light');
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByRole('status').getByText(REPORT_TEXT.published).waitFor();
    const latest = page.getByTestId('site-reports').getByTestId('site-report');
    await latest.getByText('Turtles on the bow').waitFor();
    await latest.getByText('(2 days ago)').waitFor();
    expect(await stored()).toEqual([{ visibility: 18, comment: 'Turtles on the bow', status: 'published' }]);
  });

  it('works with JavaScript: the server names the bad field at once, and the thanks replace the form', async () => {
    const { form } = await openSiteForm(suite, yongala.id, 'report');
    await form.getByLabel('Date dived').fill(daysAgo(suite.t, 1));
    await refusedThenTaken(
      form,
      'report',
      'What you saw (optional, no links)',
      'Book with us at www.spam-shop.com',
      REPORT_TEXT.noLinks,
      'Giant groper under the stern',
    );
    expect((await stored()).map((row) => row.comment)).toContain('Giant groper under the stern');
  });
});

describe('written offline, sent when back online', () => {
  it('keeps a report written without a connection, shows it waiting, and sends it once when the connection returns', async () => {
    await suite.t.dataSource.query('DELETE FROM condition_reports');
    const { page, form } = await openSiteForm(suite, yongala.id, 'report', 'attached');
    await page.context().setOffline(true);
    await form.getByLabel('Date dived').fill(daysAgo(suite.t, 0));
    await form.getByLabel('Visibility (metres)').fill('25');
    await form.getByLabel('What you saw (optional, no links)').fill('Written on the boat');
    await form.getByRole('button', { name: 'Send report' }).click();
    await page.getByTestId('report-waiting').getByText('Waiting to send').waitFor();
    expect(await stored()).toEqual([]);

    await page.context().setOffline(false);
    await form.getByRole('status').getByText(REPORT_TEXT.published).waitFor();
    await page.getByTestId('report-waiting').waitFor({ state: 'detached' });
    // Opened again, nothing waits and nothing is sent twice.
    await page.reload();
    await page.locator('[data-island="SiteReportForm"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.evaluate(() => localStorage.getItem('adg:report-queue'))).resolves.toBeNull();
    expect(await stored()).toEqual([{ visibility: 25, comment: 'Written on the boat', status: 'published' }]);
  });
});

describe("the admin's queue on /admin/dive-sites", () => {
  it('approves two reports at once, rejects one after asking, and deletes it after asking', async () => {
    const { t, page } = suite;
    await t.dataSource.query('DELETE FROM condition_reports');
    await t.dataSource.query(
      `INSERT INTO condition_reports ("diveSiteId", date, visibility, comment, status) VALUES
         ($1, $2, 12, 'First waiting report', 'pending'), ($1, $2, 20, 'Second waiting report', 'pending'), ($1, $2, 5, 'Third waiting report', 'pending')`,
      [yongala.id, daysAgo(suite.t, 1)],
    );
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    const section = page.getByTestId('reports-queue');
    await section.getByRole('heading', { name: 'Condition reports (3)' }).waitFor();
    const boxes = section.getByRole('checkbox', { name: /Choose the report of SS Yongala/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await section.getByRole('button', { name: 'Approve chosen (2)' }).click();
    await toastShows(page, 'Reports approved', '2 reports approved.');
    await section.getByRole('heading', { name: 'Condition reports (1)' }).waitFor();

    await section.getByRole('button', { name: /Reject the report of SS Yongala/ }).click();
    await page.getByRole('alertdialog', { name: 'Reject Reports' }).getByRole('button', { name: 'Reject' }).click();
    await toastShows(page, 'Report rejected');
    await section.getByText('No reports here.').waitFor();
    await section.getByRole('button', { name: 'Rejected' }).click();
    await section.getByText('Third waiting report').waitFor();
    await section.getByRole('button', { name: /Delete the report of SS Yongala/ }).click();
    await page.getByRole('alertdialog', { name: 'Delete Reports' }).getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Report deleted');

    expect(await stored()).toEqual([
      { visibility: 12, comment: 'First waiting report', status: 'published' },
      { visibility: 20, comment: 'Second waiting report', status: 'published' },
    ]);
    const sitePage = await suite.open(DESKTOP);
    await sitePage.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    await sitePage.getByTestId('site-reports').getByText('Second waiting report').waitFor();
  });
});

describe('accessibility', () => {
  it("finds no axe violation in 'Latest reports' with reports, an old one among them, nor in the admin's queue with rows", async () => {
    const { t, page } = suite;
    await t.dataSource.query('DELETE FROM condition_reports');
    await t.dataSource.query(
      `INSERT INTO condition_reports ("diveSiteId", date, time, visibility, "waterTemperature", current, surge, comment, name, status) VALUES
         ($1, $2, '08:15', 15, 24.5, 'light', 'some', 'Turtles and a bull ray', 'Kim', 'published'),
         ($1, $3, NULL, 8, NULL, NULL, NULL, 'Murky after rain', NULL, 'published'),
         ($1, $2, NULL, 20, NULL, NULL, NULL, 'Waiting one', NULL, 'pending')`,
      [yongala.id, daysAgo(suite.t, 2), daysAgo(suite.t, 20)],
    );
    const visitor = await suite.open(DESKTOP);
    await visitor.goto(`${t.baseUrl}/dive-sites/${yongala.id}#site-reports`);
    await visitor.locator('[data-island="SiteReportForm"][data-hydrated="true"]').waitFor();
    await visitor.getByTestId('site-reports').getByText(REPORT_TEXT.old).waitFor();
    expect(await violations(visitor, '#site-reports')).toEqual([]);
    // The site's card in the explorer says its newest report, hydrated as rendered.
    await visitor.locator('#site-explorer').scrollIntoViewIfNeeded();
    await visitor.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(visitor.getByTestId('site-latest-report').first().textContent()).resolves.toBe('Latest report: vis 15 m, 2 days ago');

    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await page.getByTestId('reports-queue').getByText('Waiting one').waitFor();
    expect(await violations(page, '[data-testid="reports-queue"]')).toEqual([]);
  });
});
