import { HttpException } from '@nestjs/common';

/** SQLSTATE classes and codes that mean "the database is not there right now", not "your request is bad". */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53000',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|Connection ended|terminating connection|the database system is (starting up|shutting down)|Cannot use a pool after calling end|ECONNREFUSED|ECONNRESET/i;

/** Whether an error (or anything it wraps: TypeORM's driverError, a cause, an AggregateError's errors)
 * says PostgreSQL is down, restarting or unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof HttpException) return false;
  // TypeORM's answer when the connection of a transaction died under it.
  if ((error as Error).name === 'QueryRunnerAlreadyReleasedError') return true;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  // A Unix-domain socket whose file is gone (PostgreSQL stopped removes it); a file not found elsewhere is not this.
  if (code === 'ENOENT' && (error as { syscall?: unknown }).syscall === 'connect') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}

/**
 * A published item looked up by its slug for its page: null when it is missing (the page's 404), but a
 * database outage is thrown on, a 503 rather than a missing page (which search engines would drop).
 */
export function nullUnlessUnavailable<T>(lookup: Promise<T>): Promise<T | null> {
  return lookup.catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  });
}
