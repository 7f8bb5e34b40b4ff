import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 43, item 6: a depth range an article states for a site it is linked with lies within that site's
 * record. An article and a site are linked when the site's review is the article (its blogSlug, or a
 * reviewLink to /blog/{slug}) or the article links the site (/dive-sites?search={name} or
 * /dive-sites/{name as a slug is not stable, so by search}); a range about visibility or temperature is
 * not a depth. Reads the data as it is.
 */
const dataDir = join(__dirname, '..', '..', 'data');

interface Site {
  name: string;
  depthRange: string;
  blogSlug?: string | null;
  reviewLink?: string | null;
}
interface Article {
  slug: string;
  content: string;
}

const sites = readdirSync(join(dataDir, 'dive-sites'))
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => JSON.parse(readFileSync(join(dataDir, 'dive-sites', name), 'utf8')) as Site[]);
const articles = JSON.parse(readFileSync(join(dataDir, 'articles.json'), 'utf8')) as Article[];

/** '3-12m', '5–40 m', '0-20m+': the record's shallowest and deepest. */
export function recordRange(depthRange: string): [number, number] | null {
  const numbers = (depthRange.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  return numbers.length ? [Math.min(...numbers), Math.max(...numbers)] : null;
}

/** Depth ranges stated in a text ('28–30 m', '8 to 14 metres'), each with the words before it; not visibility or temperature. */
export function statedRanges(text: string): { range: [number, number]; words: string }[] {
  const found: { range: [number, number]; words: string }[] = [];
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?)\s*(?:m\b|metres\b|meters\b)/g)) {
    const before = text.slice(Math.max(0, match.index - 60), match.index);
    // The sentence it stands in, up to it: a range about how far a diver sees is not a depth.
    const sentence = before.split(/[.!?\n]\s/).pop() ?? before;
    if (/visib|\bvis\b|see\b|seeing|sight|long|wide|across|away|distance|swim/i.test(sentence)) continue;
    found.push({ range: [Number(match[1]), Number(match[2])], words: `${before.slice(-40)}${match[0]}`.replace(/\s+/g, ' ') });
  }
  return found;
}

function linkedSites(article: Article): Site[] {
  const searched = [...article.content.matchAll(/\/dive-sites\?search=([^\s)"'\]&#]+)/g)].map((match) => decodeURIComponent(match[1].replace(/\+/g, ' ')));
  return sites.filter(
    (site) =>
      site.blogSlug === article.slug || site.reviewLink === `/blog/${article.slug}` || searched.some((name) => name.toLowerCase() === site.name.toLowerCase()),
  );
}

const pairs = articles.map((article) => [article.slug, article, linkedSites(article)] as const).filter(([, , linked]) => linked.length > 0);

describe('depths in articles', () => {
  it('reads the articles the sites are linked with', () => {
    expect(pairs.length).toBeGreaterThan(0);
  });

  it('reads depth ranges, not visibility', () => {
    expect(statedRanges('Visibility is usually 10–20 m. The sand is at 28–30 m.').map((found) => found.range)).toEqual([[28, 30]]);
    expect(recordRange('14-28m')).toEqual([14, 28]);
  });

  it.each(pairs)('%s states depths within the records of the sites it is linked with', (slug, article, linked) => {
    const outside = statedRanges(article.content)
      .filter(({ range: [low, high] }) =>
        linked.every((site) => {
          const record = recordRange(site.depthRange);
          return !record || low < record[0] || high > record[1];
        }),
      )
      .map(({ words }) => `'${words}' outside ${linked.map((site) => `${site.name} ${site.depthRange}`).join(', ')}`);
    expect([slug, outside]).toEqual([slug, []]);
  });
});
