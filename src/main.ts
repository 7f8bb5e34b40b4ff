import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { answerFirst } from './common/answer-first';
import { errorBody } from './common/error-body';
import { createPinoLogger, PinoNestLogger, useJsonLogs } from './common/logging';
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

  // Production logs are JSON lines (pino), Nest's Logger included; development keeps the readable console.
  let jsonLogger: LoggerService | null = null;
  if (config.nodeEnv === 'production') {
    const pino = createPinoLogger(config);
    useJsonLogs(pino);
    jsonLogger = new PinoNestLogger(pino);
    Logger.overrideLogger(jsonLogger);
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
    logger: jsonLogger ?? (['error', 'warn', 'log', 'debug'].slice(0, ['error', 'warn', 'log', 'debug'].indexOf(config.logLevel) + 1) as never),
  });
  // Once SIGTERM has arrived, a request on a connection still open is refused (503, Connection: close)
  // while the ones already in flight finish. Asked before anything else, the page cache's hits included.
  let closing = false;
  await configureApp(app, config);
  answerFirst(app.getHttpServer() as Server, (_request, response) => {
    if (!closing) return false;
    response.writeHead(503, { Connection: 'close', 'Retry-After': '5', 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(errorBody(503, 'Service temporarily unavailable')));
    return true;
  });

  if (config.seedOnStart) {
    const loaded = await app.get(SeedService).loadNewDatasets();
    if (loaded.length) logger.log(`Seeded: ${loaded.join(', ')}`);
  }

  // Drain: stop accepting connections, let the requests in flight finish (idle keep-alive connections
  // are closed at once, busy ones after their answer), then close the database pool and stop the
  // embedded PostgreSQL. Past 7 s the remaining connections are cut; past 9.5 s the process just exits.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    logger.log(`${signal} received: draining`);
    const server = app.getHttpServer() as Server;
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), 7_000);
    const timer = setTimeout(() => process.exit(1), 9_500);
    idle.unref();
    cut.unref();
    timer.unref();
    let code = 0;
    try {
      // Nest's close() runs the modules' destroy hooks (database pool, session store) before it closes
      // the HTTP server, so the server is closed first: the requests in flight still have the database.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearInterval(idle);
      await app.close();
      await embedded?.stop();
      logger.log(`Stopped in ${Date.now() - started} ms`);
    } catch (error) {
      code = 1;
      logger.error(`Shutdown failed: ${(error as Error).message}`);
    } finally {
      process.exit(code);
    }
  };
  // The embedded-postgres package installs an exit hook (async-exit-hook) that, on these signals, stops
  // every cluster at once and exits with 128+signal: that would cut the drain short and take the database
  // from under the requests still in flight. The shutdown above stops the embedded PostgreSQL itself,
  // after the drain.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen(config.port, config.host);
  logger.log(`${config.siteName} is running at ${config.siteUrl}`);
}

void bootstrap();
