import type { DataSource } from 'typeorm';

/** The PostgreSQL channel on which every server process hears that content changed. */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/**
 * A server's notification: `{"from":"<process>:<n>","tags":[...]}`, the tags the write changed. Without
 * `tags` (or any payload that is not this JSON, e.g. `manual`) it means everything changed. With
 * `"stale":true` (a forecast refresh) the answers showing the tags are marked stale rather than dropped
 * (PageCacheService.invalidate).
 */
export function invalidationPayload(from: string, changed: readonly string[] | null, stale = false): string {
  return JSON.stringify(changed ? { from, tags: changed, ...(stale ? { stale: true } : {}) } : { from });
}

export function parseInvalidation(payload: string): { from: string; changed: string[] | null; stale: boolean } {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { from?: unknown }).from === 'string') {
      const { from, tags, stale } = parsed as { from: string; tags?: unknown; stale?: unknown };
      const valid = Array.isArray(tags) && tags.every((tag) => typeof tag === 'string');
      return { from, changed: valid ? tags : null, stale: valid && stale === true };
    }
  } catch {
    // Not JSON: an operator's or the seed's word, which empties everything.
  }
  return { from: payload, changed: null, stale: false };
}

/**
 * Tells every server process on this database to empty its page cache. `from` names the sender, which
 * has emptied its own already. Used by the seed too, which may run in another process (`npm run seed`).
 */
export async function notifyContentChanged(dataSource: DataSource, from = 'seed'): Promise<void> {
  await dataSource.query('SELECT pg_notify($1, $2)', [PAGE_CACHE_CHANNEL, from]);
}
