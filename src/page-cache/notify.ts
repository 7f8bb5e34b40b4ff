import type { DataSource } from 'typeorm';

/** The PostgreSQL channel on which every server process hears that content changed. */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/**
 * Tells every server process on this database to empty its page cache. `from` names the sender, which
 * has emptied its own already. Used by the seed too, which may run in another process (`npm run seed`).
 */
export async function notifyContentChanged(dataSource: DataSource, from = 'seed'): Promise<void> {
  await dataSource.query('SELECT pg_notify($1, $2)', [PAGE_CACHE_CHANNEL, from]);
}
