import { LinkifyIt } from 'linkify-it';
import type { TextLink } from 'core/text-links';

/**
 * Web links in what visitors write (comments, rating comments), found by linkify-it: only those written
 * out with `https://` or `http://` (no guessing at bare `example.com` forms); e-mail addresses, `ftp:`,
 * `mailto:` and protocol-relative forms stay text. The text itself is never changed: the links are
 * ranges of it, so the page escapes the text as always and makes only these ranges anchors.
 */
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false }).add('ftp:', null).add('mailto:', null).add('//', null);

export function textLinks(text: string | null): TextLink[] {
  if (!text) return [];
  return (linkify.match(text) ?? []).flatMap((match) => {
    let url: URL;
    try {
      url = new URL(match.url);
    } catch {
      return [];
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
    return [{ start: match.index, end: match.lastIndex, href: url.href }];
  });
}
