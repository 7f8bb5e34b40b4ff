import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';

/** Issue 30: a site's kind and access as filters, and its status and sources, on cards, the map and its page. */
const suite = browserSuite({ context: DESKTOP });
jest.setTimeout(90_000);
let all: DiveSite[];

beforeAll(async () => {
  all = await suite.t.dataSource.getRepository(DiveSite).find();
});

const named = (name: string) => all.find((site) => site.name === name)!;
const explorer = () => suite.page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
const countText = (n: number) => `Showing ${n} of ${all.length} dive sites`;
const grid = () => suite.page.getByRole('region', { name: 'Dive sites', exact: true });

describe('kind and access filters', () => {
  it('narrow the list to shore wrecks with JavaScript, keep them in the address, and the form does the same without it', async () => {
    const { page, t } = suite;
    const expected = all.filter((site) => site.kind === 'wreck' && site.access !== 'boat');
    expect(expected.length).toBeGreaterThan(1);
    await page.goto(`${t.baseUrl}/dive-sites`);
    await explorer();
    await page.getByLabel('Kind of Site').selectOption('wreck');
    await page.getByLabel('Access').selectOption('shore');
    await page.getByText(countText(expected.length)).waitFor();
    await page.waitForURL(`${t.baseUrl}/dive-sites?kind=wreck&access=shore`);
    await expect(grid().locator('article').first().innerText()).resolves.toMatch(/Kind:\s+Wreck/);

    const noJs = await suite.open({ javaScriptEnabled: false });
    await noJs.goto(`${t.baseUrl}/dive-sites`);
    await noJs.getByLabel('Kind of Site').selectOption('wreck');
    await noJs.getByLabel('Access').selectOption('shore');
    await noJs.getByRole('button', { name: 'Apply filters' }).click();
    await noJs.waitForURL(`${t.baseUrl}/dive-sites?kind=wreck&access=shore`);
    await noJs.getByText(countText(expected.length)).waitFor();
  });
});

describe('status and provenance', () => {
  it("marks Piccaninnie Ponds 'Closed' on its card and map popup, and its page gives the note, date, source, last check and sources", async () => {
    const { page, t } = suite;
    const picca = named('Piccaninnie Ponds');
    await page.goto(`${t.baseUrl}/dive-sites?search=Piccaninnie`);
    await explorer();
    const card = grid().locator('article').filter({ hasText: 'Piccaninnie Ponds' });
    await expect(card.getByTestId('site-status').innerText()).resolves.toBe('Closed');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="dive-site-map"] .dive-site-marker').length === 1);
    await page.locator('[data-testid="dive-site-map"] .dive-site-marker').first().click();
    await page.locator('.leaflet-popup').getByText('Closed', { exact: true }).waitFor();

    await page.goto(`${t.baseUrl}/dive-sites/${picca.id}`);
    const status = page.getByTestId('site-status').first();
    await expect(status.getByRole('heading').innerText()).resolves.toBe('Status: Closed');
    await status.getByText('Closed to diving and snorkelling since late February 2023', { exact: false }).waitFor();
    await expect(status.getByRole('link', { name: 'Source: parks.sa.gov.au' }).getAttribute('href')).resolves.toBe(picca.statusSource);
    const foot = page.getByTestId('site-sources');
    // Issue 43: a date of checking only from a recorded check, with its sources linked; else it says none was made.
    const [check] = await t.dataSource.query(
      `SELECT "checkedOn"::text AS day, sources FROM dive_site_checks WHERE "diveSiteId" = $1 ORDER BY "checkedOn" DESC, id DESC LIMIT 1`,
      [picca.id],
    );
    const note = foot.getByTestId('site-check');
    if (check) {
      await expect(note.innerText()).resolves.toMatch(/^Checked \d{1,2} \w+ \d{4} against /);
      await expect(note.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).resolves.toEqual(
        check.sources.map((source: { url: string }) => source.url),
      );
    } else {
      await expect(note.innerText()).resolves.toContain('have not yet been checked against a published source');
    }
    await expect(
      foot
        .getByRole('listitem')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).resolves.toEqual(picca.sources.map((source) => source.url));
  });

  it("marks ex-HMAS Brisbane 'Restricted' with its note and source, without JavaScript too", async () => {
    const { t } = suite;
    const brisbane = named('ex-HMAS Brisbane');
    const noJs = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await noJs.goto(`${t.baseUrl}/dive-sites?search=${encodeURIComponent('ex-HMAS Brisbane')}`);
    const card = noJs.getByRole('region', { name: 'Dive sites', exact: true }).locator('article').filter({ hasText: 'ex-HMAS Brisbane' });
    await expect(card.getByTestId('site-status').innerText()).resolves.toBe('Restricted');
    await noJs.goto(`${t.baseUrl}/dive-sites/${brisbane.id}`);
    const status = noJs.getByTestId('site-status').first();
    await expect(status.getByRole('heading').innerText()).resolves.toBe('Status: Restricted since 1 May 2025');
    await status.getByText('Guided dives outside the hull only', { exact: false }).waitFor();
    await expect(status.getByRole('link', { name: /^Source: / }).getAttribute('href')).resolves.toBe(brisbane.statusSource);
    await expect(noJs.getByTestId('key-facts').innerText()).resolves.toContain('Boat dive');
    await expect(noJs.locator('h1 + p').innerText()).resolves.toContain('Wreck');
    await expect(noJs.getByTestId('site-sources').getByRole('listitem').count()).resolves.toBe(brisbane.sources.length);
  });
});
