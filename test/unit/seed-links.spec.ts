import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The seed must look finished offline: every picture, poster and video it names is a file the site
 * serves itself, and every link between dive sites and articles leads somewhere.
 */
const root = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(root, 'data', path), 'utf8'));

const sites: Record<string, unknown>[] = readdirSync(join(root, 'data', 'dive-sites'))
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => read(join('dive-sites', name)));
const articles: { slug: string; content: string; imageUrl: string }[] = read('articles.json');
const reviews: { slug: string; content: string; imageUrl: string }[] = read('reviews.json');
const products: { imageUrl?: string }[] = read('products.json');
const slides: { videoUrl: string; posterImageUrl: string }[] = read('carousel-videos.json');

/** Every site path under /media/ the seed mentions, in fields or in body text. */
function mediaPaths(): string[] {
  const text = JSON.stringify([sites, articles, reviews, products, slides]);
  return [...new Set(text.match(/\/media\/[\w./-]+/g) ?? [])];
}

describe('seed media', () => {
  it('names only files that exist under public/', () => {
    const paths = mediaPaths();
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !existsSync(join(root, 'public', path)))).toEqual([]);
  });

  it('gives every carousel slide a local poster and a local video', () => {
    for (const slide of slides) {
      expect(slide.posterImageUrl).toMatch(/^\/media\//);
      expect(slide.videoUrl).toMatch(/^\/media\/video\/.+\.mp4$/);
    }
  });

  it('gives every featured dive site a picture', () => {
    const featured = sites.filter((site) => site.featured);
    expect(featured.length).toBeGreaterThanOrEqual(5);
    expect(featured.filter((site) => !site.imageUrl).map((site) => site.name)).toEqual([]);
  });
});

describe('links between dive sites and articles', () => {
  const slugs = new Set(articles.map((article) => article.slug));

  it('point at seeded articles, with the review link the article page looks the site up by', () => {
    const linked = sites.filter((site) => site.blogSlug);
    expect(linked.length).toBeGreaterThanOrEqual(5);
    for (const site of linked) {
      expect(slugs.has(String(site.blogSlug))).toBe(true);
      expect(site.reviewLink).toBe(`/blog/${site.blogSlug}`);
    }
  });

  it('covers the sites SPEC names', () => {
    const linkedNames = sites.filter((site) => site.blogSlug).map((site) => String(site.name));
    for (const name of ['SS Yongala', 'Julian Rocks', 'Fish Rock Cave', 'Neptune Islands', 'ex-HMAS Brisbane']) {
      expect(linkedNames.some((linked) => linked.startsWith(name))).toBe(true);
    }
  });
});
