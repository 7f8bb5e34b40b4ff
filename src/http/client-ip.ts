import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as Express computes it under the `trust proxy` hop count (TRUST_PROXY), so a
 * forged X-Forwarded-For from the client itself is ignored. IPv4-mapped IPv6 is shown as IPv4.
 */
export function clientIp(request: Request): string {
  const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/** A dotted IPv4 address in its one spelling (no leading zeros, each part up to 255), as ipaddr.js writes it. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The network a rate limit counts an address under: an IPv4 address on its own, an IPv6 address by its
 * /64 ("2001:db8:1:2::/64"), the smallest prefix a provider gives one subscriber, inside which any
 * address is the same client's to pick; IPv4-mapped IPv6 (::ffff:203.0.113.7) as the IPv4 it carries.
 */
export function rateLimitNetwork(address: string): string {
  // The usual case, an IPv4 address as Node writes it, is its own network: no parse.
  if (CANONICAL_IPV4.test(address)) return address;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

const networks = new WeakMap<Request, string>();

/**
 * The client a rate limit counts: its address's network (see rateLimitNetwork), worked out once per request
 * (the limit's guard counts it, and a refusal hands the hit back under it).
 */
export function rateLimitClient(request: Request): string {
  let network = networks.get(request);
  if (network === undefined) {
    network = rateLimitNetwork(clientIp(request));
    networks.set(request, network);
  }
  return network;
}
