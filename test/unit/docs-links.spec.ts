import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The README and docs/ link to each other and into the code: every relative Markdown link must name a
 * file that exists, and a link to a heading (`file.md#heading`) a heading that file has.
 */
const root = join(__dirname, '..', '..');
const documents = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The text outside fenced code blocks and inline code, where a link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

function anchors(file: string): Set<string> {
  const headings = prose(readFileSync(file, 'utf8'))
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line));
  // Headings keep their inline code in the anchor's text (`## 6. Writes (\`--writes\`)`).
  const raw = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line));
  return new Set([...headings, ...raw].map((line) => slug(line.replace(/^#+ /, ''))));
}

function links(file: string): string[] {
  return [...prose(readFileSync(join(root, file), 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('links between the documents', () => {
  it('finds the documents and their links', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/spec.md', 'docs/architecture.md', 'docs/operations.md']));
    expect(links('README.md').length).toBeGreaterThan(5);
  });

  // docs/spec.md is the product specification copied verbatim; its '[video](url)' is a format, not a link.
  it.each(documents.filter((document) => document !== 'docs/spec.md'))('%s: every relative link names a file that exists, and a heading it has', (document) => {
    const broken: string[] = [];
    for (const target of links(document)) {
      const [path, anchor] = target.split('#');
      const file = path ? join(root, dirname(document), decodeURIComponent(path)) : join(root, document);
      if (!existsSync(file)) broken.push(`${target} (no ${relative(root, file)})`);
      else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(`${target} (no heading #${anchor})`);
    }
    expect(broken).toEqual([]);
  });
});
