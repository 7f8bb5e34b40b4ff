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
