/** Whether a Cookie header carries a cookie of this name (its value is not read). */
export function hasCookie(header: string | undefined, name: string): boolean {
  return !!header && header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * The administrator's session cookie's name: the `__Host-` prefix (Secure, host-only, path /) whenever the
 * site is https. The edge needs it to tell a signed-in request from a reader's (the page cache, page views,
 * the origin check); src/admin-auth sets and reads the cookie under this name.
 */
export function sessionCookieName(siteUrl: string): string {
  return siteUrl.startsWith('https://') ? '__Host-adg.sid' : 'adg.sid';
}

/** Whether a request carries the administrator's session cookie (signed in, or was). */
export function signedInTest(siteUrl: string): (cookieHeader: string | undefined) => boolean {
  const name = sessionCookieName(siteUrl);
  return (cookieHeader) => hasCookie(cookieHeader, name);
}
