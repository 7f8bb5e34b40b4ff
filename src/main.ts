import 'reflect-metadata';
import type { Server } from 'node:http';
import { ConsoleLogger, Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { createPinoLogger, logDestination, PinoNestLogger, useJsonLogs, type LogDestination } from './http/logging';
import { ConfigError, loadConfig, type AppConfig } from './config/app.config';
import { startEmbeddedPostgres, type RunningDatabase } from './database/embedded-postgres';
import { SeedService } from './database/seed.service';
import { StartFailure } from 'src/start/start-failure';
import { QuietStartLogger } from 'src/start/start-chatter';
import { takeStartNotices } from './users/start-notices';
import { join } from 'node:path';

/** What the start set up, for the failure handler below to undo. */
let config: AppConfig | null = null;
let destination: LogDestination | null = null;
let embedded: RunningDatabase | null = null;

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
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
  // Either way, Nest's per-module and per-route start-up lines are debug lines (start-chatter.ts).
  const levels = ['error', 'warn', 'log', 'debug'] as const;
  let nestLogger: LoggerService;
  if (config.nodeEnv === 'production') {
    destination = logDestination();
    const pino = createPinoLogger(config, destination);
    useJsonLogs(pino);
    nestLogger = new QuietStartLogger(new PinoNestLogger(pino));
  } else {
    nestLogger = new QuietStartLogger(new ConsoleLogger({ logLevels: [...levels.slice(0, levels.indexOf(config.logLevel) + 1)] }));
  }
  Logger.overrideLogger(nestLogger);

  if (!config.databaseUrl) {
    logger.log('DATABASE_URL is not set: starting an embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  logger.log(`Database: ${describeDatabase(databaseUrl, !config.databaseUrl)}`);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    bufferLogs: false,
    bodyParser: false,
    logger: nestLogger,
  });
  // Once SIGTERM has arrived, the edge refuses new requests (src/http/draining.ts) while the ones in flight finish.
  let closing = false;
  await configureApp(app, config, { closing: () => closing });

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
      // The log lines still held in the buffer (the access log's last ones, the line above) are written out.
      await destination?.drain(300);
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
  // Last, so that nothing scrolls it away: a generated administrator password, in a box.
  for (const notice of takeStartNotices()) process.stdout.write(notice);
}

/** Where the data lives, as an operator reads it: host, port and database, never the password. */
function describeDatabase(url: string, isEmbedded: boolean): string {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  return isEmbedded ? `embedded PostgreSQL (${where}, data in ${join(config!.dataDir, 'postgres')})` : `PostgreSQL at ${where}`;
}

/** A failed start as an operator reads it: what failed, and what to do about it. */
function describeStartFailure(error: unknown): { what: string; todo: string } {
  if (error instanceof StartFailure) return { what: error.what, todo: error.todo };
  const failure = error as (Error & { code?: string; syscall?: string; address?: string; port?: number }) | undefined;
  const code = failure?.code;
  if (failure?.syscall === 'listen' && code === 'EADDRINUSE') {
    return { what: `port ${config?.port} on ${config?.host} is in use by another program`, todo: 'stop that program, or set PORT to a free port' };
  }
  if (failure?.syscall === 'listen' && (code === 'EACCES' || code === 'EADDRNOTAVAIL')) {
    return {
      what: `the server may not listen on ${config?.host} port ${config?.port} (${code})`,
      todo: 'set PORT to 1024 or above (lower ports need privileges), and HOST to an address of this machine',
    };
  }
  // node-postgres: a network error, or PostgreSQL's own (28P01 bad password, 3D000 no such database, ...).
  if (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', '28P01', '28000', '3D000', '57P03'].includes(code ?? '')) {
    return {
      what: `could not connect to PostgreSQL (${config?.databaseUrl ? 'DATABASE_URL' : 'the embedded one'}): ${failure?.message}`,
      todo: config?.databaseUrl
        ? "check that the PostgreSQL server runs and that DATABASE_URL's host, port, user, password and database are right"
        : 'start again; if it fails again, move DATA_DIR/postgres aside and report this output',
    };
  }
  return {
    what: failure instanceof Error ? `${failure.message}\n${failure.stack ?? ''}` : `an unexpected error (${String(error)})`,
    todo: 'read the error above; it names the part that failed. If it is not a setting of yours, report it with this output',
  };
}

bootstrap().catch(async (error: unknown) => {
  const { what, todo } = describeStartFailure(error);
  console.error(`Start failed: ${what}\nWhat to do: ${todo}`);
  // The embedded PostgreSQL this start began is stopped (its watchdog would, too, once this process is gone).
  await embedded?.stop().catch(() => undefined);
  await destination?.drain(300);
  process.exit(1);
});
