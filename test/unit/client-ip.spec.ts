import ipaddr from 'ipaddr.js';
import { rateLimitNetwork } from 'src/http/client-ip';

// Issue 41: a canonical IPv4 address is taken as its own network without a parse; every other spelling
// still goes through ipaddr.js, so the network a limit counts is the one it was.
describe('the network a rate limit counts', () => {
  it('is, for an IPv4 address in any spelling, what ipaddr.js makes of it', () => {
    for (const address of ['127.0.0.1', '203.0.113.7', '255.255.255.255', '0.0.0.0', '10.0.0.10', '198.51.100.199']) {
      expect(rateLimitNetwork(address)).toBe(ipaddr.process(address).toString());
      expect(rateLimitNetwork(address)).toBe(address);
    }
    // Spellings that are not the canonical one are parsed as before.
    expect(rateLimitNetwork('010.000.000.001')).toBe(ipaddr.process('010.000.000.001').toString());
    expect(rateLimitNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address’s /64, and anything else as it is', () => {
    expect(rateLimitNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitNetwork('256.1.1.1')).toBe('256.1.1.1');
    expect(rateLimitNetwork('unknown')).toBe('unknown');
  });
});
