import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { RenderService } from 'src/render/render.service';
import { ErrorPage } from 'views/pages/ErrorPage';
import { NotFoundPage } from 'views/pages/NotFoundPage';
import { isDatabaseUnavailable } from 'src/errors/database-errors';
import { errorBody, type ErrorBody } from 'src/common/error-body';
import { isJsonRoute } from 'core/request-kind';

export { isDatabaseUnavailable };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'Service temporarily unavailable',
};

/** Why a thrown value should answer what it answers: HTTP exceptions keep their status, body errors (from
 * the JSON parser) are the client's fault, and database constraint violations are 409/400, never 500. */
function toErrorBody(exception: unknown): ErrorBody {
  // Nest wraps body-parser's errors (malformed JSON, oversized body) in an HttpException with the parser's text.
  const parserError = exception instanceof HttpException && (exception.cause as { type?: string } | undefined)?.type;
  if (parserError) return toErrorBody(exception.cause);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return errorBody(status, response);
    // Nest's own bodies carry the status text in `error` and the detail in `message`; ours carry the
    // message in both. Either way the user-facing text is `message`.
    const { message, fields } = response as { message?: string | string[]; fields?: Record<string, string[]> };
    const text = (Array.isArray(message) ? message[0] : message) || STATUS_TEXT[status] || 'Error';
    return errorBody(status, text, fields);
  }
  const err = exception as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string };
  if (err && typeof err === 'object' && err.expose && typeof err.status === 'number' && err.status < 500) {
    // body-parser errors: malformed JSON, oversized body, bad charset.
    const message =
      err.type === 'entity.parse.failed' ? 'Malformed JSON in request body' : err.status === 413 ? 'Request body too large' : (err.message ?? 'Bad request');
    return errorBody(err.status, message);
  }
  if (isDatabaseUnavailable(exception)) return errorBody(503, STATUS_TEXT[503]);
  // Decoding what the client sent (a malformed %-escape, text that is not valid Unicode).
  if (exception instanceof URIError) return errorBody(400, 'Invalid value in request');
  if (exception instanceof QueryFailedError) {
    const code = (exception as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
    if (code === '23505') return errorBody(409, 'A record with this value already exists');
    if (code === '23503') return errorBody(400, 'A referenced record does not exist');
    // Bad text, out of range, a check or a required column left empty (an optional field sent as null).
    if (code === '22P02' || code === '22003' || code === '23514' || code === '22001' || code === '23502' || code === '22007' || code === '22008')
      return errorBody(400, 'Invalid value in request');
  }
  return errorBody(500, STATUS_TEXT[500]);
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly render: RenderService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const body = toErrorBody(exception);
    if (body.statusCode === 503) {
      // One short line per refused request while the database is away or the image encoder is full, not a stack trace each.
      const cause = exception instanceof HttpException ? body.message : `database unavailable (${(exception as Error)?.message ?? String(exception)})`;
      this.logger.warn(`${request.method} ${request.path}: ${cause}`);
      if (!response.headersSent) response.setHeader('Retry-After', '5');
    } else if (body.statusCode >= 500) {
      this.logger.error(`${request.method} ${request.path}: ${(exception as Error)?.stack ?? String(exception)}`);
    }
    if (response.headersSent) return;

    const wantsJson = isJsonRoute(request.path) || !request.accepts('html');
    // A handler may have named its own type and file name (a CSV or GPX export) before failing.
    response.removeHeader('Content-Disposition');
    if (wantsJson) {
      response.status(body.statusCode).type('application/json').json(body);
      return;
    }
    const page =
      body.statusCode === 404 ? (
        <NotFoundPage path={request.path} />
      ) : (
        <ErrorPage status={body.statusCode} message={body.statusCode === 503 ? STATUS_TEXT[503] : body.statusCode >= 500 ? STATUS_TEXT[500] : body.message} />
      );
    const title = body.statusCode === 404 ? '404 Page Not Found' : `${body.statusCode} ${STATUS_TEXT[body.statusCode] ?? 'Error'}`;
    response
      .status(body.statusCode)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(this.render.page({ title, description: title, path: request.path, noindex: true }, page));
  }
}
