/**
 * The cache keys of the admin screens, so a write invalidates exactly what it changed. Every one starts
 * with 'admin': the islands of a page share one cache (client/lib/query-client.ts), and an ended session
 * drops exactly these.
 */
export const keys = {
  session: ['admin', 'session'] as const,
  articles: ['admin', 'articles'] as const,
  reviews: ['admin', 'reviews'] as const,
  carousel: ['admin', 'carousel'] as const,
  diveSites: ['admin', 'dive-sites'] as const,
  subscribers: ['admin', 'subscribers'] as const,
  security: ['admin', 'security'] as const,
  auditLog: ['admin', 'audit-log'] as const,
  media: ['admin', 'media'] as const,
  linkHealth: ['admin', 'link-health'] as const,
  insights: (days: number) => ['admin', 'insights', days] as const,
  comments: (filter: string) => ['admin', 'comments', filter] as const,
  /** Under the post list's key, so whatever refreshes the list after a save refreshes these too. */
  revisions: (kind: 'articles' | 'reviews', postId: number) => ['admin', kind, postId, 'revisions'] as const,
};
