import ipaddr from 'ipaddr.js';

/** Decides whether the image fetcher may connect to an address (IPv4 or IPv6 text, no brackets). */
export type AddressPolicy = (address: string) => boolean;

/**
 * Special-purpose blocks ipaddr.js 1.x does not name (IANA's special-purpose registries): benchmarking,
 * AS112, AMT; discard-only, ORCHID, the newer documentation prefix, local-use NAT64 and site-local.
 */
const V4_BLOCKED = { blocked: ['198.18.0.0/15', '192.31.196.0/24', '192.52.193.0/24', '192.175.48.0/24'].map((cidr) => ipaddr.IPv4.parseCIDR(cidr)) };
const V6_BLOCKED = {
  blocked: ['100::/64', '2001:10::/28', '2001:20::/28', '3fff::/20', '64:ff9b:1::/48', 'fec0::/10'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr)),
};

/**
 * Only ordinary public unicast addresses: loopback, private, link-local (the cloud metadata service at
 * 169.254.169.254 included), CGNAT, multicast, broadcast, unspecified, reserved and documentation
 * blocks are refused, as is every IPv6 range that embeds or translates to IPv4 (mapped, compatible,
 * NAT64, 6to4, Teredo) and unique-local (AWS's metadata at fd00:ec2::254). An IPv4-mapped address is
 * judged as the IPv4 address it carries, so ::ffff:8.8.8.8 passes and ::ffff:127.0.0.1 does not.
 */
export const publicAddressesOnly: AddressPolicy = (text) => {
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.parse(text);
  if (parsed instanceof ipaddr.IPv6) {
    if (parsed.isIPv4MappedAddress()) return publicAddressesOnly(parsed.toIPv4Address().toString());
    // ::a.b.c.d (IPv4-compatible, deprecated) reads as plain unicast to ipaddr.js: no public host uses it.
    if (parsed.parts.slice(0, 6).every((part) => part === 0)) return false;
    return parsed.range() === 'unicast' && ipaddr.subnetMatch(parsed, V6_BLOCKED, 'public') === 'public';
  }
  return parsed.range() === 'unicast' && ipaddr.subnetMatch(parsed, V4_BLOCKED, 'public') === 'public';
};
