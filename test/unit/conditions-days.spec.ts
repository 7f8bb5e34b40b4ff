import { moonPhaseName, principalPhaseBetween, readTideQuery, tideRanges } from 'core/conditions/days';
import { siteZone } from 'core/conditions/time-zone';
import { toZonedInput } from 'core/site-time';

describe("a dive site's time zone", () => {
  it.each([
    ['Victoria', -38.2903, 144.6204, 'Australia/Melbourne'],
    ['South Australia', -35.5182, 138.1828, 'Australia/Adelaide'],
    ['Northern New South Wales', -28.6118, 153.6282, 'Australia/Sydney'],
    ['Far North Queensland', -16.5, 145.8, 'Australia/Brisbane'],
    ['Perth & Rottnest', -32.0, 115.5, 'Australia/Perth'],
    ['Northern Territory', -12.4, 130.8, 'Australia/Darwin'],
    ['Lord Howe Island', -31.55, 159.08, 'Australia/Lord_Howe'],
    ['Christmas Island', -10.4415, 105.6572, 'Indian/Christmas'],
    ['Fiji', -16.7841, 179.9121, 'Pacific/Fiji'],
    ['Samoa', -13.8, -171.8, 'Pacific/Apia'],
    ['Cook Islands', -21.2, -159.8, 'Pacific/Rarotonga'],
    ['Palau', 7.3408, 134.4506, 'Pacific/Palau'],
    ['Micronesia', 7.42, 151.78, 'Pacific/Chuuk'],
    ['Micronesia', 6.9, 158.2, 'Pacific/Pohnpei'],
    ['Papua New Guinea', -5.5, 150.1, 'Pacific/Port_Moresby'],
    ['Papua New Guinea', -6.2, 155.5, 'Pacific/Bougainville'],
    ['A region not listed', -34.0, 151.3, 'Australia/Sydney'],
    ['A region not listed', -42.9, 147.4, 'Australia/Hobart'],
  ])('%s at %d, %d keeps %s', (region, latitude, longitude, zone) => {
    expect(siteZone(region, latitude, longitude)).toBe(zone);
  });

  it('tells the states apart on one instant: daylight saving in Victoria and South Australia, none in Queensland', () => {
    const instant = new Date('2026-01-15T02:00:00Z');
    const clock = (region: string, lat: number, lon: number) => toZonedInput(instant, siteZone(region, lat, lon)).slice(11, 16);
    expect(clock('Victoria', -38.29, 144.62)).toBe('13:00');
    expect(clock('South Australia', -35.52, 138.18)).toBe('12:30');
    expect(clock('South East Queensland', -27.4, 153.4)).toBe('12:00');
    expect(clock('Perth & Rottnest', -32.0, 115.5)).toBe('10:00');
    // The Pacific runs from UTC+9 (Palau) to UTC-10 (the Cook Islands): one instant, two dates.
    expect(toZonedInput(instant, siteZone('Palau', 7.3, 134.4)).slice(0, 10)).toBe('2026-01-15');
    expect(toZonedInput(instant, siteZone('Cook Islands', -21.2, -159.8)).slice(0, 10)).toBe('2026-01-14');
  });
});

describe('the tides call query', () => {
  const today = '2026-11-28';
  it.each([
    [undefined, undefined, { from: today, days: 7 }],
    ['1990-01-01', '31', { from: '1990-01-01', days: 31 }],
    ['2050-12-25', '7', { from: '2050-12-25', days: 7 }],
    ['2024-02-29', '1', { from: '2024-02-29', days: 1 }],
  ])('from=%s days=%s is read as %j', (from, days, expected) => {
    expect(readTideQuery(from, days, today)).toEqual(expected);
  });

  it.each([
    ['2025-02-29', undefined, 'from'],
    ['28/11/2026', undefined, 'from'],
    ['1989-12-31', undefined, 'from'],
    ['2051-01-01', undefined, 'from'],
    [['2026-01-01', '2026-01-02'], undefined, 'from'],
    [undefined, '0', 'days'],
    [undefined, '32', 'days'],
    [undefined, '2.5', 'days'],
    [undefined, 'seven', 'days'],
    ['2050-12-30', '3', 'days'],
  ])('from=%j days=%j is refused, naming %s', (from, days, field) => {
    expect(readTideQuery(from, days, today)).toMatchObject({ field });
  });
});

describe('the moon and the spring and neap tides', () => {
  it('finds the principal phase a day passes, across the new moon too', () => {
    expect(principalPhaseBetween(0.97, 0.005)).toBe('new');
    expect(principalPhaseBetween(0.24, 0.27)).toBe('first-quarter');
    expect(principalPhaseBetween(0.49, 0.52)).toBe('full');
    expect(principalPhaseBetween(0.3, 0.33)).toBeNull();
    expect(moonPhaseName('full', 0.5)).toBe('Full moon');
    expect(moonPhaseName(null, 0.31)).toBe('Waxing gibbous');
    expect(moonPhaseName(null, 0.9)).toBe('Waning crescent');
  });

  it('marks spring tides on the day of a new or full moon and the day after, neaps after a quarter', () => {
    // The day before the first shown, then five days.
    expect(tideRanges([null, 'full', null, null, 'last-quarter', null])).toEqual(['spring', 'spring', null, 'neap', 'neap']);
    expect(tideRanges(['new', null, null, null, null, null])).toEqual(['spring', null, null, null, null]);
  });
});
