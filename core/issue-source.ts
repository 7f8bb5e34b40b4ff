/**
 * Which newsletter issue brought a reader (issue 44 item 6): an issue's link (`/r/{issueId}/{linkId}`) sends
 * a reader on to a page of the site with `?source=issue-{id}` added; a purchase link followed from that page
 * (`/go/...`, whose request names the page in its Referer, or carries the parameter itself) is counted for
 * that issue. Nothing else is kept: no cookie, no address.
 */
export const SOURCE_PARAM = 'source';

/** The parameter's value for an issue: 'issue-12'. */
export function issueSource(issueId: number): string {
  return `issue-${issueId}`;
}

/** The issue a `source` value names ('issue-12' gives 12), or null. */
export function issueFromSource(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^issue-([1-9]\d{0,8})$/.exec(value);
  return match ? Number(match[1]) : null;
}
