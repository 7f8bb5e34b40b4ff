import { canonicalListQuery, filtersQuery, isFiltered, normaliseFilters } from 'core/dive-sites/filters';
import { badgeText, dateOfDay, outlookMatches, untilNextMidnight, weekdayOf, weekendDates, weekendOrder, type WeekendSite } from 'core/outlook/site-outlook';

/** Issue 46: the outlook filter's days and choices, the weekend, the badge's words (core/outlook/site-outlook.ts). */
describe('the day a filter names, from the site local date', () => {
  // 2026-11-28 is a Saturday.
  it.each([
    ['today', '2026-11-28', '2026-11-28'],
    ['tomorrow', '2026-11-28', '2026-11-29'],
    ['saturday', '2026-11-28', '2026-11-28'],
    ['sunday', '2026-11-28', '2026-11-29'],
    ['friday', '2026-11-28', '2026-12-04'],
    ['saturday', '2026-11-29', '2026-12-05'],
    ['monday', '2026-12-31', '2027-01-04'],
    ['tomorrow', '2028-02-28', '2028-02-29'],
  ] as const)('%s seen on %s is %s', (day, today, date) => {
    expect(dateOfDay(day, today)).toBe(date);
  });

  it('a weekday is always within the next 7 days, today included', () => {
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const) {
      const date = dateOfDay(day, '2026-11-25');
      expect(weekdayOf(date)).toBe(day);
      expect(date >= '2026-11-25' && date <= '2026-12-01').toBe(true);
    }
  });
});

describe('which ratings a choice takes', () => {
  it.each([
    ['good', ['good']],
    ['fair', ['good', 'fair']],
    ['poor', ['poor']],
  ] as const)("'%s' takes %j and never a day not judged", (choice, taken) => {
    for (const rating of ['good', 'fair', 'poor', null] as const) expect(outlookMatches(rating, choice)).toBe((taken as readonly unknown[]).includes(rating));
  });
});

describe('this weekend', () => {
  it.each([
    ['2026-11-25', ['2026-11-28', '2026-11-29']], // a Wednesday
    ['2026-11-27', ['2026-11-28', '2026-11-29']], // Friday
    ['2026-11-28', ['2026-11-28', '2026-11-29']], // Saturday
    ['2026-11-29', ['2026-11-29']], // Sunday: its Saturday is past
    ['2026-11-30', ['2026-12-05', '2026-12-06']], // Monday
  ])('seen on %s is %j', (today, dates) => {
    expect(weekendDates(today)).toEqual(dates);
  });

  const site = (id: number, name: string, ratings: ('good' | 'fair' | 'poor' | null)[]): WeekendSite => ({
    id,
    name,
    region: 'R',
    latitude: 0,
    longitude: 0,
    days: ratings.map((rating, i) => ({ date: `2026-11-2${8 + i}`, weekday: i ? 'Sunday' : 'Saturday', rating })),
  });

  it('lists the best first, then the more days at it, then by name; by distance once the visitor is placed', () => {
    const sites = [
      site(1, 'Zebra', ['fair', 'fair']),
      site(2, 'Alpha', ['fair', 'good']),
      site(3, 'Beta', ['good', 'good']),
      site(4, 'Gamma', ['good', 'good']),
    ];
    expect(weekendOrder(sites).map((s) => s.name)).toEqual(['Beta', 'Gamma', 'Alpha', 'Zebra']);
    const distances = new Map([
      [3, 50],
      [4, 5],
    ]);
    expect(weekendOrder(sites, distances).map((s) => s.name)).toEqual(['Gamma', 'Beta', 'Alpha', 'Zebra']);
  });
});

it("the badge says the day and the outlook, 'Not judged' when the forecast cannot judge it", () => {
  expect(badgeText({ rating: 'good', day: 'today' })).toBe('Outlook today: Good');
  expect(badgeText({ rating: null, day: 'Saturday' })).toBe('Outlook Saturday: Not judged');
});

it('an answer showing many sites is right until the first midnight of any of their clocks', () => {
  const now = new Date('2026-11-28T12:30:00Z');
  // UTC+10 reaches midnight at 14:00 UTC, UTC+11 at 13:00 UTC, UTC-10 at 10:00 UTC the next day.
  expect(untilNextMidnight(now, [36_000])).toBe(90 * 60_000);
  expect(untilNextMidnight(now, [36_000, 39_600, -36_000])).toBe(30 * 60_000);
  expect(untilNextMidnight(now, [])).toBe(Infinity);
});

describe('the filter in the address', () => {
  it('reads outlook and day, and ignores what it does not know', () => {
    expect(normaliseFilters({ outlook: 'good', day: 'saturday' })).toMatchObject({ outlook: 'good', day: 'saturday' });
    expect(normaliseFilters({ outlook: 'great', day: 'someday' })).toMatchObject({ outlook: 'all', day: 'today' });
    expect(isFiltered(normaliseFilters({ outlook: 'fair' }))).toBe(true);
    expect(isFiltered(normaliseFilters({ day: 'saturday' }))).toBe(false);
  });

  it('writes the day only with an outlook and when it is not today', () => {
    expect(filtersQuery(normaliseFilters({ region: 'Tasmania', outlook: 'good', day: 'saturday' }))).toBe('?region=Tasmania&outlook=good&day=saturday');
    expect(filtersQuery(normaliseFilters({ outlook: 'good', day: 'today' }))).toBe('?outlook=good');
    expect(filtersQuery(normaliseFilters({ day: 'saturday' }))).toBe('');
  });

  it("lands the no-JavaScript form's answer on the address the island writes", () => {
    const form = '?search=&region=all&skill=all&depth=all&kind=all&access=all';
    expect(canonicalListQuery(`${form}&outlook=good&day=saturday`)).toBe('?outlook=good&day=saturday');
    expect(canonicalListQuery(`${form}&outlook=fair&day=today`)).toBe('?outlook=fair');
    expect(canonicalListQuery(`${form}&outlook=all&day=sunday`)).toBe('');
    expect(canonicalListQuery('?outlook=good&day=saturday')).toBeNull();
  });
});
