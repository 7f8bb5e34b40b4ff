import { create } from 'xmlbuilder2';

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml becomes a sitemap index. */
export const MAX_URLS_PER_SITEMAP = 50_000;

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
  priority: string;
}

/**
 * `index` is null while every URL fits in one file (then `files[0]` is /sitemap.xml itself); otherwise it
 * is the sitemap index served at /sitemap.xml, listing `/sitemap-1.xml` ... `/sitemap-N.xml` (`files`).
 */
export interface Sitemaps {
  index: string | null;
  files: string[];
}

/** The path of the n-th file (1-based) of a sitemap index. */
export const sitemapFilePath = (n: number): string => `/sitemap-${n}.xml`;

function urlset(entries: readonly SitemapEntry[], siteUrl: string): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: NS,
  });
  for (const entry of entries) {
    const url = root.ele('url');
    url.ele('loc').txt(`${siteUrl}${entry.path}`);
    if (entry.lastmod) url.ele('lastmod').txt(entry.lastmod.toISOString());
    url.ele('priority').txt(entry.priority);
  }
  return root.end({ prettyPrint: true });
}

export function buildSitemaps(entries: readonly SitemapEntry[], siteUrl: string, maxUrls = MAX_URLS_PER_SITEMAP): Sitemaps {
  if (entries.length <= maxUrls) return { index: null, files: [urlset(entries, siteUrl)] };
  const files: string[] = [];
  const index = create({ version: '1.0', encoding: 'UTF-8' }).ele('sitemapindex', { xmlns: NS });
  for (let start = 0; start < entries.length; start += maxUrls) {
    const chunk = entries.slice(start, start + maxUrls);
    files.push(urlset(chunk, siteUrl));
    const newest = chunk.reduce((max, entry) => Math.max(max, entry.lastmod?.getTime() ?? 0), 0);
    const sitemap = index.ele('sitemap');
    sitemap.ele('loc').txt(`${siteUrl}${sitemapFilePath(files.length)}`);
    if (newest) sitemap.ele('lastmod').txt(new Date(newest).toISOString());
  }
  return { index: index.end({ prettyPrint: true }), files };
}
