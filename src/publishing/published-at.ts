/**
 * When a draft becomes published without a chosen date, it is published now (SPEC: 'empty means now on
 * publish'); an explicit date always wins; unpublishing keeps the date for a later re-publish.
 */
export function resolvePublishedAt(published: boolean, requested: string | null | undefined, existing: Date | null, now: Date): Date | null {
  if (requested) return new Date(requested);
  if (requested === null && !published) return null;
  if (published) return existing ?? now;
  return existing;
}

/** Newest first by publish date, falling back to creation date (SPEC section 2). */
export function byPublishedThenCreatedDesc<T extends { publishedAt: Date | null; createdAt: Date }>(a: T, b: T): number {
  return (b.publishedAt ?? b.createdAt).getTime() - (a.publishedAt ?? a.createdAt).getTime();
}
