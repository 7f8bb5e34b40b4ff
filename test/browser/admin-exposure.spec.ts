import type { Page } from 'playwright-core';
import { islandReady, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';

/** Issue 46, item 4: the administrator edits a site's exposure profile in the dive-site form. */
const suite = browserSuite({ as: 'admin' });
let page: Page;

beforeEach(() => {
  ({ page } = suite);
});

const stored = async (id: number) =>
  (await suite.t.dataSource.query(`SELECT "swellExposure", "onshoreWinds" FROM dive_sites WHERE id = $1`, [id]))[0] as {
    swellExposure: string[] | null;
    onshoreWinds: string[] | null;
  };

async function openEdit(name: string) {
  await page.goto(`${suite.t.baseUrl}/admin/dive-sites`);
  await islandReady(page, 'AdminDiveSites');
  await page.getByLabel('Search dive sites').fill(name);
  await page.getByRole('article', { name, exact: true }).getByRole('button', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Dive Site' });
}

async function save(edit: ReturnType<Page['getByRole']>) {
  await edit.getByRole('button', { name: 'Update Site' }).click();
  await toastShows(page, 'Success', 'Dive site updated successfully');
  await edit.waitFor({ state: 'detached' });
}

it("shows a site's profile, and saves the directions ticked and 'Not profiled'", async () => {
  const name = 'Julian Rocks Nursery';
  const [{ id }] = await suite.t.dataSource.query(`SELECT id FROM dive_sites WHERE name = $1`, [name]);
  const before = await stored(id);
  let edit = await openEdit(name);
  const swell = edit.getByRole('group', { name: 'Swell Exposure' });
  const winds = edit.getByRole('group', { name: 'Onshore Winds' });
  for (const point of ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'])
    expect(await swell.getByLabel(`Swell Exposure: ${point}`, { exact: true }).isChecked()).toBe(
      (before.swellExposure ?? []).some(
        (p) => ({ N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' })[p] === point,
      ),
    );

  // Swell from the north and the west only; the winds not profiled.
  for (const point of ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west']) {
    const box = swell.getByLabel(`Swell Exposure: ${point}`, { exact: true });
    if (await box.isDisabled()) await swell.getByLabel('Not profiled').uncheck();
    await box.setChecked(point === 'north' || point === 'west');
  }
  await winds.getByLabel('Not profiled').check();
  expect(await winds.getByLabel('Onshore Winds: east', { exact: true }).isDisabled()).toBe(true);
  await save(edit);
  expect(await stored(id)).toEqual({ swellExposure: ['N', 'W'], onshoreWinds: null });

  // Reopened, the form shows what was saved; onshore from the east now.
  edit = await openEdit(name);
  expect(await edit.getByRole('group', { name: 'Swell Exposure' }).getByLabel('Swell Exposure: west', { exact: true }).isChecked()).toBe(true);
  await edit.getByRole('group', { name: 'Onshore Winds' }).getByLabel('Not profiled').uncheck();
  await edit.getByRole('group', { name: 'Onshore Winds' }).getByLabel('Onshore Winds: east', { exact: true }).check();
  await save(edit);
  expect(await stored(id)).toEqual({ swellExposure: ['N', 'W'], onshoreWinds: ['E'] });
});
