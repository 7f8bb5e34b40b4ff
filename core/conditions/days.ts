/**
 * The days a site's conditions cover, as its own clock reads them: the query's dates, the moon's phases
 * and the spring and neap tides that follow them (issue 46).
 */

export const FIRST_DATE = '1990-01-01';
export const LAST_DATE = '2050-12-31';
export const DEFAULT_DAYS = 7;
export const MAX_DAYS = 31;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The date `count` days after `date` (both YYYY-MM-DD). */
export function addDays(date: string, count: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + count)).toISOString().slice(0, 10);
}

export type TideQuery = { from: string; days: number } | { field: 'from' | 'days'; message: string };

/**
 * `from` (YYYY-MM-DD, FIRST_DATE to LAST_DATE; `today` when absent) and `days` (1 to MAX_DAYS,
 * DEFAULT_DAYS when absent) as the tides call takes them, or the field at fault and why.
 */
export function readTideQuery(from: unknown, days: unknown, today: string): TideQuery {
  if (from !== undefined && (typeof from !== 'string' || !isCalendarDate(from))) return { field: 'from', message: 'from must be a date written YYYY-MM-DD' };
  const start = (from as string | undefined) ?? today;
  if (start < FIRST_DATE || start > LAST_DATE) return { field: 'from', message: `from must be between ${FIRST_DATE} and ${LAST_DATE}` };
  let count = DEFAULT_DAYS;
  if (days !== undefined) {
    if (typeof days !== 'string' || !/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > MAX_DAYS)
      return { field: 'days', message: `days must be a whole number from 1 to ${MAX_DAYS}` };
    count = Number(days);
  }
  if (addDays(start, count - 1) > LAST_DATE) return { field: 'days', message: `days must not run past ${LAST_DATE}` };
  return { from: start, days: count };
}

export type PrincipalPhase = 'new' | 'first-quarter' | 'full' | 'last-quarter';

const PRINCIPAL: { at: number; phase: PrincipalPhase; name: string }[] = [
  { at: 0, phase: 'new', name: 'New moon' },
  { at: 0.25, phase: 'first-quarter', name: 'First quarter' },
  { at: 0.5, phase: 'full', name: 'Full moon' },
  { at: 0.75, phase: 'last-quarter', name: 'Last quarter' },
];

/**
 * The principal phase the moon passes during a day, from its phase (0 new, 0.25 first quarter, 0.5 full,
 * 0.75 last quarter, as suncalc's getMoonIllumination gives it) at the day's start and end; null if none.
 */
export function principalPhaseBetween(startPhase: number, endPhase: number): PrincipalPhase | null {
  const span = (endPhase - startPhase + 1) % 1;
  for (const { at, phase } of PRINCIPAL) {
    const ahead = (at - startPhase + 1) % 1;
    if (ahead > 0 && ahead <= span) return phase;
    if (ahead === 0 && startPhase === at) return phase;
  }
  return null;
}

/** The moon's phase in words for a day: the principal phase it passes that day, else the phase at noon. */
export function moonPhaseName(principal: PrincipalPhase | null, noonPhase: number): string {
  if (principal) return PRINCIPAL.find((p) => p.phase === principal)!.name;
  if (noonPhase < 0.25) return 'Waxing crescent';
  if (noonPhase < 0.5) return 'Waxing gibbous';
  if (noonPhase < 0.75) return 'Waning gibbous';
  return 'Waning crescent';
}

export type TideRange = 'spring' | 'neap' | null;

/**
 * Spring and neap days from the moon: the tides' range is greatest a day or so after a new or full moon
 * (spring) and least a day or so after a quarter (neap), so a day is marked when that phase fell on it or
 * on the day before. `principal` is each day's principal phase, from the day before the first shown.
 */
export function tideRanges(principal: readonly (PrincipalPhase | null)[]): TideRange[] {
  const kind = (phase: PrincipalPhase | null): TideRange =>
    phase === 'new' || phase === 'full' ? 'spring' : phase === 'first-quarter' || phase === 'last-quarter' ? 'neap' : null;
  return principal.slice(1).map((phase, i) => kind(phase) ?? kind(principal[i]));
}
