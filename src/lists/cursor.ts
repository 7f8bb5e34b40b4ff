import type { DataSource, QueryRunner } from 'typeorm';

/** Rows fetched from a cursor at a time: a few hundred rows in memory, however many the query answers. */
export const CURSOR_BATCH = 500;

let cursors = 0;

/**
 * A date column's value as written, YYYY-MM-DD. Read through a cursor, node-postgres gives it as a Date at
 * local midnight (TypeORM's own reads, and a file, give the text).
 */
export function calendarDate(value: Date | string | null | undefined): string | null {
  if (!(value instanceof Date)) return value ?? null;
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

/**
 * The rows of `sql` a batch at a time, from a cursor of the runner's open transaction (issue 31: no export
 * holds every row). The cursor is closed when the rows end; stopping early leaves it to the transaction's end.
 */
export async function* cursorBatches<Row = Record<string, unknown>>(runner: QueryRunner, sql: string, parameters: unknown[] = []): AsyncGenerator<Row[]> {
  const name = `rows_${++cursors}`;
  await runner.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, parameters);
  for (;;) {
    const batch: Row[] = await runner.query(`FETCH FORWARD ${CURSOR_BATCH} FROM ${name}`);
    if (batch.length === 0) break;
    yield batch;
  }
  await runner.query(`CLOSE ${name}`);
}

/**
 * `use` run on a connection of its own inside one transaction (REPEATABLE READ: one moment of the database
 * however long the reading takes), each statement allowed `statementTimeout`; the transaction ends, and the
 * connection goes back, when the generator ends, fails or is stopped (a download closed halfway).
 */
export async function* inReadTransaction<T>(
  dataSource: DataSource,
  statementTimeout: string,
  use: (runner: QueryRunner) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query(`SET LOCAL statement_timeout = '${statementTimeout}'`);
    yield* use(runner);
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}
