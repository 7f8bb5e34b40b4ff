import { dayIn } from 'core/site-time';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { isbot } from 'isbot';
import { rateLimitNetwork } from 'src/http/client-ip';

/**
 * Whether a request is a person's visit worth counting (issue 32): a GET (never HEAD), not a prefetch or
 * prerender (`Sec-Purpose`, `Purpose`, `X-Purpose`, `X-Moz`), with a user agent that the `isbot` list
 * does not know as a crawler, a monitor or a headless browser (no user agent at all counts as a bot).
 */
export function isCountable(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET') return false;
  const purpose = [headers['sec-purpose'], headers['purpose'], headers['x-purpose'], headers['x-moz']].filter(Boolean).join(' ').toLowerCase();
  if (purpose.includes('prefetch') || purpose.includes('prerender') || purpose.includes('preview')) return false;
  const agent = headers['user-agent'];
  return typeof agent === 'string' && agent.length > 0 && !isbot(agent);
}

/**
 * The client's address on the bare Node request, by the same hop count Express uses (TRUST_PROXY): the
 * socket's address, or with `hops` proxies in front, that many entries from the right of X-Forwarded-For.
 */
export function requestAddress(request: IncomingMessage, hops: number): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  let address = socket;
  if (hops > 0) {
    const header = request.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse();
    const chain = [socket, ...forwarded];
    address = chain[Math.min(hops, chain.length - 1)];
  }
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** The site's calendar day (YYYY-MM-DD) in its time zone. */
export const siteDay = dayIn;

/** The hash key of visitorHash, derived from the server's secret (SESSION_SECRET) for this use only. */
export function visitorKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('insights-visitor').digest();
}

/**
 * The visitor an address is counted as: an IPv4 address on its own, an IPv6 address by its /64 (every
 * address of a subscriber's /64 is theirs to pick: one visitor, as the rate limits see them).
 */
export function visitorNetwork(address: string): string {
  return rateLimitNetwork(address);
}

/**
 * A keyed hash of an address and a day: the same visitor on the same day gives the same value, which
 * cannot be turned back into the address without the server's secret, and matches nothing on another day.
 */
export function visitorHash(key: Buffer, address: string, day: string): string {
  return createHmac('sha256', key).update(`${day}|${address}`).digest('hex');
}

/**
 * A keyed hash of a visitor's network, a day and a page, shortened to 128 bits (22 characters): what the
 * page views remember of a visit for a minute, the same size whatever the page's path.
 */
export function visitHash(key: Buffer, network: string, day: string, path: string): string {
  return createHmac('sha256', key).update(`${day}|${network}|${path}`).digest('base64url').slice(0, 22);
}
