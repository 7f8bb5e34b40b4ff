/** The zone the site's times are shown and entered in unless SITE_TIMEZONE names another. */
export const DEFAULT_SITE_TIMEZONE = 'Australia/Sydney';

let siteZone = DEFAULT_SITE_TIMEZONE;

/** Whether the runtime knows the IANA zone name (e.g. 'Australia/Perth'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Set once by the server from SITE_TIMEZONE, so that the views' dates follow it without each being
 * handed the zone; browser code is given the zone in its island props instead.
 */
export function setSiteTimeZone(zone: string): void {
  siteZone = zone;
}

export function siteTimeZone(): string {
  return siteZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key}|${zone}`;
  let found = formatters.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat('en-AU', { ...options, timeZone: zone });
    formatters.set(id, found);
  }
  return found;
}

const isoDays = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (YYYY-MM-DD) `instant` falls on in `zone`. One formatter per zone, made once: making one
 * costs far more than using it, and pages ask for the day many times (notices, reports, page views).
 */
export function dayIn(instant: Date, zone: string): string {
  let format = isoDays.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDays.set(zone, format);
  }
  return format.format(instant);
}

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** '4 July 2025' as the day is in `zone`. */
export function formatLongDate(value: Date | string, zone: string): string {
  return formatter('long', zone, { day: 'numeric', month: 'long', year: 'numeric' }).format(asDate(value));
}

/** '4 July 2025, 9:30 am' as the clock reads in `zone`: the admin's 'Scheduled for {date}'. */
export function formatDateTimeIn(value: Date | string, zone: string): string {
  return formatter('short-time', zone, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(asDate(value));
}

/** The wall clock in `zone` at `instant`, as numbers (month 1-12). */
function wallClock(instant: Date, zone: string) {
  const parts = formatter('parts', zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far `zone`'s clock is ahead of UTC at `instant`, in ms (Intl knows the rules; this only subtracts). */
function offsetAt(instant: Date, zone: string): number {
  const c = wallClock(instant, zone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value a datetime-local input holds ('YYYY-MM-DDTHH:mm') for `value` as the clock reads in `zone`. */
export function toZonedInput(value: Date | string | null | undefined, zone: string): string {
  if (!value) return '';
  const instant = asDate(value);
  if (Number.isNaN(instant.getTime())) return '';
  const c = wallClock(instant, zone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * A datetime-local value read as the clock in `zone`, as an instant; null when empty or malformed. A time
 * the clock skips (the hour lost when daylight saving starts) is read with the offset before the change, so
 * it lands just after it; a time the clock shows twice (the hour repeated when it ends) is the first one.
 */
export function fromZonedInput(value: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(asUtc).getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  // The offset can differ either side of the answer; the earlier one of the two candidates wins.
  const before = offsetAt(new Date(asUtc - 86_400_000), zone);
  const after = offsetAt(new Date(asUtc + 86_400_000), zone);
  const candidates = [asUtc - before, asUtc - after].filter((t) => offsetAt(new Date(t), zone) === asUtc - t);
  if (candidates.length) return new Date(Math.min(...candidates));
  return new Date(asUtc - before);
}
