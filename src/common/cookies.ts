/** Whether a Cookie header carries a cookie of this name (its value is not read). */
export function hasCookie(header: string | undefined, name: string): boolean {
  return !!header && header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}
