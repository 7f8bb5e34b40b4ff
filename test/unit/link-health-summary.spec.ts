import { failureReason, linkHealthSummary, tallyByShop, type CheckedLink, type LinkState } from 'core/api/link-health';

const link = (url: string, state: LinkState | null, detail: string | null = null, httpStatus: number | null = null): CheckedLink => ({
  kind: 'review',
  slug: url,
  title: url,
  url,
  state,
  httpStatus,
  finalUrl: null,
  detail,
  checkedAt: state ? '2026-11-28T00:00:00.000Z' : null,
});

describe('the purchase-link summary (issue 44)', () => {
  it.each([
    [
      'every link failed: never says all is well',
      [link('https://a.test/1', 'failed', 'host does not resolve'), link('https://a.test/2', 'failed', 'host does not resolve')],
      '0 working, 2 could not be checked (of 2 links).',
    ],
    ['every link reached and working', [link('https://a.test/1', 'ok'), link('https://b.test/2', 'ok')], 'All 2 links lead to a page.'],
    ['one link, working', [link('https://a.test/1', 'ok')], 'The one link leads to a page.'],
    [
      'working but one not yet checked at its URL',
      [link('https://a.test/1', 'ok'), link('https://a.test/2', null)],
      '1 working, 1 not checked yet (of 2 links).',
    ],
    ['nothing checked', [link('https://a.test/1', null)], 'Not checked yet: press \u2018Check purchase links\u2019 to ask every shop.'],
    [
      'each outcome',
      [
        link('https://a.test/1', 'ok'),
        link('https://a.test/2', 'broken', 'answered 404', 404),
        link('https://b.test/3', 'home'),
        link('https://c.test/4', 'failed', 'connect timeout'),
      ],
      '1 working, 1 broken, 1 moved to a home page, 1 could not be checked (of 4 links).',
    ],
  ])('%s', (_case, links, summary) => {
    expect(linkHealthSummary(links)).toBe(summary);
  });

  it('counts each shop apart, so a dead shop domain shows as its own row', () => {
    const links = [
      link('https://www.shop.test/a', 'ok'),
      link('https://shop.test/b', 'broken'),
      link('https://dead.test/c', 'failed', 'host does not resolve'),
    ];
    expect(tallyByShop(links)).toEqual([
      { shop: 'dead.test', working: 0, broken: 0, home: 0, couldNotCheck: 1, notChecked: 0 },
      { shop: 'shop.test', working: 1, broken: 1, home: 0, couldNotCheck: 0, notChecked: 0 },
    ]);
  });

  it.each([
    ['host does not resolve', null, 'the shop\u2019s host name does not resolve (DNS)'],
    ['connect timeout', null, 'no answer in time (timeout)'],
    ['no answer in time', null, 'no answer in time (timeout)'],
    ['connect ECONNREFUSED 127.0.0.1:9', null, 'the shop refused the connection'],
    ['answered 403', 403, 'blocked by the shop\u2019s bot protection (answered 403)'],
    ['answered 500', 500, 'answered 500'],
  ])('names why a link could not be checked: %s', (detail, status, reason) => {
    expect(failureReason(link('https://a.test/1', 'failed', detail, status))).toBe(reason);
  });
});
