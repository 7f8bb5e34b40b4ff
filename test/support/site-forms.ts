import { CORRECTION_TEXT } from 'core/dive-sites/corrections';
import type { Locator } from 'playwright-core';
import { dayIn, REPORT_TEXT } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite, DESKTOP, type BrowserSuite } from './browser-suite';
import type { TestApp } from './test-app';

/**
 * The signed-in administrator's suite for a file about the forms on SS Yongala's page: `yongala` is the
 * site, read once the app started, and each test starts with no rate limit used up by the one before.
 */
export function yongalaSuite(): BrowserSuite & { readonly yongala: DiveSite } {
  const suite = browserSuite({ as: 'admin' });
  let yongala: DiveSite;
  beforeAll(async () => {
    yongala = await suite.t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
  });
  beforeEach(async () => {
    await suite.t.dataSource.query('DELETE FROM rate_limits');
  });
  return Object.defineProperty(suite, 'yongala', { get: () => yongala }) as BrowserSuite & { readonly yongala: DiveSite };
}

/** The forms on a dive site's page: each one's anchor, island, test id, button and thanks. */
const SITE_FORMS = {
  report: { anchor: 'site-reports', island: 'SiteReportForm', testId: 'site-report-form', send: 'Send report', thanks: REPORT_TEXT.published },
  correction: {
    anchor: 'suggest-correction',
    island: 'SuggestCorrection',
    testId: 'suggest-correction',
    send: 'Send correction',
    thanks: CORRECTION_TEXT.thanks,
  },
};

/**
 * A dive site's page opened at one of its forms in a fresh desktop window, once the form's island has
 * hydrated (`attached`: present though maybe not shown yet, for a test that goes offline at once).
 */
export async function openSiteForm(suite: BrowserSuite, siteId: number, which: keyof typeof SITE_FORMS, state: 'visible' | 'attached' = 'visible') {
  const { anchor, island, testId } = SITE_FORMS[which];
  const page = await suite.open(DESKTOP);
  await page.goto(`${suite.t.baseUrl}/dive-sites/${siteId}#${anchor}`);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ state });
  return { page, form: page.getByTestId(testId) };
}

/** The day `days` before today as the site's zone counts it. */
export function daysAgo(t: TestApp, days: number): string {
  const today = dayIn(new Date(), t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Sends a site form (with JavaScript) with `field` holding `bad`: `message` shows and the field is marked
 * invalid; then sends it again with `field` holding `good`, and the form's thanks show in its status.
 */
export async function refusedThenTaken(form: Locator, which: keyof typeof SITE_FORMS, field: string, bad: string, message: string, good: string) {
  const { send, thanks } = SITE_FORMS[which];
  await form.getByLabel(field).fill(bad);
  await form.getByRole('button', { name: send }).click();
  await form.getByText(message).waitFor();
  await expect(form.getByLabel(field).getAttribute('aria-invalid')).resolves.toBe('true');
  await form.getByLabel(field).fill(good);
  await form.getByRole('button', { name: send }).click();
  await form.getByRole('status').getByText(thanks).waitFor();
}
