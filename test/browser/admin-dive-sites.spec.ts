import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { islandReady, offlineContext, openDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
});

const siteCard = (name: string) => page.getByRole('article', { name, exact: true });

describe('dive-site photos and export on the dashboard', () => {
  it('sets a dive site photo from the Photos tab', async () => {
    const [site] = await t.dataSource.query(`SELECT id, name, region FROM dive_sites WHERE "imageUrl" IS NULL ORDER BY name LIMIT 1`);
    const [{ missing }] = await t.dataSource.query(`SELECT count(*)::int AS missing FROM dive_sites WHERE "imageUrl" IS NULL`);
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Photos' }).click();
    await page.getByRole('heading', { name: 'Dive Site Photo Management' }).waitFor();
    const update = page.getByRole('button', { name: 'Update Photo' });
    expect(await update.isDisabled()).toBe(true);

    await page.getByLabel('Dive Site', { exact: true }).selectOption({ label: `${site.name} - ${site.region}` });
    await page.getByLabel('Image URL', { exact: true }).fill('https://images.example/new-site-photo.jpg');
    await update.click();
    await toastShows(page, 'Success', 'Photo updated successfully');
    await page
      .getByText('Sites Missing Photos', { exact: true })
      .locator('..')
      .getByText(String(missing - 1), { exact: true })
      .waitFor();
    const [saved] = await t.dataSource.query(`SELECT "imageUrl" FROM dive_sites WHERE id = $1`, [site.id]);
    expect(saved.imageUrl).toBe('https://images.example/new-site-photo.jpg');
    await page
      .getByLabel('Dive Site', { exact: true })
      .locator('option', { hasText: `✓ ${site.name} - ${site.region}` })
      .waitFor({ state: 'attached' });
  });

  it('downloads the dive sites CSV from the Export tab', async () => {
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Export' }).click();
    await page.getByRole('heading', { name: 'Database Exports' }).waitFor();
    // Every site counted (issue 43: the card said the first page's 100).
    const [{ sites }] = await t.dataSource.query('SELECT count(*)::int AS sites FROM dive_sites');
    expect(sites).toBeGreaterThan(100);
    await page.getByText(`${sites} dive sites across Australia and Pacific regions.`, { exact: true }).waitFor();
    // The CSV opens in a new tab, which Chromium turns into a download of this page and closes.
    const [popup, download] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    // The new tab was the export's address and became the download (the full browser then closes the blank
    // tab, the headless shell leaves it); the dashboard stayed put.
    expect(download.url()).toBe(`${t.baseUrl}/api/dive-sites/export/csv`);
    await popup.close();
    expect(page.url()).toBe(`${t.baseUrl}/admin#export`);
    await page.getByRole('heading', { name: 'Database Exports' }).waitFor();
    expect(download.suggestedFilename()).toMatch(/^dive-sites-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/name/i);
    expect(lines.length).toBeGreaterThan(200);
    expect(csv).toContain('Fish Rock');
  });
});

