import { UNSUBSCRIBE_MARK } from 'src/mail/mail-template';

/**
 * Told of each link an issue's email carries (its address and what the email calls it); answers the address
 * the email uses instead: the link itself, or the site's counted redirect to it (issue 44 item 6).
 */
export type LinkTracker = (url: string, label: string) => string;

/** The longest label kept for a link (the column's size). */
export const MAX_LABEL = 300;
/** The longest address an issue's link may have to be counted (the column's size); a longer one is left as it is. */
export const MAX_URL = 2000;

/**
 * The address a link is counted under, or null for one that is not counted: only an absolute http or
 * https address; never a mailto: or tel: link, never the unsubscribe link (nor a link to the site's
 * unsubscribe page), never a relative one.
 */
export function countedUrl(url: string, siteUrl: string): string | null {
  if (!url || url.includes(UNSUBSCRIBE_MARK)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin === new URL(siteUrl).origin && parsed.pathname.startsWith('/newsletter/unsubscribe')) return null;
  return parsed.href.length <= MAX_URL ? parsed.href : null;
}

/** The redirect address of an issue's link: `{siteUrl}/r/{issueId}/{linkId}`. */
export function redirectUrl(siteUrl: string, issueId: number, linkId: number): string {
  return `${siteUrl}/r/${issueId}/${linkId}`;
}

/** A tracker that notes every counted link (in the order met, its first label kept) and changes none. */
export function linkCollector(siteUrl: string): { track: LinkTracker; links: Map<string, string> } {
  const links = new Map<string, string>();
  const track: LinkTracker = (url, label) => {
    const counted = countedUrl(url, siteUrl);
    if (counted && !links.has(counted)) links.set(counted, cleanLabel(label));
    return url;
  };
  return { track, links };
}

/** A tracker that sends each counted link through the redirect of the link's id (`ids`: address to id); any other stays. */
export function linkRewriter(siteUrl: string, issueId: number, ids: Map<string, number>): LinkTracker {
  return (url) => {
    const counted = countedUrl(url, siteUrl);
    const id = counted ? ids.get(counted) : undefined;
    return id ? redirectUrl(siteUrl, issueId, id) : url;
  };
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", nbsp: '\u00a0' };

/** HTML's character references decoded (as a serializer writes them: named, decimal and hex). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function cleanLabel(label: string): string {
  return label.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL);
}

/**
 * The links of a fragment of HTML written by the site's own renderer (the intro: markdown-it, then
 * sanitize-html, so every `<a>` is well formed, never nested, its attributes double-quoted) passed through
 * `track`, each with its words as its label.
 */
export function trackHtmlLinks(html: string, track: LinkTracker): string {
  return html.replace(/<a\b([^>]*?)\shref="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g, (_whole, before: string, href: string, after: string, inner: string) => {
    const words = decodeEntities(inner.replace(/<[^>]*>/g, ' '));
    const url = decodeEntities(href);
    const tracked = track(url, words);
    return `<a${before} href="${tracked === url ? href : escapeAttribute(tracked)}"${after}>${inner}</a>`;
  });
}
