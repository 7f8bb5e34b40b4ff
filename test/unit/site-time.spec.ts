import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDateTimeIn, fromZonedInput, isTimeZone, toZonedInput } from 'core/site-time';
import { formatDate } from 'core/text';
import { loadConfig } from 'src/config/app.config';

const SYDNEY = 'Australia/Sydney';

describe('times entered and shown in the site zone', () => {
  it('reads a wall-clock time in Sydney as the instant it names, either side of daylight saving', () => {
    // 1 July: AEST, UTC+10. 1 January: AEDT, UTC+11.
    expect(fromZonedInput('2026-07-01T09:30', SYDNEY)?.toISOString()).toBe('2026-06-30T23:30:00.000Z');
    expect(fromZonedInput('2027-01-01T09:30', SYDNEY)?.toISOString()).toBe('2026-12-31T22:30:00.000Z');
  });

  it('on the night daylight saving starts (4 October 2026, 2:00 becomes 3:00), keeps times either side and moves the skipped hour on', () => {
    expect(fromZonedInput('2026-10-04T01:59', SYDNEY)?.toISOString()).toBe('2026-10-03T15:59:00.000Z');
    expect(fromZonedInput('2026-10-04T03:00', SYDNEY)?.toISOString()).toBe('2026-10-03T16:00:00.000Z');
    // 2:30 never shows on the clock that night: it is read as 3:30 daylight time.
    const skipped = fromZonedInput('2026-10-04T02:30', SYDNEY);
    expect(skipped?.toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(toZonedInput(skipped, SYDNEY)).toBe('2026-10-04T03:30');
  });

  it('on the night it ends (5 April 2026, 3:00 becomes 2:00), reads the repeated hour as its first showing', () => {
    expect(fromZonedInput('2026-04-05T02:30', SYDNEY)?.toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(fromZonedInput('2026-04-05T03:30', SYDNEY)?.toISOString()).toBe('2026-04-04T17:30:00.000Z');
    // Both instants of the repeated 2:30 show as 2:30 in the form.
    expect(toZonedInput('2026-04-04T15:30:00.000Z', SYDNEY)).toBe('2026-04-05T02:30');
    expect(toZonedInput('2026-04-04T16:30:00.000Z', SYDNEY)).toBe('2026-04-05T02:30');
  });

  it('round-trips every quarter hour across both changes, and in a zone without daylight saving', () => {
    for (const [zone, start] of [
      [SYDNEY, Date.UTC(2026, 9, 3, 12)],
      [SYDNEY, Date.UTC(2026, 3, 4, 12)],
      ['Australia/Perth', Date.UTC(2026, 9, 3, 12)],
    ] as const) {
      for (let t = start; t < start + 12 * 3_600_000; t += 900_000) {
        const shown = toZonedInput(new Date(t), zone);
        const back = fromZonedInput(shown, zone);
        expect(toZonedInput(back, zone)).toBe(shown);
      }
    }
    expect(fromZonedInput('2026-10-04T02:30', 'Australia/Perth')?.toISOString()).toBe('2026-10-03T18:30:00.000Z');
  });

  it('refuses what is not a datetime-local value', () => {
    for (const value of ['', '2026-02-30T10:00', '2026-10-04 02:30', 'next Tuesday', '2026-10-04T24:00']) expect(fromZonedInput(value, SYDNEY)).toBeNull();
  });

  it('shows dates and times as they are in the zone', () => {
    // 14:30 UTC on 30 June is already 1 July in Sydney.
    expect(formatDate('2026-06-30T14:30:00.000Z', SYDNEY)).toBe('1 July 2026');
    expect(formatDate('2026-06-30T14:30:00.000Z', 'Australia/Perth')).toBe('30 June 2026');
    expect(formatDateTimeIn('2026-06-30T23:30:00.000Z', SYDNEY)).toMatch(/^1 July 2026, 9:30\sam$/);
  });

  it('SITE_TIMEZONE defaults to Australia/Sydney and refuses a zone the runtime does not know, naming the variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'adg-tz-'));
    expect(loadConfig({ DATA_DIR: dataDir }).siteTimezone).toBe(SYDNEY);
    expect(loadConfig({ DATA_DIR: dataDir, SITE_TIMEZONE: 'Australia/Perth' }).siteTimezone).toBe('Australia/Perth');
    expect(isTimeZone('Australia/Sydny')).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, SITE_TIMEZONE: 'Australia/Sydny' })).toThrow(
      'Invalid environment variable SITE_TIMEZONE: expected an IANA time zone such as Australia/Sydney or Australia/Perth, got "Australia/Sydny"',
    );
  });
});
