/**
 * Days and counts as the Insights and the newsletter's figures say them (issue 44 item 6): Australian dates
 * ('28 Nov 2026', 'Sat 28 Nov') and counts with the noun in the right number ('1 purchase-link click',
 * '2 purchase-link clicks'). A day is a calendar day (YYYY-MM-DD, already the site's): formatted as it is,
 * in no time zone.
 */
const longDay = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayParts = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const asDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** '2026-11-28' as '28 Nov 2026'. */
export function formatDay(day: string): string {
  return longDay.format(asDate(day));
}

/** '2026-11-28' as 'Sat 28 Nov'. */
export function formatWeekday(day: string): string {
  const parts = dayParts.formatToParts(asDate(day));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** '1 purchase-link click', '2 purchase-link clicks', '0 page views'. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-AU')} ${count === 1 ? one : many}`;
}

/** Just the noun, in the number `count` asks for. */
export function noun(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
