/** The kinds of purchase link the site counts clicks on, each followed through `/go/{kind}/{slug}`. */
export const OUTBOUND_KINDS = ['review', 'product'] as const;
export type OutboundKind = (typeof OUTBOUND_KINDS)[number];

/**
 * The site's own address of a purchase link: it counts the click, then sends the reader on (302) to the
 * stored affiliate URL. A product has no slug: its id stands in.
 */
export function outboundPath(kind: OutboundKind, slug: string | number): string {
  return `/go/${kind}/${encodeURIComponent(String(slug))}`;
}

/** Shops by their host, as a button names them. */
const SHOPS: Record<string, string> = {
  'amazon.com.au': 'Amazon Australia',
  'amazon.com': 'Amazon',
  'ebay.com.au': 'eBay Australia',
  'scubadivingaustralia.com.au': 'Scuba Diving Australia',
};

/**
 * Where a purchase link goes, as its button says it (issue 47): the shop's name, and whether the link is a
 * search of the shop (its results page, '/s?k=', '?q=', '/search') rather than the product's own page. A
 * button says 'Search at {shop}' for a search: it never claims a product page it cannot show.
 */
export function purchaseDestination(url: string): { shop: string; search: boolean } | null {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{\{[^}]*\}\}/g, 'x'));
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const shop = SHOPS[host] ?? host;
  const search =
    /^\/(s|search|catalogsearch)(\/|$)/i.test(parsed.pathname) || ['k', 'q', 'query', 'search', 'keywords'].some((key) => parsed.searchParams.has(key));
  return { shop, search };
}

/**
 * A price checked on a product's own page at a named shop (issue 47), as recorded with its source in
 * data/product-offers.json: the shop's name, the price the page showed (null when it showed none), its
 * currency (ISO code) and the day it was checked ('YYYY-MM-DD').
 */
export interface CheckedOffer {
  shop: string;
  price: number | null;
  currency: string;
  checkedOn: string;
}

/** Query parameters that only track or tag a link (the affiliate tag among them): a page is the same page without them. */
const TRACKING_PARAMS = /^(tag|ref|ref_|linkcode|linkid|camp|creative|creativeasin|psc|aff|affid|affiliate|gclid|fbclid|utm_.*)$/i;

/**
 * The page a purchase link leads to, as a checked offer is recorded against it: the host (no 'www.'), the
 * path (no trailing '/') and the parameters that name the page (sorted; tracking ones and the seed's
 * '{{AFFILIATE_TAG}}' placeholder left out), so the same page with or without the affiliate tag is one page.
 * Null for anything but a web address.
 */
export function offerKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{\{[^}]*\}\}/g, ''));
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.replace(/\/+$/, '');
  const params = [...parsed.searchParams]
    .filter(([name, value]) => value !== '' && !TRACKING_PARAMS.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${path}${query}`;
}

/** How a price is written on a button: 'A$1,449', 'A$14.95'; another currency by its own prefix or code. */
export function formatOfferPrice(price: number, currency: string): string {
  const prefix: Record<string, string> = { AUD: 'A$', NZD: 'NZ$', USD: 'US$', EUR: '€', GBP: '£' };
  const amount = new Intl.NumberFormat('en-AU', {
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price);
  const code = currency.toUpperCase();
  return code in prefix ? `${prefix[code]}${amount}` : `${code} ${amount}`;
}

/** A checked day ('YYYY-MM-DD') as '28 Nov 2026': a calendar day, the same in every time zone. */
const CHECKED_DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatCheckedDay(day: string): string {
  return CHECKED_DAY.format(new Date(`${day}T00:00:00Z`));
}

/**
 * What a purchase button says after 'Check Price' (issue 47): for a link to the shop's search, honestly
 * 'Search at {shop}'; for a product's own page with a recorded check, the price and the shop with the day
 * it was checked ('A$1,449 at Scuba Warehouse, checked 28 Nov 2026'; without a price shown on the page,
 * 'at {shop}, checked {day}'); for a product page never checked, 'at {shop}'. Null for a link that is no address.
 */
export function purchaseLabel(url: string, offer: CheckedOffer | null): string | null {
  const destination = purchaseDestination(url);
  if (!destination) return null;
  if (destination.search) return `Search at ${destination.shop}`;
  if (!offer) return `at ${destination.shop}`;
  const checked = `at ${offer.shop}, checked ${formatCheckedDay(offer.checkedOn)}`;
  return offer.price === null ? checked : `${formatOfferPrice(offer.price, offer.currency)} ${checked}`;
}
