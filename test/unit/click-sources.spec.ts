import { counted, formatDay, formatWeekday } from 'client/admin/insights/wording';
import { clickSource } from 'src/insights/click-source';

/** Issue 44 item 6: where a purchase-link click came from, and how Insights says days and counts. */
const SITE = 'https://divers.example.au';

describe('clickSource', () => {
  it('reads the review page and the issue from the page the click was made on', () => {
    expect(clickSource(undefined, `${SITE}/gear-reviews/mares-fins?source=issue-12`, SITE, 'divers.example.au')).toEqual({ review: 'mares-fins', issueId: 12 });
    expect(clickSource(undefined, `${SITE}/gear-reviews/mares-fins`, SITE, undefined)).toEqual({ review: 'mares-fins', issueId: 0 });
    expect(clickSource(undefined, `${SITE}/gear-reviews?source=issue-3`, SITE, undefined)).toEqual({ review: '', issueId: 3 });
  });

  it('takes the address the request came to as the site too (a proxy, a test server)', () => {
    expect(clickSource(undefined, 'http://127.0.0.1:4100/gear-reviews/fins?source=issue-5', SITE, '127.0.0.1:4100')).toEqual({ review: 'fins', issueId: 5 });
  });

  it("prefers the /go/ address's own ?source, and ignores another site's page and values that name no issue", () => {
    expect(clickSource('issue-7', `${SITE}/gear-reviews/fins?source=issue-12`, SITE, undefined)).toEqual({ review: 'fins', issueId: 7 });
    expect(clickSource('issue-7', undefined, SITE, undefined)).toEqual({ review: '', issueId: 7 });
    expect(clickSource(undefined, 'https://elsewhere.example/gear-reviews/fins?source=issue-12', SITE, 'divers.example.au')).toEqual({
      review: '',
      issueId: 0,
    });
    for (const value of ['issue-0', 'issue-', 'issue-1x', 'Issue-3', ['issue-3'], 'issue-99999999999']) {
      expect(clickSource(value, undefined, SITE, undefined)).toEqual({ review: '', issueId: 0 });
    }
    expect(clickSource(undefined, 'not a url', SITE, undefined)).toEqual({ review: '', issueId: 0 });
    expect(clickSource(undefined, `${SITE}/gear-reviews/%E0%A4%A`, SITE, undefined)).toEqual({ review: '', issueId: 0 });
  });
});

describe('Insights wording', () => {
  it("says days in Australian English: '28 Nov 2026' and 'Sat 28 Nov'", () => {
    expect(formatDay('2026-11-28')).toBe('28 Nov 2026');
    expect(formatWeekday('2026-11-28')).toBe('Sat 28 Nov');
    expect(formatWeekday('2027-01-01')).toBe('Fri 1 Jan');
  });

  it('puts the noun in the number of its count', () => {
    expect(counted(0, 'purchase-link click')).toBe('0 purchase-link clicks');
    expect(counted(1, 'purchase-link click')).toBe('1 purchase-link click');
    expect(counted(2, 'purchase-link click')).toBe('2 purchase-link clicks');
    expect(counted(1200, 'click')).toBe('1,200 clicks');
  });
});
