import type { Page } from 'playwright-core';
import { CHECK_TEXT, NOTICE_TEXT } from 'core/dive-sites/provenance';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';
import { islandReady, toastShows } from '../support/admin-browser';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { axeViolations as violations } from '../support/axe';

/**
 * Issue 43: a notice over several sites on their pages, cards, map popups and region page; the 'needs
 * checking' queue and 'Mark checked'; a site's page with and without a recorded check; axe on both screens.
 */
const suite = browserSuite({ as: 'admin' });
jest.setTimeout(120_000);

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const NAMES = ['Ile des Phoques', 'Troy D', 'Hippolyte Rocks'];
let covered: DiveSite[];
let today: string;

beforeAll(async () => {
  const sites = suite.t.dataSource.getRepository(DiveSite);
  covered = await Promise.all(NAMES.map((name) => sites.findOneByOrFail({ name })));
  today = suite.t.app.get(SiteFactsService).today();
});

async function openAdminScreen(page: Page): Promise<void> {
  await page.goto(`${suite.t.baseUrl}/admin/dive-sites`);
  await islandReady(page, 'AdminDiveSites');
  await page.getByRole('heading', { name: 'Dive Site Management' }).waitFor();
}

describe('a notice over several sites', () => {
  it('is added on the admin screen and shows on each site page, card and map popup, and on the region page', async () => {
    const { page, t } = suite;
    await openAdminScreen(page);
    await page.getByRole('button', { name: 'Add notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add notice' });
    await dialog.getByLabel('Title', { exact: true }).fill('Test bloom off the east coast');
    await dialog.getByLabel('Body', { exact: true }).fill('Discoloured water and dead fish reported; check the state advice before diving.');
    await dialog.getByLabel('Starts on').fill(today);
    await dialog.getByLabel('Source title').fill('Tasmanian test agency');
    await dialog.getByLabel('Source address').fill('https://www.example.org/tas-bloom');
    // No site chosen: the server's message, and nothing saved.
    await dialog.getByRole('button', { name: 'Add notice' }).click();
    await dialog.getByRole('alert').getByText(NOTICE_TEXT.sites).waitFor();
    for (const name of NAMES) {
      await dialog.getByLabel('Find a dive site to add').fill(name);
      await dialog.getByRole('button', { name: `Add ${name}` }).click();
      await dialog.getByRole('button', { name: `Remove ${name}` }).waitFor();
    }
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Add notice' }).click();
    await toastShows(page, 'Notice added', "'Test bloom off the east coast' covers 3 sites.");
    const listed = page.getByTestId('admin-notice').filter({ hasText: 'Test bloom off the east coast' });
    await listed.getByText('In force', { exact: false }).waitFor();

    let popups = 0;
    for (const site of covered) {
      await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
      const notice = page.getByTestId('site-notices').getByTestId('notice');
      await expect(notice.getByRole('heading').innerText()).resolves.toBe('Test bloom off the east coast');
      await expect(notice.getByRole('link', { name: 'Source: Tasmanian test agency' }).getAttribute('href')).resolves.toBe('https://www.example.org/tas-bloom');
      await notice.getByText(`Since ${longDay(today)}`).waitFor();

      await page.goto(`${t.baseUrl}/dive-sites?search=${encodeURIComponent(site.name)}`);
      await islandReady(page, 'DiveSiteExplorer');
      const card = page.getByRole('region', { name: 'Dive sites', exact: true }).locator('article').filter({ hasText: site.name }).first();
      await expect(card.getByTestId('card-notice').innerText()).resolves.toBe('Notice: Test bloom off the east coast');
      // The popup: where the search finds this site alone (another site's text may name it, and share its spot on the map).
      const matches = (await (await page.request.get(`${t.baseUrl}/api/dive-sites/map/matches?search=${encodeURIComponent(site.name)}`)).json()) as {
        ids: number[];
      };
      if (matches.ids.length !== 1) continue;
      popups++;
      const marker = page.locator(`[data-testid="dive-site-map"] .dive-site-marker[title="${site.name}"]`);
      await marker.waitFor();
      await marker.click();
      const popup = page.locator('.leaflet-popup-content');
      await popup.getByRole('heading', { name: site.name }).waitFor();
      await expect(popup.getByTestId('popup-notice').innerText()).resolves.toContain('Notice: Test bloom off the east coast');
    }

    expect(popups).toBeGreaterThanOrEqual(2);

    await page.goto(`${t.baseUrl}/dive-sites?region=Tasmania`);
    const region = page.getByTestId('site-notices');
    await region.getByRole('heading', { name: 'Notices in Tasmania' }).waitFor();
    await region.getByRole('heading', { name: 'Test bloom off the east coast' }).waitFor();

    // Ended on the admin screen: gone from the pages.
    await openAdminScreen(page);
    await page.getByRole('button', { name: 'End notice Test bloom off the east coast' }).click();
    await toastShows(page, 'Notice ended');
    await page.goto(`${t.baseUrl}/dive-sites/${covered[0].id}`);
    await page.getByTestId('site-panel').waitFor();
    expect(await page.getByTestId('site-notices').count()).toBe(0);
  });
});

