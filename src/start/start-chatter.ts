import type { LoggerService, LogLevel } from '@nestjs/common';

/**
 * Nest's own start-up lines: one per module ("InstanceLoader"), controller ("RoutesResolver") and route
 * ("RouterExplorer", 136 of them), and its "starting"/"started" pair. At the default level an operator
 * reads the start as what it did (database, seed, address, a generated password); these lines are kept
 * for LOG_LEVEL=debug, where they are written as debug lines.
 */
const START_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

function contextOf(rest: unknown[]): string | undefined {
  const last = rest[rest.length - 1];
  return typeof last === 'string' ? last : undefined;
}

/** Wraps a LoggerService so that Nest's start-up chatter goes to debug instead of log. */
export class QuietStartLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = contextOf(rest);
    if (context && START_CHATTER.has(context)) this.inner.debug?.(message, ...rest);
    else this.inner.log(message, ...rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.inner.error(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.inner.warn(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.inner.debug?.(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.inner.verbose?.(message, ...rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...rest);
  }
  setLogLevels(levels: LogLevel[]): void {
    this.inner.setLogLevels?.(levels);
  }
}
