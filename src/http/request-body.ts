import {
  BadRequestException,
  HttpException,
  Injectable,
  PayloadTooLargeException,
  SetMetadata,
  UnsupportedMediaTypeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { from, switchMap, type Observable } from 'rxjs';
import { isApiPath } from 'core/request-kind';
import { errorBody } from 'src/common/error-body';
import { bodyProblem, NESTING_MESSAGE, NULL_CHARACTER_MESSAGE, UNICODE_MESSAGE } from './null-characters';

/** Every body but the ones a route allows more for (@RequestBody), in bytes. */
export const BODY_LIMIT = 100 * 1024;
/** The most JSON values (array items, object members, the top one) a body of a route's limit may hold. */
export const DEFAULT_MAX_VALUES = 50_000;
/** Past this many levels of arrays and objects a body is refused (no form or API body nests more than a few). */
export const MAX_DEPTH = 32;

export const JSON_ONLY_MESSAGE = 'Content-Type must be application/json';
export const ENCODING_MESSAGE = 'A JSON body must be sent without Content-Encoding';
export const UTF8_ONLY_MESSAGE = 'The request body must be UTF-8';
export const MALFORMED_JSON_MESSAGE = 'Malformed JSON in request body';
export const TOO_LARGE_MESSAGE = 'Request body too large';
export const tooManyValuesMessage = (max: number) => `The request body holds more than ${max.toLocaleString('en-AU')} values`;

export interface RequestBodyOptions {
  /** The most bytes this route's body may have. */
  limit?: number;
  /** The most JSON values the body may hold: bounds the memory the parsed body takes, whatever its shape. */
  maxValues?: number;
  /** The route takes a multipart upload (multer reads it in its interceptor, after the guards). */
  multipart?: boolean;
}

const REQUEST_BODY = 'adg:request-body';
/** A route's body rules, read by BodyParsingInterceptor once its guards have passed. */
export const RequestBody = (options: RequestBodyOptions) => SetMetadata(REQUEST_BODY, options);

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request carries a body at all (a Content-Length of 0 is none). */
function carriesBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

/**
 * Walks the raw bytes of a JSON body as they arrive (strings skipped) and refuses, at once, a body nested
 * deeper than MAX_DEPTH or holding more than `maxValues` values. What JSON.parse then builds is bounded
 * by the byte limit and that count, so a body of tiny values (`[[],[],...]`, each 3 bytes made a heap
 * object many times its size) can no longer take the heap; and a refused body is never held whole.
 */
export class JsonShape {
  private inString = false;
  private escaped = false;
  private depth = 0;
  private values = 1;

  constructor(private readonly maxValues: number) {}

  feed(bytes: Buffer): void {
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
        continue;
      }
      if (byte === 0x22) this.inString = true;
      else if (byte === 0x5b || byte === 0x7b) {
        if (++this.depth > MAX_DEPTH) throw new BadRequestException(errorBody(400, NESTING_MESSAGE));
        this.count();
      } else if (byte === 0x5d || byte === 0x7d) this.depth--;
      else if (byte === 0x2c) this.count();
    }
  }

  private count(): void {
    if (++this.values > this.maxValues) throw new PayloadTooLargeException(errorBody(413, tooManyValuesMessage(this.maxValues)));
  }
}

/**
 * Reads a JSON body as a stream: past the byte limit or the shape's limits it stops reading and refuses
 * (the rest of the body is discarded as it arrives), so memory never holds more than the limit.
 */
function readJson(request: Request, limit: number, maxValues: number): Promise<unknown> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(new PayloadTooLargeException(errorBody(413, TOO_LARGE_MESSAGE)));
  return new Promise((resolve, reject) => {
    const shape = new JsonShape(maxValues);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: unknown, value?: unknown) => {
      if (done) return;
      done = true;
      request.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (error) {
        chunks.length = 0;
        // Discard what is still coming, so the connection can answer and carry on.
        request.resume();
        reject(error);
      } else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(new PayloadTooLargeException(errorBody(413, TOO_LARGE_MESSAGE)));
      try {
        shape.feed(chunk);
      } catch (error) {
        return finish(error);
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks, size).toString('utf8');
      chunks.length = 0;
      if (text.trim() === '') return finish(null, {});
      try {
        finish(null, JSON.parse(text));
      } catch {
        finish(new BadRequestException(errorBody(400, MALFORMED_JSON_MESSAGE)));
      }
    };
    const onError = () => finish(new BadRequestException(errorBody(400, 'Unreadable request body')));
    const onAborted = () => finish(new BadRequestException(errorBody(400, 'The request body was cut short')));
    request.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}