describe("the 'needs checking' queue", () => {
  it("leads with a site never checked; 'Mark checked' records the day, the fields and the sources, and the page shows them", async () => {
    const { page, t } = suite;
    // A site never checked, whatever the seed leaves unchecked (it checks every site): one whose checks are
    // removed here, not one of this file's notice sites.
    const [unchecked] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE id <> ALL($1) ORDER BY id LIMIT 1`, [covered.map((site) => site.id)]);
    await t.dataSource.query(`DELETE FROM dive_site_checks WHERE "diveSiteId" = $1`, [unchecked.id]);
    await t.dataSource.query(`UPDATE dive_sites SET "lastChecked" = NULL WHERE id = $1`, [unchecked.id]);
    const [head] = (await t.app.get(SiteFactsService).queue({ limit: 1, offset: 0 })).rows;
    expect(head.lastCheck).toBeNull();
    await openAdminScreen(page);
    const rows = page.getByRole('list', { name: 'Sites to check' }).getByTestId('check-row');
    await expect(rows.first().innerText()).resolves.toContain(head.site.name);
    await expect(rows.first().innerText()).resolves.toContain('Never checked');
    expect(await violations(page)).toEqual([]);

    await rows
      .first()
      .getByRole('button', { name: `Mark checked: ${head.site.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Mark ${head.site.name} checked` });
    await expect(dialog.getByLabel('Checked on').inputValue()).resolves.toBe(today);
    await dialog.getByLabel('Position', { exact: true }).check();
    await dialog.getByLabel('Depth range', { exact: true }).check();
    // Without a source: refused, with the reason.
    await dialog.getByRole('button', { name: 'Record check' }).click();
    await dialog.getByRole('alert').getByText(CHECK_TEXT.sources).waitFor();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Sources', { exact: true }).fill('Published mark | https://www.example.org/published-mark');
    await dialog.getByRole('button', { name: 'Record check' }).click();
    await toastShows(page, 'Marked checked');
    await page.waitForFunction((name) => !document.querySelector('[data-testid="check-row"]')?.textContent?.includes(name), head.site.name);

    const [saved] = await t.dataSource.query(`SELECT "checkedOn"::text AS day, fields, by, sources FROM dive_site_checks WHERE "diveSiteId" = $1`, [
      head.site.id,
    ]);
    expect(saved).toEqual({
      day: today,
      fields: ['position', 'depth'],
      by: 'editor',
      sources: [{ title: 'Published mark', url: 'https://www.example.org/published-mark' }],
    });
    await page.goto(`${t.baseUrl}/dive-sites/${head.site.id}`);
    const note = page.getByTestId('site-check');
    await expect(note.innerText()).resolves.toBe(`Checked ${longDay(today)} against Published mark (position, depth range).`);
  });
});

describe("a site's page", () => {
  it('with a recorded check says when and against which sources, linked; without one, says so and invites a correction', async () => {
    const { t } = suite;
    const [checked] = await t.dataSource.query(
      `SELECT DISTINCT ON (c."diveSiteId") c."diveSiteId" AS id, c."checkedOn"::text AS day, c.sources FROM dive_site_checks c
       WHERE c.fields <> '["position", "depth"]'::jsonb ORDER BY c."diveSiteId", c."checkedOn" DESC, c.id DESC LIMIT 1`,
    );
    // A site without a recorded check, whatever the seed still leaves unchecked: one whose checks are removed
    // here (not a site this file has shown or marked, so no page of it is cached).
    const [unchecked] = await t.dataSource.query(
      `SELECT id FROM dive_sites site WHERE id <> ALL($1)
         AND NOT EXISTS (SELECT 1 FROM dive_site_checks c WHERE c."diveSiteId" = site.id AND c.sources::text LIKE '%example.org%')
       ORDER BY id DESC LIMIT 1`,
      [[checked.id, ...covered.map((site) => site.id)]],
    );
    await t.dataSource.query(`DELETE FROM dive_site_checks WHERE "diveSiteId" = $1`, [unchecked.id]);
    await t.dataSource.query(`UPDATE dive_sites SET "lastChecked" = NULL WHERE id = $1`, [unchecked.id]);
    // Server-rendered: the same without JavaScript.
    const page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/dive-sites/${checked.id}`);
    const note = page.getByTestId('site-check');
    await expect(note.innerText()).resolves.toMatch(new RegExp(`^Checked ${longDay(checked.day)} against `));
    await expect(note.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).resolves.toEqual(
      checked.sources.map((source: { url: string }) => source.url),
    );
    expect(await page.getByText('Last checked').count()).toBe(0);

    await page.goto(`${t.baseUrl}/dive-sites/${unchecked.id}`);
    await expect(page.getByTestId('site-check').innerText()).resolves.toBe(
      "This site's facts have not yet been checked against a published source. If you know one, suggest a correction.",
    );
    await page.getByTestId('site-check').getByRole('link', { name: 'suggest a correction' }).click();
    await page.waitForURL(/#suggest-correction$/);
    await page.getByTestId('suggest-correction').waitFor();
  });

  it('has no axe violation with a notice and a recorded check', async () => {
    const { page, t } = suite;
    const [checked] = await t.dataSource.query(`SELECT "diveSiteId" AS id FROM dive_site_checks ORDER BY id LIMIT 1`);
    const created = await page.request.post(`${t.baseUrl}/api/admin/notices`, {
      headers: { Origin: t.siteOrigin },
      data: {
        title: 'Test axe notice',
        body: 'A body.',
        startsOn: today,
        sourceTitle: 'Test source',
        sourceUrl: 'https://www.example.org/axe',
        siteIds: [checked.id],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto(`${t.baseUrl}/dive-sites/${checked.id}`);
    await page.getByTestId('site-notices').getByText('Test axe notice').waitFor();
    await page.getByTestId('site-check').getByText('Checked', { exact: false }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
