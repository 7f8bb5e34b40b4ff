import { ArgumentsHost, Catch, HttpException, Injectable, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { FormName, FormOutcome } from 'core/form-outcome';
import { AllExceptionsFilter } from 'src/errors/all-exceptions.filter';
import { readRequestBody } from 'src/http/request-body';
import { RenderService } from 'src/render/render.service';
import { FormOutcomes } from './form-outcomes';

/** Whether a request is a no-JavaScript form post (under /forms), not the JSON API call of the same form. */
export function isFormPost(request: Request): boolean {
  return /^\/forms\//i.test(request.path);
}

/** The form a post under /forms was sent by, and the article or site it names. */
export function formOf(request: Request): { form: FormName; target?: number } {
  const [, , kind, id, sub] = request.path.split('/');
  if (kind === 'articles' && sub === 'comments') return { form: 'comment', target: Number(id) };
  if (kind === 'dive-sites' && sub === 'ratings') return { form: 'rating', target: Number(id) };
  if (kind === 'dive-sites' && sub === 'corrections') return { form: 'correction', target: Number(id) };
  if (kind === 'dive-sites' && sub === 'reports') return { form: 'report', target: Number(id) };
  return { form: kind === 'contact' ? 'contact' : 'newsletter' };
}

/** What the visitor typed, to give back to the fields; never the honeypot. */
function typed(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (!body || typeof body !== 'object') return values;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' && name !== 'website') values[name] = value;
  }
  return values;
}

/**
 * A refused no-JavaScript post (its DTO's rules, the service's refusals, the rate limit) answers as the
 * API would in words, but as a redirect back to the page, which shows the messages beside the fields
 * and what the visitor typed. Anything else (a fault, the database away) is the usual error page, and
 * the same form's JSON API call (PublicForm: one handler for both) the API's usual JSON error.
 */
@Catch(HttpException)
@Injectable()
export class FormOutcomeFilter implements ExceptionFilter {
  private readonly usual: AllExceptionsFilter;

  constructor(
    private readonly outcomes: FormOutcomes,
    render: RenderService,
  ) {
    this.usual = new AllExceptionsFilter(render);
  }

  async catch(exception: HttpException, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    if (!isFormPost(request)) return this.usual.catch(exception, host);
    // A refusal before the body was read (the rate limit) still gives back what was typed.
    await readRequestBody(request, response).catch(() => undefined);
    const answer = exception.getResponse();
    const { message, fields } = (typeof answer === 'string' ? { message: answer } : answer) as {
      message?: string | string[];
      fields?: Record<string, string[]>;
    };
    const outcome: FormOutcome = {
      ...formOf(request),
      error: (Array.isArray(message) ? message[0] : message) || exception.message,
      values: typed(request.body),
    };
    if (fields) outcome.fields = Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages[0]]));
    response.redirect(303, this.outcomes.remember(request, response, outcome));
  }
}
