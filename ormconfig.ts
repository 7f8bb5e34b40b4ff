/**
 * The DataSource the TypeORM CLI uses (`npm run migration:run`, `npm run migration:generate`).
 * It needs DATABASE_URL; the server itself starts an embedded PostgreSQL when that is unset.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from 'src/config/app.config';
import { dataSourceOptions } from 'src/database/data-source-options';

const config = loadConfig();
if (!config.databaseUrl) {
  throw new Error('DATABASE_URL must be set to use the migration CLI (npm start runs migrations by itself).');
}

export default new DataSource(dataSourceOptions(config.databaseUrl));
