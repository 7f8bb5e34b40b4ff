import { randomUUID } from 'node:crypto';
import { write, writeSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { AppConfig } from 'src/config/app.config';
import { IMAGE_ROUTE } from 'core/request-kind';

/**
 * Structured logs. In production every line is JSON: the access log (one line per answer, with its request
 * id, a generated UUID echoed as X-Request-Id) and Nest's own Logger through pino, both to one buffered,
 * asynchronous destination (logDestination). In development Nest keeps its readable console output;
 * tests log nothing unless asked.
 *
 * What never reaches a log line: request and response bodies (never serialised), request headers, the
 * Set-Cookie headers, the Authorization header, passwords and session ids (redacted by path), and full
 * email addresses anywhere in a message or URL (masked to `j***@example.com`).
 */

const SERVICE = 'australian-dive-guide';

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
      base: { service: SERVICE },
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

/**
 * What is known of a request once its answer has gone: what the access log writes and the metrics count.
 * `route` is the pattern it matched (`/blog/:slug`), when one did.
 */
export type RequestFinished = (method: string, url: string, status: number, ms: number, id: string, route: string | undefined) => void;

/** Every one of `observers` in turn; null when there is none (then a request only gets its id). */
export function allOf(...observers: (RequestFinished | null)[]): RequestFinished | null {
  const kept = observers.filter((observer): observer is RequestFinished => observer !== null);
  if (kept.length <= 1) return kept[0] ?? null;
  return (method, url, status, ms, id, route) => {
    for (const observer of kept) observer(method, url, status, ms, id, route);
  };
}

/** Probes and scrapes every few seconds would drown the log: not written (still counted). */
const QUIET = new Set(['/healthz', '/readyz', '/metrics']);
const LEVEL_LABELS: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error' };
/** URLs longer than this are made safe each time rather than remembered. */
const REMEMBERED_URL_LENGTH = 300;

/**
 * The access log: one JSON line per answer, with what an operator reads: when, the request id, method,
 * path (safeUrl: emails masked, tokens redacted), status and milliseconds taken. 5xx lines are `error`,
 * 4xx `warn`, the rest `info`, kept as the logger's level says. The line is put together here rather than
 * through pino's serialisers and redaction (it carries no header and no body: nothing to redact), and
 * goes to the logger's own destination, which in production buffers it (logDestination).
 */
export function accessLog(logger: PinoLogger): RequestFinished {
  const destination = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  // The same few URLs come again and again (the pages a cache hit answers): each made safe and quoted once.
  const safe = new Map<string, string>();
  return (method, url, status, ms, id) => {
    const level = status >= 500 ? 50 : status >= 400 ? 40 : 30;
    if (level < logger.levelVal || QUIET.has(url)) return;
    let quoted = safe.get(url);
    if (quoted === undefined) {
      quoted = JSON.stringify(safeUrl(url));
      if (url.length <= REMEMBERED_URL_LENGTH) {
        if (safe.size >= 1000) safe.clear();
        safe.set(url, quoted);
      }
    }
    // The method comes from Node's parser, which accepts only the registered ones: nothing to escape.
    destination.write(
      `{"level":"${LEVEL_LABELS[level]}","time":"${isoNow()}","service":"${SERVICE}","reqId":"${id}","method":"${method}","url":${quoted},"status":${status},"ms":${Math.round(ms * 10) / 10}}\n`,
    );
  };
}

/** Now as ISO 8601 (pino's isoTime), made once a second and completed with the milliseconds. */
let isoSecond = -1;
let isoPrefix = '';
function isoNow(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const ms = now - second * 1000;
  return `${isoPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

/** A new request id, kept on the request (`request.id`) for whatever logs about it later. */
export function newRequestId(request: IncomingMessage): string {
  const id = randomUUID();
  (request as unknown as { id: string }).id = id;
  return id;
}

/** Express's matched route, if any (the page cache keeps it with a page, for its hits). */
export function routeOf(request: IncomingMessage): string | undefined {
  return (request as unknown as { route?: { path?: unknown } }).route?.path as string | undefined;
}

/**
 * The first middleware: every answer gets its id (X-Request-Id), and `finished`, when there is one, hears
 * of it once it has gone (or its connection closed first).
 */
export function requestTracking(finished: RequestFinished | null): RequestHandler {
  if (!finished) {
    return (request, response, next) => {
      response.setHeader('X-Request-Id', newRequestId(request));
      next();
    };
  }
  return (request, response, next) => {
    const started = performance.now();
    const id = newRequestId(request);
    const url = request.url;
    response.setHeader('X-Request-Id', id);
    response.once('close', () => finished(request.method, url, response.statusCode, performance.now() - started, id, routeOf(request)));
    next();
  };
}

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

/** The access log of production (accessLog on the process's logger); null elsewhere. */
export function processAccessLog(): RequestFinished | null {
  return processLogger ? accessLog(processLogger) : null;
}

/** How often what the log destination holds is written out when the lines come slowly. */
const LOG_FLUSH_MS = 1000;
/** Lines gather until they make this many characters, then go out in one write. */
const LOG_BATCH = 4096;

export interface LogDestination extends DestinationStream {
  /** Writes out what is held, resolving once it is written (or after `timeoutMs`). */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Production's log destination: lines gather in memory and go to standard output asynchronously, one
 * write for every 4 KB of them (and at least every second, so a quiet server's line shows within one).
 * The shutdown drains it (main.ts); what is still held when the process exits otherwise (process.exit,
 * an uncaught exception) is written synchronously on the way out. Only a SIGKILL or Node itself dying
 * loses the last second's lines.
 *
 * Not pino's SonicBoom: it appends each line to one growing string and measures that string's bytes on
 * every write, which costs microseconds a line once it is kilobytes long. Here a line costs an array push.
 */
export class BufferedLines implements LogDestination {
  private lines: string[] = [];
  private length = 0;
  /** The chunk being written, while a write is in flight. */
  private writing: Buffer | null = null;
  private readonly drained: (() => void)[] = [];

  constructor(private readonly fd = 1) {
    const timer = setInterval(() => this.writeOut(), LOG_FLUSH_MS);
    timer.unref();
    process.on('exit', () => this.writeSync());
  }

  write(line: string): void {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= LOG_BATCH) this.writeOut();
  }

  drain(timeoutMs: number): Promise<void> {
    this.writeOut();
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => {
      const cap = setTimeout(resolve, timeoutMs);
      cap.unref();
      this.drained.push(() => {
        clearTimeout(cap);
        resolve();
      });
    });
  }

  private take(): Buffer | null {
    if (!this.lines.length) return null;
    const chunk = Buffer.from(this.lines.join(''), 'utf8');
    this.lines = [];
    this.length = 0;
    return chunk;
  }

  private writeOut(): void {
    if (this.writing) return;
    const chunk = this.take();
    if (!chunk) {
      for (const done of this.drained.splice(0)) done();
      return;
    }
    this.writing = chunk;
    this.send(chunk, 0);
  }

  private send(chunk: Buffer, offset: number): void {
    write(this.fd, chunk, offset, chunk.length - offset, null, (error, written) => {
      if (error) {
        // A full pipe (standard output made non-blocking): again shortly. Anything else (the reader gone):
        // the chunk is dropped, the server goes on.
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          setTimeout(() => this.send(chunk, offset), 10);
          return;
        }
        written = chunk.length - offset;
      }
      if (offset + written < chunk.length) return this.send(chunk, offset + written);
      this.writing = null;
      this.writeOut();
    });
  }

  /** On the way out, with no event loop left: what is held, written at once (a full pipe waited on). */
  private writeSync(): void {
    const chunk = this.take();
    if (!chunk) return;
    let offset = 0;
    for (let tries = 0; offset < chunk.length && tries < 1000; tries++) {
      try {
        offset += writeSync(this.fd, chunk, offset, chunk.length - offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      }
    }
  }
}

/** Production's log destination (BufferedLines on standard output). */
export function logDestination(): LogDestination {
  return new BufferedLines(1);
}
