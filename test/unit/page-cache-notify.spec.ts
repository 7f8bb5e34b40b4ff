import { invalidationPayload, parseInvalidation } from 'src/page-cache/notify';

/** The page cache's NOTIFY payload between processes: tags dropped, or marked stale by a forecast refresh (docs/caching.md). */
describe('page cache notifications', () => {
  it.each([
    { tags: ['dive-site:5', 'dive-sites'], stale: false },
    { tags: ['forecast:-115:613', 'forecasts'], stale: true },
  ])('carry the tags and whether they are only marked stale: $tags, stale $stale', ({ tags, stale }) => {
    expect(parseInvalidation(invalidationPayload('p:1', tags, stale))).toEqual({ from: 'p:1', changed: tags, stale });
  });

  it('never mark everything stale: a notification without tags empties the cache, whatever it says', () => {
    expect(parseInvalidation(invalidationPayload('p:2', null, true))).toEqual({ from: 'p:2', changed: null, stale: false });
    expect(parseInvalidation('{"from":"p:3","stale":true}')).toEqual({ from: 'p:3', changed: null, stale: false });
    expect(parseInvalidation('manual')).toEqual({ from: 'manual', changed: null, stale: false });
  });

  it('read a stale flag that is not exactly true as a drop', () => {
    expect(parseInvalidation('{"from":"p:4","tags":["forecasts"],"stale":"yes"}')).toEqual({ from: 'p:4', changed: ['forecasts'], stale: false });
  });
});
