import { publicAddressesOnly } from 'src/outbound/address-policy';

describe('the image fetcher address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['not-an-address', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(publicAddressesOnly(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(publicAddressesOnly(address)).toBe(true);
    },
  );
});
