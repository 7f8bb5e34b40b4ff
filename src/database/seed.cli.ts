/** `npm run seed`: adds the seed rows that are missing from the database, without changing existing rows. */
import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from 'src/config/app.config';
import { dataSourceOptions } from './data-source-options';
import { startEmbeddedPostgres } from './embedded-postgres';
import { SeedService } from './seed.service';

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
  const dataSource = new DataSource(dataSourceOptions(config.databaseUrl ?? embedded!.url));
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await new SeedService(dataSource, config).addMissing();
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
