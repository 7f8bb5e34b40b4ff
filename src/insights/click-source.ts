import { issueFromSource, SOURCE_PARAM } from 'core/issue-source';

/** Where a purchase-link click came from (issue 44 item 6): the review page it was made on, the issue that brought the reader. */
export interface ClickSource {
  /** The slug of the review whose page the click was made on; '' for any other page, or none known. */
  review: string;
  /** The newsletter issue whose link brought the reader; 0 for none. */
  issueId: number;
}

export const NO_SOURCE: ClickSource = { review: '', issueId: 0 };

/**
 * A click's source, read from what its request carries: `?source=issue-{id}` on the `/go/` address itself,
 * else the page it was made on, named by the browser's Referer (the site sends `strict-origin-when-cross-origin`,
 * so a link followed on the site names the whole page, its query included): a page of this site (its
 * own address or `host`, the one the request came to) at `/gear-reviews/{slug}` is that review's, and its
 * `?source=issue-{id}` the issue's. Only candidates: the counting keeps a review or an issue only if it exists.
 */
export function clickSource(query: unknown, referer: string | undefined, siteUrl: string, host: string | undefined): ClickSource {
  const own = issueFromSource(query);
  if (!referer) return own ? { ...NO_SOURCE, issueId: own } : NO_SOURCE;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return own ? { ...NO_SOURCE, issueId: own } : NO_SOURCE;
  }
  const site = new URL(siteUrl);
  const ours = page.host === site.host || (host !== undefined && page.host === host);
  if (!ours || (page.protocol !== 'http:' && page.protocol !== 'https:')) return own ? { ...NO_SOURCE, issueId: own } : NO_SOURCE;
  const review = /^\/gear-reviews\/([^/]{1,200})$/.exec(page.pathname)?.[1];
  const slug = review ? safelyDecoded(review) : '';
  return { review: slug, issueId: own ?? issueFromSource(page.searchParams.get(SOURCE_PARAM)) ?? 0 };
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}
