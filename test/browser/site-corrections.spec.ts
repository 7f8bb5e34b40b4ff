import { CORRECTION_TEXT } from 'core/dive-sites/corrections';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { toastShows } from '../support/admin-browser';
import { DESKTOP } from '../support/browser-suite';
import { openSiteForm, refusedThenTaken, yongalaSuite } from '../support/site-forms';

/** Issue 30: 'Suggest a correction' on a site's page, without JavaScript and with it, and the admin's queue. */
const suite = yongalaSuite();
jest.setTimeout(90_000);
let yongala: DiveSite;
beforeAll(() => ({ yongala } = suite));

const queue = async () =>
  (await suite.t.dataSource.query('SELECT field, suggestion, "sourceUrl" FROM site_corrections ORDER BY id')) as { field: string; suggestion: string }[];

describe("'Suggest a correction'", () => {
  it('works without JavaScript: a refused post comes back with each message beside its field and what was typed, then it is taken', async () => {
    await suite.t.dataSource.query('DELETE FROM site_corrections');
    const page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${suite.t.baseUrl}/dive-sites/${yongala.id}`);
    const form = page.getByTestId('suggest-correction');
    await form.getByLabel('What it should say').fill('Short');
    await form.getByRole('button', { name: 'Send correction' }).click();
    await page.waitForURL(/#suggest-correction$/);
    await form.getByText(CORRECTION_TEXT.fieldRequired).waitFor();
    await form.getByText(CORRECTION_TEXT.sourceRequired).waitFor();
    await expect(form.getByLabel('What it should say').inputValue()).resolves.toBe('Short');
    expect(await queue()).toEqual([]);

    await form.getByLabel('What to correct').selectOption('Hazards');
    await form.getByLabel('What it should say').fill('Strong currents; the wreck is a protected site: no entry.');
    await form.getByLabel('Source (web address)').fill('https://www.example.org/yongala-permits');
    await form.getByRole('button', { name: 'Send correction' }).click();
    await form.getByRole('status').getByText(CORRECTION_TEXT.thanks).waitFor();
    expect(await queue()).toEqual([
      { field: 'hazards', suggestion: 'Strong currents; the wreck is a protected site: no entry.', sourceUrl: 'https://www.example.org/yongala-permits' },
    ]);
  });

  it('works with JavaScript: the messages show at once, and the thanks replace the form', async () => {
    const { form } = await openSiteForm(suite, yongala.id, 'correction');
    await form.getByLabel('What to correct').selectOption('Depth');
    await form.getByLabel('What it should say').fill('14-30m to the sand');
    await refusedThenTaken(form, 'correction', 'Source (web address)', 'not a link', CORRECTION_TEXT.sourceRequired, 'https://www.example.org/yongala-depth');
    expect((await queue()).map((row) => row.suggestion)).toContain('14-30m to the sand');
  });
});

describe("the admin's queue on /admin/dive-sites", () => {
  it('accepts a correction (the site takes the words and the source) and rejects another', async () => {
    const { t, page } = suite;
    await t.dataSource.query('DELETE FROM site_corrections');
    await t.dataSource.query(
      `INSERT INTO site_corrections ("diveSiteId", field, suggestion, "sourceUrl") VALUES
         ($1, 'waterTemp', '22-28°C', 'https://www.example.org/yongala-temperatures'),
         ($1, 'visibility', 'Always 100 m, guaranteed', 'https://www.example.org/tall-tales')`,
      [yongala.id],
    );
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    const section = page.getByRole('region', { name: /Suggested corrections/ });
    await section.getByRole('heading', { name: 'Suggested corrections (2)' }).waitFor();
    // Issue 44: Accept opens the field in an editor, the present value in it and the reader's wording beside.
    await section.getByRole('button', { name: 'Accept correction of SS Yongala' }).first().click();
    const editor = section.getByRole('form', { name: 'Accept correction of SS Yongala' });
    const value = editor.getByRole('textbox', { name: 'Water temperature as it will read' });
    expect(await value.inputValue()).toBe(yongala.waterTemp);
    await editor.getByRole('button', { name: "Use the reader's wording" }).click();
    expect(await value.inputValue()).toBe('22-28°C');
    await value.fill('22-28°C (warmest February)');
    await editor.getByRole('button', { name: 'Save change' }).click();
    await toastShows(page, 'Correction accepted', 'Water temperature of SS Yongala updated, and its source added.');
    await section.getByRole('list', { name: 'Accepted corrections' }).getByText('22-28°C (warmest February)', { exact: false }).waitFor();
    await section.getByRole('heading', { name: 'Suggested corrections (1)' }).waitFor();
    await section.getByRole('button', { name: 'Reject correction of SS Yongala' }).click();
    await page.getByRole('alertdialog', { name: 'Reject Correction' }).getByRole('button', { name: 'Reject' }).click();
    await toastShows(page, 'Correction rejected');
    await section.getByText('No corrections waiting.').waitFor();

    const [site] = await t.dataSource.query(`SELECT "waterTemp", visibility, sources FROM dive_sites WHERE id = $1`, [yongala.id]);
    expect(site.waterTemp).toBe('22-28°C (warmest February)');
    expect(site.visibility).toBe(yongala.visibility);
    expect(site.sources.at(-1)).toEqual({ title: 'example.org', url: 'https://www.example.org/yongala-temperatures' });

    // And the change can be undone: the field takes back its value from before.
    await section.getByRole('button', { name: 'Undo the water temperature of SS Yongala' }).click();
    await toastShows(page, 'Change undone');
    const [after] = await t.dataSource.query(`SELECT "waterTemp" FROM dive_sites WHERE id = $1`, [yongala.id]);
    expect(after.waterTemp).toBe(yongala.waterTemp);
  });
});

describe("a site's status in the admin's edit dialog", () => {
  it('shows the status, its note and the sources, and saves a change of them', async () => {
    const { t, page } = suite;
    const [site] = await t.dataSource.query(`SELECT id, name, sources FROM dive_sites WHERE name = 'Piccaninnie Ponds'`);
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await page.getByLabel('Search dive sites').fill('Piccaninnie');
    await page
      .getByRole('article', { name: site.name, exact: true })
      .getByRole('button', { name: /^Edit\b/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Dive Site' });
    await expect(edit.getByLabel('Status', { exact: true }).inputValue()).resolves.toBe('closed');
    // One line a source, 'Title | address', in the site's order.
    const lines = site.sources.map((source: { title: string; url: string }) => `${source.title} | ${source.url}`).join('\n');
    await expect(edit.getByLabel('Sources').inputValue()).resolves.toBe(lines);
    await edit.getByLabel('Status', { exact: true }).selectOption('Restricted');
    await edit.getByLabel('Status Note').fill('Snorkelling by permit only while the algae are monitored.');
    await edit.getByLabel('Sources').fill(`parks.sa.gov.au | ${site.sources[0].url}\nhttps://www.example.org/piccaninnie-update`);
    await edit.getByRole('button', { name: 'Update Site' }).click();
    await toastShows(page, 'Success', 'Dive site updated successfully');
    const [saved] = await t.dataSource.query(`SELECT status, "statusNote", sources FROM dive_sites WHERE id = $1`, [site.id]);
    expect(saved).toEqual({
      status: 'restricted',
      statusNote: 'Snorkelling by permit only while the algae are monitored.',
      sources: [site.sources[0], { title: 'example.org', url: 'https://www.example.org/piccaninnie-update' }],
    });
  });
});
