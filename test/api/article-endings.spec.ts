import request from 'supertest';
import { In } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { startAdminApp, type Agent } from '../support/admin';
import type { TestApp } from '../support/test-app';

/**
 * Issue 47 item 6: an article ends as a magazine's does, with its author, its reading time, posts to read
 * next (of the same dive site, then of the same category; published only, never itself) and the newsletter
 * signup, a form that posts without JavaScript.
 */
let t: TestApp;
let admin: Agent;
const word = `Cuttlecove${Date.now().toString(36)}`;

beforeAll(async () => ({ t, admin } = await startAdminApp()));

afterAll(() => t?.close());

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

async function article(fields: { title: string; category: string; content: string; published?: boolean; author?: string }) {
  return (
    await admin
      .post('/api/articles')
      .send({ imageUrl: '/media/scene-nudibranch.svg', published: true, ...fields })
      .expect(201)
  ).body as { id: number; slug: string; title: string };
}

const html = async (slug: string) => (await request(t.baseUrl).get(`/blog/${slug}`).expect(200)).text;
/** The article's closing part: after its body, before the comments. */
const ending = (page: string) => page.slice(page.indexOf('data-article-end'), page.indexOf('</footer>', page.indexOf('data-article-end')));
const relatedLinks = (page: string) => [...ending(page).matchAll(/<a href="(\/blog\/[^"?]+)"/g)].map((match) => match[1]);

describe('the end of an article', () => {
  it("names the author and the reading time, 'N min read', longer for a longer article", async () => {
    const long = await article({ title: `${word} Long Read`, category: 'Tips', content: `## Gas planning\n\n${words(1000)}`, author: 'Mara Quill' });
    const short = await article({ title: `${word} Short Read`, category: 'Tips', content: 'A short note on fins.', author: 'Mara Quill' });
    const longPage = ending(await html(long.slug));
    expect(longPage).toContain('Mara Quill');
    expect(longPage).toContain('5 min read');
    expect(ending(await html(short.slug))).toContain('1 min read');
  });

  it('links published posts to read next: the same dive site first, then the same category; never itself or a draft', async () => {
    const here = await article({ title: `${word} Here`, category: 'Marine Life', content: 'Cuttlefish at dusk.' });
    const sameSite = await article({ title: `${word} Same Site`, category: 'Safety', content: 'Currents at the point.' });
    const draft = await article({ title: `${word} Draft`, category: 'Marine Life', content: 'Not yet.', published: false });
    // A dive site that links both: its blog article and its review link.
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Julian Rocks' });
    await t.dataSource.getRepository(DiveSite).update(site.id, { blogSlug: here.slug, reviewLink: `/blog/${sameSite.slug}` });

    const links = relatedLinks(await html(here.slug));
    expect(links[0]).toBe(`/blog/${sameSite.slug}`);
    expect(links.length).toBe(3);
    expect(links).not.toContain(`/blog/${here.slug}`);
    expect(links).not.toContain(`/blog/${draft.slug}`);
    // The others are of the same category, as the category's own list shows them.
    const others = await t.dataSource.getRepository(Article).findBy({ slug: In(links.slice(1).map((link) => link.slice('/blog/'.length))) });
    expect(others.map((other) => [other.category, other.published])).toEqual([
      ['Marine Life', true],
      ['Marine Life', true],
    ]);
    // The site's own article is read next from the other one too.
    expect(relatedLinks(await html(sameSite.slug))[0]).toBe(`/blog/${here.slug}`);
  });

  it('closes with the newsletter signup, a form that posts without JavaScript', async () => {
    const page = ending(await html('julian-rocks-byron-bay-through-the-seasons'));
    expect(page).toContain('Get the next article by email');
    expect(page).toMatch(/<form[^>]*action="\/forms\/newsletter"[^>]*method="post"/);
    expect(page).toMatch(/<input type="hidden" name="source" value="article"/);
    expect(page).toMatch(/name="email"/);
  });
});
