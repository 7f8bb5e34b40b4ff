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

/** Text and attribute values as XML needs them. */
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * The XML written straight as text, one line per element: a document object of every URL (xmlbuilder2's
 * nodes) took about 4 KB of heap per URL, so 45,000 URLs (a hundredfold site) filled the server's heap (issue 31).
 */
function urlset(entries: readonly SitemapEntry[], siteUrl: string): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${NS}">`];
  for (const entry of entries) {
    lines.push('  <url>', `    <loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${entry.lastmod.toISOString()}</lastmod>`);
    lines.push(`    <priority>${escapeXml(entry.priority)}</priority>`, '  </url>');
  }
  lines.push('</urlset>');
  return lines.join('\n');
}

export function buildSitemaps(entries: readonly SitemapEntry[], siteUrl: string, maxUrls = MAX_URLS_PER_SITEMAP): Sitemaps {
  if (entries.length <= maxUrls) return { index: null, files: [urlset(entries, siteUrl)] };
  const files: string[] = [];
  const index = ['<?xml version="1.0" encoding="UTF-8"?>', `<sitemapindex xmlns="${NS}">`];
  for (let start = 0; start < entries.length; start += maxUrls) {
    const chunk = entries.slice(start, start + maxUrls);
    files.push(urlset(chunk, siteUrl));
    const newest = chunk.reduce((max, entry) => Math.max(max, entry.lastmod?.getTime() ?? 0), 0);
    index.push('  <sitemap>', `    <loc>${escapeXml(`${siteUrl}${sitemapFilePath(files.length)}`)}</loc>`);
    if (newest) index.push(`    <lastmod>${new Date(newest).toISOString()}</lastmod>`);
    index.push('  </sitemap>');
  }
  index.push('</sitemapindex>');
  return { index: index.join('\n'), files };
}
