import { publicAddressesOnly } from 'src/outbound/address-policy';
import { hostPacer } from 'src/link-health/host-pacer';
import { LinkChecker } from 'src/link-health/link-checker';

/**
 * Issue 32: the link check never lets an administrator's URL reach the server's own network, and says in
 * words why a link could not be asked. (The statuses, redirects and pacing against a local shop are in
 * test/api/link-health.spec.ts.)
 */
const checker = new LinkChecker({
  resolve: async (hostname) => (hostname === 'intranet.example' ? [{ address: '10.0.0.7', family: 4 }] : []),
  allowAddress: publicAddressesOnly,
  timeoutMs: 2_000,
  perHostIntervalMs: 0,
  maxRedirects: 5,
  userAgent: 'test',
});
const paced = hostPacer(0);

describe('LinkChecker', () => {
  it.each([
    ['http://127.0.0.1:9/products/x', 'address 127.0.0.1 is not public'],
    ['http://169.254.169.254/latest/meta-data/', 'address 169.254.169.254 is not public'],
    ['https://intranet.example/p', 'address 10.0.0.7 is not public'],
    ['https://no-such-shop.example/p', 'host does not resolve'],
    ['ftp://shop.example/p', 'scheme ftp:'],
    ['not a link', 'not a URL'],
  ])('does not ask %s: failed, %s', async (link, detail) => {
    await expect(checker.check(link, paced)).resolves.toEqual({ state: 'failed', httpStatus: null, finalUrl: null, detail });
  });
});
