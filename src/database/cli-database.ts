import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from 'src/config/app.config';
import { dataSourceOptions } from './data-source-options';
import { startEmbeddedPostgres } from './embedded-postgres';

/**
 * For the command-line tools (`npm run seed`, `export`, `import`): the database the server uses
 * (DATABASE_URL, else the embedded one, started for the while), migrated, handed to `work`, then closed.
 */
export async function withMigratedDatabase<T>(config: AppConfig, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
  const dataSource = new DataSource(dataSourceOptions(config.databaseUrl ?? embedded!.url));
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    return await work(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}
