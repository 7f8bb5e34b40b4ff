import type { IncomingMessage } from 'node:http';
import { isCountable, requestAddress, siteDay, visitorHash, visitorKey } from 'src/insights/counting';

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