describe('dive-site administration', () => {
  it('asks for the admin sign-in without a session', async () => {
    const anonymous = await offlineContext(suite.browser);
    const other = await anonymous.newPage();
    try {
      await other.goto(`${t.baseUrl}/admin/dive-sites`);
      await other.getByRole('heading', { name: 'Authentication Required' }).waitFor();
      await other.getByText('You need to login as an admin to manage dive sites.').waitFor();
      await other.getByRole('link', { name: 'Go to Admin Login' }).click();
      await other.waitForURL(/\/admin$/);
    } finally {
      await anonymous.close();
    }
  });

  it('creates, features, edits, quick-updates and deletes a dive site', async () => {
    const name = 'Bare Island Test Site';
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await islandReady(page, 'AdminDiveSites');
    await page.getByRole('heading', { name: 'Dive Site Management' }).waitFor();
    await page.getByRole('list', { name: 'Dive sites' }).getByRole('listitem').first().waitFor();

    await page.getByRole('button', { name: 'Add New Site' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Dive Site' });
    await create.getByText('Add a new dive site to the database').waitFor();
    expect(await create.getByLabel('Skill Level').inputValue()).toBe('Beginner');
    await create.getByLabel('Site Name').fill(name);
    await create.getByLabel('Region').fill('Sydney');
    await create.getByLabel('Latitude').fill('-33.9917');
    await create.getByLabel('Longitude').fill('151.2306');
    await create.getByLabel('Description').fill('A shore dive off the Botany Bay heads with weedy sea dragons and sponge gardens.');
    await create.getByLabel('Skill Level').selectOption('Intermediate');
    await create.getByLabel('Depth Range').fill('6-18m');
    await create.getByLabel('Water Temperature').fill('16-22°C');
    await create.getByLabel('Marine Life').fill('Weedy sea dragons, pot-bellied seahorses, blue gropers');
    await create.getByRole('button', { name: 'Create Site' }).click();
    await toastShows(page, 'Success', 'Dive site created successfully');
    await create.waitFor({ state: 'detached' });

    await page.getByLabel('Search dive sites').fill('bare island test');
    const card = siteCard(name);
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Dive sites"] > [role="listitem"]').length === 1);
    await card.waitFor();
    await card.getByText('Not specified').first().waitFor();
    expect(await card.getByText('Featured', { exact: true }).count()).toBe(0);

    await card.getByRole('button', { name: 'Mark as featured site' }).click();
    await toastShows(page, 'Success', 'Featured status updated successfully');
    await card.getByText('Featured', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Remove from featured sites' }).getAttribute('aria-pressed')).toBe('true');

    await card.getByRole('button', { name: /^Edit\b/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Dive Site' });
    await edit.getByText('Update dive site information').waitFor();
    expect(await edit.getByLabel('Site Name').inputValue()).toBe(name);
    expect(await edit.getByLabel('Featured Site').isChecked()).toBe(true);
    await edit.getByLabel('Depth Range').fill('5-20m');
    await edit.getByLabel('Visibility').fill('5-15m');
    await edit.getByRole('button', { name: 'Update Site' }).click();
    await toastShows(page, 'Success', 'Dive site updated successfully');
    await edit.waitFor({ state: 'detached' });
    await card.getByText('5-20m').waitFor();
    await card.getByText('5-15m').waitFor();

    await card.getByRole('textbox', { name: 'Review Link', exact: true }).fill('/blog/bare-island-shore-dive');
    await card.getByRole('button', { name: 'Update Review Link' }).click();
    await toastShows(page, 'Success', 'Review link updated successfully');
    await card.getByText('Review: /blog/bare-island-shore-dive').waitFor();
    await card.getByRole('textbox', { name: 'Video URL', exact: true }).fill('https://videos.example/bare-island.mp4');
    await card.getByRole('button', { name: 'Update Video URL' }).click();
    await toastShows(page, 'Success', 'Video updated successfully');
    await card.getByText('Video available').waitFor();

    const [stored] = await t.dataSource.query(`SELECT id, featured, "depthRange", "reviewLink", "videoUrl" FROM dive_sites WHERE name = $1`, [name]);
    expect(stored).toMatchObject({
      featured: true,
      depthRange: '5-20m',
      reviewLink: '/blog/bare-island-shore-dive',
      videoUrl: 'https://videos.example/bare-island.mp4',
    });

    await card.getByRole('button', { name: /^Delete\b/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this dive site?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Success', 'Dive site deleted successfully');
    await page.getByText('No dive sites found matching your filters.').waitFor();
    const left = await t.dataSource.query(`SELECT id FROM dive_sites WHERE id = $1`, [stored.id]);
    expect(left).toEqual([]);
  });

  it("saves every seeded site whose photo or video is the site's own file (/media/...) unchanged, and takes such paths in a quick update", async () => {
    const flagship: Array<{ id: number; name: string }> = await t.dataSource.query(
      `SELECT id, name FROM dive_sites WHERE "imageUrl" LIKE '/media/%' OR "videoUrl" LIKE '/media/%' ORDER BY name`,
    );
    expect(flagship.length).toBeGreaterThanOrEqual(20);
    expect(flagship.map((site) => site.name)).toEqual(expect.arrayContaining(["Ball's Pyramid", 'Cod Hole', 'Fish Rock Cave', 'SS Yongala']));
    const read = async (id: number) => {
      const answer = await page.request.get(`${t.baseUrl}/api/dive-sites/${id}`);
      expect(answer.status()).toBe(200);
      const { updatedAt: _updatedAt, ...site } = await answer.json();
      return site;
    };
    const before = await Promise.all(flagship.map((site) => read(site.id)));

    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await islandReady(page, 'AdminDiveSites');
    const edit = page.getByRole('dialog', { name: 'Edit Dive Site' });
    for (const { id, name } of flagship) {
      await page.getByLabel('Search dive sites').fill(name);
      await siteCard(name)
        .getByRole('button', { name: /^Edit\b/ })
        .click();
      expect(await edit.getByLabel('Site Name').inputValue()).toBe(name);
      const [saved] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'PUT' && answer.url().endsWith(`/api/dive-sites/${id}`)),
        edit.getByRole('button', { name: 'Update Site' }).click(),
      ]);
      expect({ name, status: saved.status() }).toEqual({ name, status: 200 });
      await toastShows(page, 'Success', 'Dive site updated successfully');
      await edit.waitFor({ state: 'detached' });
    }
    expect(await Promise.all(flagship.map((site) => read(site.id)))).toEqual(before);

    const codHole = flagship.find((site) => site.name === 'Cod Hole')!;
    await page.getByLabel('Search dive sites').fill('Cod Hole');
    const card = siteCard('Cod Hole');
    await card.getByRole('textbox', { name: 'Video URL', exact: true }).fill('/media/video/wreck-loop.mp4');
    await card.getByRole('button', { name: 'Update Video URL' }).click();
    await toastShows(page, 'Success', 'Video updated successfully');
    const [video] = await t.dataSource.query(`SELECT "videoUrl" FROM dive_sites WHERE id = $1`, [codHole.id]);
    expect(video.videoUrl).toBe('/media/video/wreck-loop.mp4');
    // About 25 dialogs opened and saved one after another: a second each, more on a loaded machine.
  }, 120_000);

  it("sets a site's tide station in the edit dialog, and the site's Conditions follow it", async () => {
    const name = "Pope's Eye";
    const [{ id }] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE name = $1`, [name]);
    const conditions = async () => {
      const visitor = await offlineContext(suite.browser);
      const view = await visitor.newPage();
      await view.goto(`${t.baseUrl}/dive-sites/${id}`);
      const text = await view.getByRole('region', { name: 'Conditions', exact: true }).innerText();
      await visitor.close();
      return text;
    };
    const setStation = async (value: string) => {
      await page.goto(`${t.baseUrl}/admin/dive-sites`);
      await islandReady(page, 'AdminDiveSites');
      await page.getByLabel('Search dive sites').fill(name);
      await siteCard(name)
        .getByRole('button', { name: /^Edit\b/ })
        .click();
      const edit = page.getByRole('dialog', { name: 'Edit Dive Site' });
      await edit.getByLabel('Tide Station').fill(value);
      await edit.getByRole('button', { name: 'Update Site' }).click();
      await toastShows(page, 'Success', 'Dive site updated successfully');
      await edit.waitFor({ state: 'detached' });
    };
    expect(await conditions()).toContain('Queenscliff');
    await setStation('none');
    expect(await conditions()).toContain('This site has no tide.');
    await setStation('ticon/west_channel_pile-60739-aus-bom');
    expect(await conditions()).toContain('West Channel Pile');
    await setStation('');
    expect(await conditions()).toContain('Queenscliff');
  });

  it('takes absolute http(s) URLs and refuses javascript:, data: and development hosts in the edit dialog and the quick updates', async () => {
    const name = 'Fish Rock Cave';
    const [before] = await t.dataSource.query(`SELECT id, "imageUrl", "videoUrl" FROM dive_sites WHERE name = $1`, [name]);
    const refused = [
      ['javascript:alert(1)', 'must be a valid URL'],
      ['data:image/png;base64,iVBORw0KGgo=', 'must be a valid URL'],
      ['/\\evil.example/x.jpg', 'must be a valid URL'],
      ['http://localhost:3000/media/scene-cave.svg', 'points to a local development host and will not work in published articles. Use a public URL.'],
      ['http://127.0.0.1:5000/photo.jpg', 'points to a local development host and will not work in published articles. Use a public URL.'],
    ];
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await islandReady(page, 'AdminDiveSites');
    await page.getByLabel('Search dive sites').fill(name);
    const card = siteCard(name);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });

    await card.getByRole('button', { name: /^Edit\b/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Dive Site' });
    for (const [url, message] of refused) {
      await edit.getByRole('textbox', { name: 'Image URL', exact: true }).fill(url);
      await edit.getByRole('alert').getByText(`Image URL ${message}`, { exact: true }).waitFor();
      // Enter submits the form: the previous round's error toast covers the Update Site button.
      await edit.getByRole('textbox', { name: 'Image URL', exact: true }).press('Enter');
      await toastShows(page, 'Error', `Image URL ${message}`);
      await edit.getByRole('textbox', { name: 'Video URL', exact: true }).fill(url);
      await edit.getByRole('alert').getByText(`Video URL ${message}`, { exact: true }).first().waitFor();
      await edit.getByRole('textbox', { name: 'Video URL', exact: true }).fill(before.videoUrl ?? '');
    }
    expect(writes).toEqual([]);
    await edit.getByRole('textbox', { name: 'Image URL', exact: true }).fill('https://images.example/fish-rock.jpg');
    await edit.getByRole('textbox', { name: 'Image URL', exact: true }).press('Enter');
    await toastShows(page, 'Success', 'Dive site updated successfully');
    await edit.waitFor({ state: 'detached' });
    const [edited] = await t.dataSource.query(`SELECT "imageUrl" FROM dive_sites WHERE id = $1`, [before.id]);
    expect(edited.imageUrl).toBe('https://images.example/fish-rock.jpg');

    for (const [url, message] of refused) {
      await card.getByRole('textbox', { name: 'Photo URL', exact: true }).fill(url);
      await card.getByRole('alert').getByText(`Image URL ${message}`, { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Update Photo URL' }).isDisabled()).toBe(true);
      await card.getByRole('textbox', { name: 'Video URL', exact: true }).fill(url);
      await card.getByRole('alert').getByText(`Video URL ${message}`, { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Update Video URL' }).isDisabled()).toBe(true);
      await card.getByRole('textbox', { name: 'Video URL', exact: true }).fill('');
    }
    await card.getByRole('textbox', { name: 'Photo URL', exact: true }).fill('http://images.example/fish-rock-2.jpg');
    await card.getByRole('button', { name: 'Update Photo URL' }).click();
    await toastShows(page, 'Success', 'Photo updated successfully');
    const [quick] = await t.dataSource.query(`SELECT "imageUrl" FROM dive_sites WHERE id = $1`, [before.id]);
    expect(quick.imageUrl).toBe('http://images.example/fish-rock-2.jpg');
    expect(writes.filter((write) => !write.includes(`/api/dive-sites/${before.id}`))).toEqual([]);
  }, 60_000);

  it('filters by region, with the regions sorted alphabetically', async () => {
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await page.getByRole('list', { name: 'Dive sites' }).getByRole('listitem').first().waitFor();
    const options = await page.getByRole('main').getByLabel('Region', { exact: true }).locator('option').allInnerTexts();
    expect(options[0]).toBe('All regions');
    expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => a.localeCompare(b, 'en-AU')));
    const region = options[1];
    await page.getByRole('main').getByLabel('Region', { exact: true }).selectOption(region);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM dive_sites WHERE region = $1`, [region]);
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Dive sites"] > [role="listitem"]').length === n, count);
    const names = await page.getByRole('list', { name: 'Dive sites' }).getByRole('heading', { level: 2 }).allInnerTexts();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-AU')));
  });
});
