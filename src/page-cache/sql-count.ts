import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryRunner } from 'typeorm';
import { AdvancedConsoleLogger } from 'typeorm';
import type { LoggerOptions } from 'typeorm/logger/LoggerOptions';

/** The queries one request has issued so far (see countSqlQueries). */
interface SqlCounter {
  queries: number;
}

const storage = new AsyncLocalStorage<SqlCounter>();

/** Runs `next` with a fresh counter that every TypeORM query made inside it (awaits included) adds to. */
export function countSqlQueries(next: () => void): SqlCounter {
  const counter: SqlCounter = { queries: 0 };
  storage.run(counter, next);
  return counter;
}

/**
 * TypeORM's console logger (same options as `logging`), which also counts each query against the
 * request it runs for. The count feeds the `X-SQL-Queries` header of BENCH_SQL_COUNT=1 (bench/README.md).
 */
export class CountingLogger extends AdvancedConsoleLogger {
  constructor(options?: LoggerOptions) {
    super(options);
  }

  override logQuery(query: string, parameters?: unknown[], queryRunner?: QueryRunner): void {
    const counter = storage.getStore();
    if (counter) counter.queries++;
    super.logQuery(query, parameters, queryRunner);
  }
}
