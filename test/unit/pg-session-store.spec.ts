import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { PgSessionStore } from 'src/admin-auth/pg-session-store';
import { isDatabaseUnavailable } from 'src/errors/database-errors';

/**
 * A database reached through a Unix socket that is not there (PostgreSQL stopped removes the socket's file):
 * node-postgres fails with ENOENT, which express-session would read as "no such session" and answer 401.
 */
describe('PgSessionStore while its database is away', () => {
  const pool = new Pool({ host: '/nonexistent-socket-dir', port: 5432, user: 'nobody', database: 'nothing', connectionTimeoutMillis: 2000 });
  const dataSource = { query: (sql: string, parameters: unknown[]) => pool.query(sql, parameters).then((result) => result.rows) } as unknown as DataSource;
  const store = new PgSessionStore(dataSource);

  afterAll(async () => {
    store.close();
    await pool.end();
  });

  it('reports an error that is not "no such session", and that says the database is unavailable', async () => {
    const error = await new Promise<unknown>((resolve) => store.get('some-session-id', (failure) => resolve(failure)));
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).not.toBe('ENOENT');
    expect(((error as Error).cause as { code?: string }).code).toBe('ENOENT');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
