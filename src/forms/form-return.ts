import type { Request } from 'express';
import type { FormName } from 'core/form-outcome';

/** Where each form's outcome shows on its page, so the browser scrolls to it. */
const ANCHORS: Record<FormName, string> = {
  newsletter: '#newsletter',
  contact: '#form-heading',
  comment: '#comments-heading',
  rating: '#ratings-heading',
  correction: '#suggest-correction',
  report: '#site-reports',
};

/**
 * The page a no-JavaScript post returns to: the page it was posted from (its Referer, when it is one of
 * this site's), else the form's own page. Never an address a browser would read as another site's.
 */
export function returnPath(request: Request, form: FormName, fallback: string, siteOrigin: string): string {
  const referer = request.get('referer');
  let path = fallback;
  if (referer) {
    try {
      const url = new URL(referer);
      const origins = [siteOrigin, `${request.protocol}://${request.get('host')}`];
      // A path that starts with `//` (or `/\`, which browsers read the same) would name another host.
      if (origins.includes(url.origin) && !/^\/[/\\]/.test(url.pathname)) path = `${url.pathname}${url.search}`;
    } catch {
      // An unreadable Referer is no page of this site.
    }
  }
  return `${path}${ANCHORS[form]}`;
}
