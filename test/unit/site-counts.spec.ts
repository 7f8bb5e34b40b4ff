import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Issue 43, item 6: every count of dive sites a reader or the administrator sees comes from the data (the
 * pages count the sites in the database). The one written number is SPEC's marketing '244+', where SPEC
 * puts it: the home page's Dive Sites card, the title of /dive-sites and the carousel's fallback button
 * ('Explore 244+ Dive Sites', which the welcome email repeats). No other text states a number of sites.
 */
const root = join(__dirname, '..', '..');

/** Where SPEC's '244+' may stand (sections 4 and the home and dive-sites pages of docs/spec.md). */
const MARKETING: Record<string, RegExp[]> = {
  'views/pages/HomePage.tsx': [/title: '244\+ Dive Sites'/],
  'views/pages/dive-sites/DiveSitesPage.tsx': [/Explore 244\+ Australian Dive Sites/],
  'src/dive-site-pages/dive-site-pages.presenter.ts': [/const LIST_TITLE = 'Explore 244\+ Australian Dive Sites/],
  'client/islands/HeroCarousel.tsx': [/ctaText: 'Explore 244\+ Dive Sites'/],
  'src/newsletter/welcome-email.tsx': [/Explore 244\+ dive sites/],
};

/** A stated number of sites: '247 dive sites', '244+ Australian dive sites', 'more than 250 dive sites', 'one of 251'. */
const COUNT =
  /\b(?:more than |over |about |nearly |almost )?\d[\d,]*\+?\s+(?:real\s+|Australian\s+(?:and\s+Pacific\s+)?|Pacific\s+)?dive[ -]sites\b|\bone of \d+ dive sites/gi;

function files(dir: string, extensions: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : [];
  });
}

/** The stated counts of a text, without those in comments of code (which describe measurements, not the site). */
function counts(text: string, code: boolean): string[] {
  const stripped = code ? text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1') : text;
  return stripped.match(COUNT) ?? [];
}

describe('counts of dive sites', () => {
  const sources = ['views', 'client', 'src', 'core'].flatMap((dir) => files(join(root, dir), ['.ts', '.tsx']));

  it.each(sources.map((path) => [relative(root, path), path] as const))('%s states no number of sites but SPEC marketing', (name, path) => {
    const text = readFileSync(path, 'utf8');
    const allowed = MARKETING[name] ?? [];
    const stated = counts(text, true).filter((found) => !allowed.some((pattern) => text.match(pattern)?.some((hit) => hit.includes(found))));
    expect([name, stated]).toEqual([name, []]);
  });

  it('keeps SPEC marketing where SPEC puts it', () => {
    for (const [name, patterns] of Object.entries(MARKETING)) {
      const text = readFileSync(join(root, name), 'utf8');
      for (const pattern of patterns) expect([name, pattern.test(text)]).toEqual([name, true]);
    }
  });

  it("the README, the docs (SPEC aside) and package.json's description state no number of dive sites", () => {
    const docs = [join(root, 'README.md'), ...files(join(root, 'docs'), ['.md']).filter((path) => !path.endsWith('spec.md'))];
    const stated = docs.flatMap((path) => counts(readFileSync(path, 'utf8'), false).map((found) => `${relative(root, path)}: ${found}`));
    const description = String((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { description?: string }).description ?? '');
    stated.push(...counts(description, false).map((found) => `package.json: ${found}`));
    expect(stated).toEqual([]);
  });
});
