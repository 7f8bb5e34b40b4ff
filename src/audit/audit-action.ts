const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
/** Routes that name their own action, e.g. POST /api/admin/update-sitemap -> update_sitemap. */
const NAMED_ACTION = /^(update|refresh|regenerate|send|export|import|publish|unpublish|toggle)-/;

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * The audit action of an admin request: writes read as a verb and the resource they touch
 * (POST /api/articles -> create_article, PATCH /api/dive-sites/:id/photo -> update_dive_site_photo);
 * reads keep their method and route (GET /api/newsletter/subscribers).
 */
export function auditAction(method: string, route: string): string {
  const verb = VERBS[method];
  if (!verb) return `${method} ${route}`;
  const segments = route.split('/').filter((segment) => segment && segment !== 'api' && segment !== 'admin' && !segment.startsWith(':'));
  const last = segments.at(-1);
  if (last && NAMED_ACTION.test(last)) return last.replace(/-/g, '_');
  if (!segments.length) return `${method} ${route}`;
  return [verb, ...segments.map(singular)].join('_').replace(/-/g, '_');
}
