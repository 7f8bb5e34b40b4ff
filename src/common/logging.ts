import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from 'src/config/app.config';
import { IMAGE_ROUTE } from './json-routes';

/**
 * Structured logs. In production every line is JSON (pino): the request log of pino-http with a request
 * id (a generated UUID, echoed as X-Request-Id) and Nest's own Logger routed through the same pino
 * instance. In development Nest keeps its readable console output; tests log nothing unless asked.
 *
 * What never reaches a log line: request and response bodies (never serialised), the Cookie and
 * Set-Cookie headers, the Authorization header, passwords and session ids (redacted by path), and full
 * email addresses anywhere in a message or URL (masked to `j***@example.com`).
 */

const LEVELS: Record<AppConfig['logLevel'], pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'sid',
  '*.sid',
  'sessionId',
  '*.sessionId',
  'email',
  '*.email',
];

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** `jane.doe@example.com` -> `j***@example.com`, also when URL-encoded (`%40`). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***$2$3');
}

/**
 * The image endpoint's `src` may be a remote URL whose own query or user info carries a token: logged as
 * its origin and path only, the rest marked redacted.
 */
function redactImageSource(url: string): string {
  const [path, query = ''] = url.split(/\?(.*)/s, 2);
  if (path !== IMAGE_ROUTE || !query) return url;
  const params = new URLSearchParams(query);
  const src = params.get('src');
  if (src === null || src.startsWith('/')) return url;
  let kept = '[Redacted]';
  try {
    const remote = new URL(src);
    kept = `${remote.protocol}//${remote.host}${remote.pathname}${remote.search || remote.username || remote.password ? '?[Redacted]' : ''}`;
  } catch {
    // Not a URL at all: nothing of it is worth keeping.
  }
  params.set('src', kept);
  return `${path}?${params.toString()}`;
}

/** The path and query of a request URL with emails masked and any password-like parameter dropped. */
export function safeUrl(url: string | undefined): string {
  if (!url) return '';
  return maskEmails(redactImageSource(url)).replace(/([?&](?:password|token|sid|session)[^=&]*=)[^&]*/gi, '$1[Redacted]');
}

export function createPinoLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): PinoLogger {
  return pino(
    {
      level: LEVELS[config.logLevel],
      base: { service: 'australian-dive-guide' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[Redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        // Every string argument (the message, interpolated values) has its emails masked.
        logMethod(args, method) {
          const masked = args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg)) as Parameters<typeof method>;
          return method.apply(this, masked);
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** pino-http: one line per finished request, with its id; bodies are never logged. */
export function requestLogger(logger: PinoLogger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const id = randomUUID();
      response.setHeader('X-Request-Id', id);
      return id;
    },
    // A 5xx carries no thrown error here (the exception filter logs the cause): no made-up stack.
    customErrorObject: (_request, _response, _error, value: Record<string, unknown>) => ({ ...value, err: undefined }),
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info'),
    // Probes every few seconds would drown the log.
    autoLogging: { ignore: (request) => request.url === '/healthz' || request.url === '/readyz' },
    serializers: {
      req: (request: { id: string; method: string; url: string; headers: Record<string, string>; remoteAddress?: string }) => ({
        id: request.id,
        method: request.method,
        url: safeUrl(request.url),
        userAgent: request.headers?.['user-agent'],
        remoteAddress: request.remoteAddress,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      err: pino.stdSerializers.err,
    },
    quietReqLogger: true,
  }) as unknown as RequestHandler;
}

/** A new request id, kept on the request as pino-http keeps its own (`request.id`). */
function newRequestId(request: IncomingMessage): string {
  const id = randomUUID();
  (request as unknown as { id: string }).id = id;
  return id;
}

/** Only the request id, when request logging is off (development, tests): still echoed to the client. */
export const requestId: RequestHandler = (request, response, next) => {
  response.setHeader('X-Request-Id', newRequestId(request));
  next();
};

/** Nest's LoggerService on pino, so `new Logger('Context').log(...)` writes JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    // Nest passes the context last (and a stack before it for errors).
    const context = rest.length && typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = level === 'error' && rest.length > 1 && typeof rest[0] === 'string' ? (rest[0] as string) : undefined;
    const text = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.logger[level]({ context, ...(stack ? { stack: maskEmails(stack) } : {}) }, text);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
  setLogLevels(levels: LogLevel[]): void {
    const order: pino.Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
    const map: Partial<Record<LogLevel, pino.Level>> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };
    const wanted = levels.map((level) => map[level]).filter(Boolean) as pino.Level[];
    const lowest = order.filter((level) => wanted.includes(level)).pop();
    if (lowest) this.logger.level = lowest;
  }
}

/** The process-wide pino logger of production; null elsewhere (development keeps Nest's console logger). */
let processLogger: PinoLogger | null = null;

export function useJsonLogs(logger: PinoLogger | null): void {
  processLogger = logger;
}

/** What configureApp mounts first: the request log in production, else just the request id. */
export function requestLogging(): RequestHandler {
  return processLogger ? requestLogger(processLogger) : requestId;
}

/**
 * How a page cache hit is logged: `logging` (requestLogging's) runs while its 'info' lines are written, and
 * has set X-Request-Id itself (null); else the hit only gets its id, which the caller sends with its other
 * headers. No header set before writeHead keeps Node on its fast path (one object of headers, not each one
 * set and checked in turn), and pino-http's work per request is spared for lines nobody keeps.
 */
export type HitLogging = (request: IncomingMessage, response: ServerResponse) => string | null;

export function successLogging(logging: RequestHandler): HitLogging {
  const logger = processLogger;
  return (request, response) => {
    if (logger?.isLevelEnabled('info')) {
      logging(request as never, response as never, () => undefined);
      return null;
    }
    return newRequestId(request);
  };
}
