import type { IncomingMessage } from 'node:http';
import { isCountable, requestAddress, siteDay, visitorHash, visitorKey, visitorNetwork } from 'src/insights/counting';
import { canonicalPath } from 'src/insights/page-view-counting';
import { RecentVisits } from 'src/insights/recent-visits';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('the counting rules of issue 32', () => {
  it('counts a browser GET and nothing else', () => {
    expect(isCountable('GET', { 'user-agent': BROWSER })).toBe(true);
    expect(isCountable('HEAD', { 'user-agent': BROWSER })).toBe(false);
    expect(isCountable('GET', {})).toBe(false);
    expect(isCountable('GET', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toBe(false);
    expect(isCountable('GET', { 'user-agent': 'curl/8.5.0' })).toBe(false);
    expect(isCountable('GET', { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(isCountable('GET', { 'user-agent': BROWSER, purpose: 'prefetch' })).toBe(false);
    expect(isCountable('GET', { 'user-agent': BROWSER, 'x-moz': 'prefetch' })).toBe(false);
  });

  it('reads the address by the proxy hop count, never believing a forged X-Forwarded-For', () => {
    const from = (remote: string, forwarded?: string) =>
      ({ socket: { remoteAddress: remote }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;
    expect(requestAddress(from('::ffff:10.0.0.1', '1.2.3.4'), 0)).toBe('10.0.0.1');
    expect(requestAddress(from('10.0.0.1', 'forged, 198.51.100.9'), 1)).toBe('198.51.100.9');
    expect(requestAddress(from('10.0.0.1'), 1)).toBe('10.0.0.1');
  });

  it('hashes an address differently each day and under each secret, and shows nothing of it', () => {
    const key = visitorKey('a-secret-that-is-long-enough-for-the-test');
    const today = visitorHash(key, '203.0.113.5', '2026-11-25');
    expect(today).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash(key, '203.0.113.5', '2026-11-25')).toBe(today);
    expect(visitorHash(key, '203.0.113.5', '2026-11-26')).not.toBe(today);
    expect(visitorHash(visitorKey('another-secret-that-is-long-enough!!'), '203.0.113.5', '2026-11-25')).not.toBe(today);
    expect(siteDay(new Date('2026-11-25T14:30:00Z'), 'Australia/Sydney')).toBe('2026-11-26');
  });
});

describe('issue 42: what page views remember, and which path they count', () => {
  it('remembers a visit for its window only, and never more visits or bytes than its bounds', () => {
    const visits = new RecentVisits(60_000, 1_000, 64 * 1024);
    expect(visits.first('a', 0)).toBe(true);
    expect(visits.first('a', 59_999)).toBe(false);
    expect(visits.first('a', 60_000)).toBe(true);
    for (let i = 0; i < 100_000; i++) visits.first(`visitor-${i}`, 1_000);
    const use = visits.use;
    expect(use.visits).toBeLessThanOrEqual(1_000);
    expect(use.bytes).toBeLessThanOrEqual(64 * 1024);
    visits.prune(61_000);
    expect(visits.use.visits).toBe(0);
  });

  it('counts an IPv6 address by its /64 and an IPv4 address alone', () => {
    expect(visitorNetwork('2001:db8:1:2::1')).toBe(visitorNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(visitorNetwork('2001:db8:1:2::1')).not.toBe(visitorNetwork('2001:db8:1:3::1'));
    expect(visitorNetwork('203.0.113.5')).toBe('203.0.113.5');
    expect(visitorNetwork('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it("reads a page's canonical path from its head, and nothing from anything else", () => {
    const page = (href: string) => `<!DOCTYPE html><html><head><title>x</title><link rel="canonical" href="${href}"/></head><body></body></html>`;
    expect(canonicalPath(page('https://dive.example/about'), 'https://dive.example')).toBe('/about');
    expect(canonicalPath(page('https://dive.example/blog?page=2&amp;category=Gear'), 'https://dive.example')).toBe('/blog');
    expect(canonicalPath(page('https://dive.example/'), 'https://dive.example')).toBe('/');
    expect(canonicalPath(page('https://elsewhere.example/about'), 'https://dive.example')).toBeNull();
    expect(canonicalPath('{"link":"<link rel=\\"canonical\\" href=\\"https://dive.example/about\\">"}', 'https://dive.example')).toBeNull();
    expect(canonicalPath('<!DOCTYPE html><html><head></head></html>', 'https://dive.example')).toBeNull();
  });
});
