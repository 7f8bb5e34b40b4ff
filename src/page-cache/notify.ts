import type { DataSource } from 'typeorm';

/** The PostgreSQL channel on which every server process hears that content changed. */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/**
 * A server's notification: `{"from":"<process>:<n>","tags":[...]}`, the tags the write changed. Without
 * `tags` (or any payload that is not this JSON, e.g. `manual`) it means everything changed.
 */
export function invalidationPayload(from: string, changed: readonly string[] | null): string {
  return JSON.stringify(changed ? { from, tags: changed } : { from });
}

export function parseInvalidation(payload: string): { from: string; changed: string[] | null } {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { from?: unknown }).from === 'string') {
      const { from, tags } = parsed as { from: string; tags?: unknown };
      const valid = Array.isArray(tags) && tags.every((tag) => typeof tag === 'string');
      return { from, changed: valid ? tags : null };
    }
  } catch {
    // Not JSON: an operator's or the seed's word, which empties everything.
  }
  return { from: payload, changed: null };
}

/**
 * Tells every server process on this database to empty its page cache. `from` names the sender, which
 * has emptied its own already. Used by the seed too, which may run in another process (`npm run seed`).
 */
export async function notifyContentChanged(dataSource: DataSource, from = 'seed'): Promise<void> {
  await dataSource.query('SELECT pg_notify($1, $2)', [PAGE_CACHE_CHANNEL, from]);
}
