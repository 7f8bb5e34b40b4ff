import type { DataSourceOptions } from 'typeorm';
import { CountingLogger } from 'src/page-cache/sql-count';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** One definition of the connection, shared by the server, the seed command and the migration CLI. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    // Prints what `logging` asks for, and counts each page render's queries (src/page-cache/sql-count.ts).
    logger: new CountingLogger(['error']),
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}
