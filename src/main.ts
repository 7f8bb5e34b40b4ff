import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { ConfigError, loadConfig, type AppConfig } from './config/app.config';
import { startEmbeddedPostgres, type RunningDatabase } from './database/embedded-postgres';
import { SeedService } from './database/seed.service';
import { join } from 'node:path';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let embedded: RunningDatabase | null = null;
  if (!config.databaseUrl) {
    logger.log('DATABASE_URL is not set: starting an embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    bufferLogs: false,
    bodyParser: false,
    logger: ['error', 'warn', 'log', 'debug'].slice(0, ['error', 'warn', 'log', 'debug'].indexOf(config.logLevel) + 1) as never,
  });
  configureApp(app, config);

  if (config.seedOnStart) {
    const loaded = await app.get(SeedService).loadNewDatasets();
    if (loaded.length) logger.log(`Seeded: ${loaded.join(', ')}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen(config.port, config.host);
  logger.log(`${config.siteName} is running at ${config.siteUrl}`);
}

void bootstrap();
