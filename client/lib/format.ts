/** Dates in Australian English (SPEC section 1), the same on the server and in the browser. */
const longDate = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  return longDate.format(typeof value === 'string' ? new Date(value) : value);
}
