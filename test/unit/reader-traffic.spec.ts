import { BUSY_REQUESTS_PER_SECOND, ReaderTraffic } from 'src/http/reader-traffic';

/**
 * A newsletter send gives way to readers (issue 29): the process knows how many requests it answered in
 * the last whole second, and calls itself busy from BUSY_REQUESTS_PER_SECOND in that second or in the one under way.
 */
const answer = (traffic: ReaderTraffic, at: number, count: number) => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(at);
  for (let i = 0; i < count; i++) traffic.observe('GET', '/blog/x', 200, 1, 'id', undefined);
  now.mockRestore();
};

it('counts the requests of the last whole second, not of the one under way', () => {
  const traffic = new ReaderTraffic();
  answer(traffic, 10_100, 40);
  expect(traffic.perSecond(10_900)).toBe(0);
  answer(traffic, 10_950, 2);
  expect(traffic.perSecond(11_000)).toBe(42);
  expect(traffic.perSecond(11_999)).toBe(42);
});

it('is busy from the threshold on, and quiet again once readers stop', () => {
  const traffic = new ReaderTraffic();
  answer(traffic, 20_000, BUSY_REQUESTS_PER_SECOND - 1);
  expect(traffic.busy(21_000)).toBe(false);
  answer(traffic, 21_000, BUSY_REQUESTS_PER_SECOND);
  expect(traffic.busy(22_000)).toBe(true);
  // A second with nothing answered, then another: nothing carries over.
  expect(traffic.busy(23_000)).toBe(false);
  expect(traffic.perSecond(24_500)).toBe(0);
});

it('is busy as soon as the second under way reaches the threshold, not a second later', () => {
  const traffic = new ReaderTraffic();
  answer(traffic, 30_000, BUSY_REQUESTS_PER_SECOND - 1);
  expect(traffic.busy(30_010)).toBe(false);
  answer(traffic, 30_010, 1);
  expect(traffic.busy(30_010)).toBe(true);
});
