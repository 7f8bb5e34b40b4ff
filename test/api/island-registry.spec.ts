import request from 'supertest';
import { ISLANDS, OFFLINE_ISLANDS, type IslandName } from 'client/islands/registry';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t.close());

const islandsOf = (html: string) => new Set([...html.matchAll(/data-island="(\w+)"/g)].map((match) => match[1]));

describe('the island registry', () => {
  it('marks offline exactly the islands that the pages kept for offline render, so the service worker precaches each of their scripts', async () => {
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
    const rendered = new Set<string>();
    for (const path of ['/dive-sites', `/dive-sites/${site.id}`, '/dive-sites?q=wreck&region=Queensland']) {
      const html = (await request(t.baseUrl).get(path).expect(200)).text;
      for (const name of islandsOf(html)) rendered.add(name);
    }
    const marked = (Object.keys(ISLANDS) as IslandName[]).filter((name) => OFFLINE_ISLANDS[name]);
    expect([...rendered].sort()).toEqual(marked.sort());
  });
});
