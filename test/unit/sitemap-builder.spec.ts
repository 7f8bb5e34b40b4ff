import { buildSitemaps, MAX_URLS_PER_SITEMAP, type SitemapEntry } from 'src/feeds/sitemap-builder';

const SITE = 'https://example.test';

function entries(count: number): SitemapEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `/dive-sites/${i + 1}`,
    lastmod: new Date(Date.UTC(2024, 0, 1 + (i % 28))),
    priority: '0.6',
  }));
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('sitemap builder', () => {
  it('writes one urlset while the URLs fit in one file', () => {
    const { index, files } = buildSitemaps(entries(3), SITE);
    expect(index).toBeNull();
    expect(files).toHaveLength(1);
    expect(files[0]).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(files[0])).toEqual([`${SITE}/dive-sites/1`, `${SITE}/dive-sites/2`, `${SITE}/dive-sites/3`]);
  });

  it('holds the protocol limit of 50,000 URLs per file', () => {
    expect(MAX_URLS_PER_SITEMAP).toBe(50_000);
  });

  it('becomes a sitemap index over numbered files once past the limit, every URL listed once', () => {
    const all = entries(25);
    const { index, files } = buildSitemaps(all, SITE, 10);
    expect(files).toHaveLength(3);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index!)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`, `${SITE}/sitemap-3.xml`]);
    // Each file's newest lastmod is the index entry's.
    expect(index).toContain('<lastmod>2024-01-10T00:00:00.000Z</lastmod>');
    const listed = files.flatMap(locs);
    expect(listed).toEqual(all.map((entry) => `${SITE}${entry.path}`));
    expect(files.map((file) => locs(file).length)).toEqual([10, 10, 5]);
  });

  it('stays one file at exactly the limit', () => {
    expect(buildSitemaps(entries(10), SITE, 10).index).toBeNull();
  });
});
