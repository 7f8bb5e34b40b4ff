import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const html = async (path: string) => {
  const res = await fetch(`${t.baseUrl}${path}`);
  expect([path, res.status]).toEqual([path, 200]);
  return (await res.text()).replace(/&#x27;/g, "'");
};

/** DAN's flying-after-diving guidance, said the same way wherever the site gives it. */
const DAN =
  'a minimum surface interval before flying of 12 hours after a single no-decompression dive, 18 hours after multiple dives per day or multiple days of diving, and substantially longer than 18 hours after dives needing decompression stops';

describe('safety texts', () => {
  it('give the same flying-after-diving guidance on Learn to Dive, the FAQ and the decompression article', async () => {
    for (const path of ['/learn-to-dive', '/contact', '/blog/decompression-illness-dan-and-australias-hyperbaric-chambers']) {
      const page = await html(path);
      expect([path, page.includes(DAN)]).toEqual([path, true]);
      expect([path, /18 (to|-|–) ?24 hours/.test(page)]).toEqual([path, false]);
    }
  });

  it('make the emergency numbers on /contact and /learn-to-dive tappable', async () => {
    const contact = await html('/contact');
    for (const href of ['tel:000', 'tel:1800088200', 'tel:+61882129242']) expect([href, contact.includes(`href="${href}"`)]).toEqual([href, true]);
    const learn = await html('/learn-to-dive');
    for (const href of ['tel:000', 'tel:1800088200']) expect([href, learn.includes(`href="${href}"`)]).toEqual([href, true]);
  });

  it('claim no price year and no stale site count', async () => {
    expect(await html('/learn-to-dive')).not.toMatch(/indicative for 20\d\d/);
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM dive_sites');
    // Issue 43: every count of sites the About page gives is the data's own (it gives none written by hand).
    const about = await html('/about');
    const claimed = [...about.matchAll(/(\d+)\+? dive sites/g)].map((match) => Number(match[1]));
    expect(claimed.filter((number) => number !== count)).toEqual([]);
  });
});
