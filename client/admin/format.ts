/** Dates and times in Australian English (SPEC section 1). */
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateFormat = new Intl.DateTimeFormat('en-AU', DATE);
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** '4 Jul 2025', the day as it is in `timeZone` when given (the site's), else in the browser's. */
export const formatAdminDate = (value: string | null | undefined, timeZone?: string): string =>
  value ? (timeZone ? new Intl.DateTimeFormat('en-AU', { ...DATE, timeZone }) : dateFormat).format(new Date(value)) : '';
export const formatAdminDateTime = (value: string | null | undefined): string => (value ? dateTimeFormat.format(new Date(value)) : '');

/** '5 minutes', 'about 2 hours', '3 days': the distance read as 'Submitted {distance} ago'. */
export function timeDistance(from: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(from).getTime()) / 1000);
  const minutes = Math.round(seconds / 60);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return plural(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (minutes < 24 * 60) return `about ${plural(hours, 'hour')}`;
  const days = Math.round(minutes / (24 * 60));
  if (days < 30) return plural(days, 'day');
  const months = Math.round(days / 30);
  if (days < 365) return months <= 1 ? 'about 1 month' : plural(months, 'month');
  const years = Math.floor(days / 365);
  return years === 1 ? 'about 1 year' : `over ${plural(years, 'year')}`;
}
