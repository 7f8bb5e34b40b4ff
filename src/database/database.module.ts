import { DynamicModule, Logger, Module } from '@nestjs/common';
import type { DataSourceOptions, Logger as TypeOrmLogger } from 'typeorm';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source-options';
import { SeedService } from './seed.service';

/** The PostgreSQL connection. Migrations run when the connection opens; the schema is never synchronised. */
/**
 * A failed query is logged through Nest's Logger (JSON in production) with its SQL text but never its
 * parameters, which can hold an email address or other personal data.
 */
function withQuietQueryErrors(options: DataSourceOptions): DataSourceOptions {
  const logger = (options as { logger?: unknown }).logger;
  if (logger && typeof logger === 'object') {
    const nest = new Logger('Database');
    (logger as TypeOrmLogger).logQueryError = (error: string | Error, query: string) => {
      nest.error(`Query failed (${typeof error === 'string' ? error : error.message}): ${query.replace(/\s+/g, ' ').slice(0, 300)}`);
    };
  }
  return options;
}

@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...withQuietQueryErrors(dataSourceOptions(databaseUrl)),
          migrationsRun: true,
          retryAttempts: 3,
          retryDelay: 1000,
          // While PostgreSQL is away a request fails fast (503) instead of waiting: a new connection gives
          // up after 2 s, and no statement runs longer than 15 s. The pool drops broken connections and
          // opens new ones on demand, so the site works again as soon as the database is back.
          extra: {
            ...(dataSourceOptions(databaseUrl).extra as object),
            connectionTimeoutMillis: 2000,
            statement_timeout: 15_000,
            query_timeout: 16_000,
            keepAlive: true,
          },
        }),
      ],
      providers: [SeedService],
      exports: [SeedService],
    };
  }
}
