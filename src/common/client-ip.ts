import type { Request } from 'express';

/**
 * The client's address as Express computes it under the `trust proxy` hop count (TRUST_PROXY), so a
 * forged X-Forwarded-For from the client itself is ignored. IPv4-mapped IPv6 is shown as IPv4.
 */
export function clientIp(request: Request): string {
  const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
