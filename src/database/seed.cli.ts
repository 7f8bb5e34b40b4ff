/** `npm run seed`: adds the seed rows that are missing from the database, without changing existing rows. */
import 'reflect-metadata';
import { loadConfig } from 'src/config/app.config';
import { withMigratedDatabase } from './cli-database';
import { SeedService } from './seed.service';

async function main(): Promise<void> {
  const config = loadConfig();
  await withMigratedDatabase(config, (dataSource) => new SeedService(dataSource, config).addMissing());
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
