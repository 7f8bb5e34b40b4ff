import MarkdownIt from 'markdown-it';
import { formatLongDate, siteTimeZone } from './site-time';

/** SPEC section 5: lowercased, punctuation removed, spaces to hyphens. Accents fold to their letter. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

/**
 * An article or review body (markdown) as the words a reader reads, for excerpts and meta descriptions.
 * Read from markdown-it's tokens, so the server and the admin's preview agree to the letter.
 */
export function plainText(content: string): string {
  // Images and video embeds have no text of their own (their placeholders are not the writer's words).
  const source = (content ?? '').replace(/!\[[^\]]*\]\([^)]*\)|\[video\]\([^)]*\)/gi, ' ');
  const words: string[] = [];
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') words.push(child.content);
        else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ');
      }
    } else if (token.type === 'code_block' || token.type === 'fence') {
      words.push(token.content);
    }
    words.push(' ');
  }
  return words.join('').replace(/\s+/g, ' ').trim();
}

/** SPEC section 9: the first 150 characters of the content plus an ellipsis. */
export function autoExcerpt(content: string): string {
  const text = plainText(content);
  return text.length <= 150 ? text : `${text.slice(0, 150).trimEnd()}...`;
}

/** SPEC section 9: the excerpt (whole, unless unreasonably long), falling back to the first 160 characters of the content. */
export function metaDescription(preferred: string | null | undefined, content: string): string {
  const chosen = (preferred ?? '').trim();
  if (chosen) return chosen.length <= 300 ? chosen : `${chosen.slice(0, 297).trimEnd()}...`;
  return plainText(content).slice(0, 160).trimEnd();
}

/**
 * Dates in Australian English (SPEC section 1), e.g. '4 July 2025', the day as it is in the site's zone
 * (SITE_TIMEZONE): the same on the server and in the browser when the island is handed the zone.
 */
export function formatDate(value: Date | string | null | undefined, timeZone: string = siteTimeZone()): string {
  if (!value) return '';
  return formatLongDate(value, timeZone);
}
