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
