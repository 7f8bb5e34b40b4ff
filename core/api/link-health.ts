/**
 * The purchase-link health check (issue 32): what `GET /api/admin/link-health` answers. A link is checked
 * as it is stored now; one whose URL changed since its last check shows as not yet checked (state null).
 */

/** ok: leads to a page; broken: 404 or 410; home: redirects to the shop's front page; failed: could not be asked. */
export type LinkState = 'ok' | 'broken' | 'home' | 'failed';

/** The states the Reviews tab flags for the administrator: every one but a link that works. */
export const FLAGGED_LINK_STATES: readonly LinkState[] = ['broken', 'home', 'failed'];

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

/**
 * What one link's last check came to, as the administrator reads it: working, broken (404/410), moved to
 * the shop's home page, could not be checked (no DNS answer, a timeout, a refused connection, a bot wall or
 * another status), or not checked yet at its current URL.
 */
export type LinkOutcome = 'working' | 'broken' | 'home' | 'could-not-check' | 'not-checked';

export function outcomeOf(link: Pick<CheckedLink, 'state'>): LinkOutcome {
  switch (link.state) {
    case 'ok':
      return 'working';
    case 'broken':
      return 'broken';
    case 'home':
      return 'home';
    case 'failed':
      return 'could-not-check';
    default:
      return 'not-checked';
  }
}

/** Statuses a shop's bot protection answers a checker with (the page may well be there for a reader). */
const BOT_WALL = new Set([401, 403, 429, 503, 999]);

/** Why a link could not be checked, in words; null for a link that could be. */
export function failureReason(link: Pick<CheckedLink, 'state' | 'detail' | 'httpStatus'>): string | null {
  if (link.state !== 'failed') return null;
  const detail = link.detail ?? '';
  if (/does not resolve|ENOTFOUND|EAI_AGAIN/i.test(detail)) return 'the shop\u2019s host name does not resolve (DNS)';
  if (/timeout|in time|ETIMEDOUT/i.test(detail)) return 'no answer in time (timeout)';
  if (/ECONNREFUSED|refused/i.test(detail)) return 'the shop refused the connection';
  if (/ECONNRESET|socket hang up/i.test(detail)) return 'the shop closed the connection';
  if (link.httpStatus !== null && BOT_WALL.has(link.httpStatus)) return `blocked by the shop\u2019s bot protection (answered ${link.httpStatus})`;
  if (/is not public/.test(detail)) return 'the address is not a public one';
  return detail || 'no answer';
}

/** One shop's links, by outcome. */
export interface ShopTally {
  shop: string;
  working: number;
  broken: number;
  home: number;
  couldNotCheck: number;
  notChecked: number;
}

/** The host a link's URL names ('' when it is not a URL), shown as the shop. */
export function shopOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

const KEY: Record<LinkOutcome, keyof Omit<ShopTally, 'shop'>> = {
  working: 'working',
  broken: 'broken',
  home: 'home',
  'could-not-check': 'couldNotCheck',
  'not-checked': 'notChecked',
};

/** Per shop, how many links work, are broken, moved home, could not be checked, or wait for a check. */
export function tallyByShop(links: readonly Pick<CheckedLink, 'url' | 'state'>[]): ShopTally[] {
  const shops = new Map<string, ShopTally>();
  for (const link of links) {
    const shop = shopOf(link.url) || 'not a URL';
    const tally = shops.get(shop) ?? { shop, working: 0, broken: 0, home: 0, couldNotCheck: 0, notChecked: 0 };
    tally[KEY[outcomeOf(link)]]++;
    shops.set(shop, tally);
  }
  return [...shops.values()].sort((a, b) => a.shop.localeCompare(b.shop));
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The panel's one-line summary. It says every link works only when every link was reached at its current
 * URL and worked; otherwise it counts each outcome (zeros left out).
 */
export function linkHealthSummary(links: readonly Pick<CheckedLink, 'url' | 'state'>[]): string {
  if (links.length === 0) return 'No purchase links to check.';
  const total = tallyByShop(links).reduce(
    (sum, shop) => ({
      shop: '',
      working: sum.working + shop.working,
      broken: sum.broken + shop.broken,
      home: sum.home + shop.home,
      couldNotCheck: sum.couldNotCheck + shop.couldNotCheck,
      notChecked: sum.notChecked + shop.notChecked,
    }),
    { shop: '', working: 0, broken: 0, home: 0, couldNotCheck: 0, notChecked: 0 },
  );
  if (total.notChecked === links.length) return 'Not checked yet: press \u2018Check purchase links\u2019 to ask every shop.';
  if (total.working === links.length) return links.length === 1 ? 'The one link leads to a page.' : `All ${links.length} links lead to a page.`;
  const parts = [
    `${total.working} working`,
    total.broken && `${total.broken} broken`,
    total.home && `${total.home} moved to a home page`,
    total.couldNotCheck && `${total.couldNotCheck} could not be checked`,
    total.notChecked && `${total.notChecked} not checked yet`,
  ].filter(Boolean);
  return `${parts.join(', ')} (of ${plural(links.length, 'link')}).`;
}
