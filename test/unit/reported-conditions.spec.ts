import { reportedConditions } from 'core/reports';

/** Issue 45: the newest report beside the forecast's outlook ('Reported: 15 m visibility, Saturday'). */
describe('reportedConditions', () => {
  const today = '2026-11-28'; // a Saturday
  const report = (date: string, visibility: number | null, current: 'none' | 'light' | null = null) => ({ date, visibility, current });

  it('says the visibility, the current and the day of a report of the last few days', () => {
    expect(reportedConditions(report('2026-11-25', 15), today)).toBe('Reported: 15 m visibility, Wednesday');
    expect(reportedConditions(report('2026-11-27', 8, 'light'), today)).toBe('Reported: 8 m visibility, light current, yesterday');
    expect(reportedConditions(report('2026-11-28', null, 'none'), today)).toBe('Reported: no current, today');
  });

  it('says nothing of an older report, one from the future, one that noted neither, or none', () => {
    expect(reportedConditions(report('2026-11-24', 15), today)).toBeNull();
    expect(reportedConditions(report('2026-11-29', 15), today)).toBeNull();
    expect(reportedConditions(report('2026-11-28', null), today)).toBeNull();
    expect(reportedConditions(undefined, today)).toBeNull();
  });
});
