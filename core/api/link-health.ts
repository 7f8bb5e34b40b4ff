/**
 * The purchase-link health check (issue 32): what `GET /api/admin/link-health` answers. A link is checked
 * as it is stored now; one whose URL changed since its last check shows as not yet checked (state null).
 */

/** ok: leads to a page; broken: 404 or 410; home: redirects to the shop's front page; failed: could not be asked. */
export type LinkState = 'ok' | 'broken' | 'home' | 'failed';

/** The states the Reviews tab flags for the administrator. */
export const FLAGGED_LINK_STATES: readonly LinkState[] = ['broken', 'home'];

export interface CheckedLink {
  kind: 'review' | 'product';
  /** The review's slug, or the product's id. */
  slug: string;
  title: string;
  url: string;
  state: LinkState | null;
  httpStatus: number | null;
  finalUrl: string | null;
  detail: string | null;
  /** ISO time of its last check; null when never checked at this URL. */
  checkedAt: string | null;
}

export interface LinkHealthReport {
  /** A check is running now (in any process). */
  running: boolean;
  /** ISO time the last check finished; null before the first. */
  lastCheckedAt: string | null;
  links: CheckedLink[];
}