function charsetOf(request: Request): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '');
  return match?.[1].toLowerCase();
}

const urlencodedParsers = new Map<number, RequestHandler>();
function urlencodedParser(limit: number): RequestHandler {
  let parser = urlencodedParsers.get(limit);
  if (!parser) {
    parser = express.urlencoded({ extended: false, limit, parameterLimit: 1000 });
    urlencodedParsers.set(limit, parser);
  }
  return parser;
}

/** A body-parser error (or our own refusal) as the API's JSON error. */
function asHttpException(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const err = error as { status?: number; type?: string; message?: string };
  if (err.type === 'entity.too.large' || err.status === 413) {
    return new PayloadTooLargeException(errorBody(413, err.type === 'entity.too.large' ? TOO_LARGE_MESSAGE : (err.message ?? TOO_LARGE_MESSAGE)));
  }
  if (err.status === 415) return new UnsupportedMediaTypeException(errorBody(415, UTF8_ONLY_MESSAGE));
  if (err.type === 'entity.parse.failed') return new BadRequestException(errorBody(400, MALFORMED_JSON_MESSAGE));
  return new BadRequestException(errorBody(400, err.status && err.status < 500 && err.message ? err.message : 'Unreadable request body'));
}

function run(handler: RequestHandler, request: Request, response: Response): Promise<void> {
  return new Promise((resolve, reject) => handler(request, response, (error?: unknown) => (error ? reject(asHttpException(error)) : resolve())));
}

const READ = Symbol('adg.body-read');

/**
 * Reads and parses the body of a request whose route has been matched and whose guards have passed
 * (BodyParsingInterceptor), or of the sign-in, whose guard checks the password in it. Once per request.
 *
 * The JSON API's writes take application/json only (UTF-8), so that a page on another site cannot send
 * them as a simple form post; a route that takes an upload also takes multipart (its multer interceptor
 * reads it). Other routes (the no-JavaScript forms) take urlencoded forms and JSON.
 */
export async function readRequestBody(request: Request, response: Response, options: RequestBodyOptions = {}): Promise<void> {
  const flagged = request as Request & { [READ]?: true };
  if (flagged[READ]) return;
  flagged[READ] = true;
  if (!carriesBody(request)) return;
  const api = isApiPath(request.path);
  const json = request.is('application/json') !== false;
  if (api && WRITES.has(request.method) && !json && !(options.multipart && request.is('multipart/form-data'))) {
    throw new UnsupportedMediaTypeException(errorBody(415, JSON_ONLY_MESSAGE));
  }
  const limit = options.limit ?? BODY_LIMIT;
  if (json) {
    const charset = charsetOf(request);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new UnsupportedMediaTypeException(errorBody(415, UTF8_ONLY_MESSAGE));
    const encoding = (request.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') throw new UnsupportedMediaTypeException(errorBody(415, ENCODING_MESSAGE));
    request.body = await readJson(request, limit, options.maxValues ?? DEFAULT_MAX_VALUES);
  } else if (!api) {
    await run(urlencodedParser(limit), request, response);
  }
  const problem = bodyProblem(request.body);
  if (problem) {
    throw new BadRequestException(errorBody(400, problem === 'null' ? NULL_CHARACTER_MESSAGE : problem === 'deep' ? NESTING_MESSAGE : UNICODE_MESSAGE));
  }
}

/**
 * Parses the body after the route is matched and its guards have passed: a request an admin route
 * refuses (no session) is answered before a byte of its body is read. Registered first among the
 * interceptors (src/app.setup.ts), so every other interceptor and the pipes see the parsed body.
 */
@Injectable()
export class BodyParsingInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector = new Reflector()) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const options = this.reflector.getAllAndOverride<RequestBodyOptions | undefined>(REQUEST_BODY, [context.getHandler(), context.getClass()]);
    const http = context.switchToHttp();
    return from(readRequestBody(http.getRequest<Request>(), http.getResponse<Response>(), options)).pipe(switchMap(() => next.handle()));
  }
}
