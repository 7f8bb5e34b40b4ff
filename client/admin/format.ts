/** Dates and times in Australian English (SPEC section 1). */
const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

export const formatAdminDate = (value: string | null | undefined): string => (value ? dateFormat.format(new Date(value)) : '');
export const formatAdminDateTime = (value: string | null | undefined): string => (value ? dateTimeFormat.format(new Date(value)) : '');

/** 'YYYY-MM-DDTHH:mm' in the browser's time zone, the value a datetime-local input holds. */
export function toDateTimeLocal(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value back to an ISO instant; empty stays empty (null: 'now on publish'). */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

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
