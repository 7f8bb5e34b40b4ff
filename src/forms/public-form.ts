import {
  applyDecorators,
  Injectable,
  Post,
  SetMetadata,
  UseFilters,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { FormOutcome } from 'core/form-outcome';
import { FormOutcomeFilter, formOf, isFormPost } from './form-outcome.filter';
import { FormOutcomes } from './form-outcomes';

/** What a form's success tells its page (the outcome's `done`), taken from the handler's JSON answer. */
export type DoneOf = (answer: any, request: Request) => FormOutcome['done']; // eslint-disable-line @typescript-eslint/no-explicit-any -- each form's answer has its own type

const DONE_OF = 'adg:public-form-done';

/**
 * One handler for a public form, at both of its addresses (the routes are SPEC's and stay): the JSON API
 * call, answered with the API's JSON, and the no-JavaScript post under /forms, answered with a 303 back to
 * the page it came from and the outcome in its cookie (PublicFormInterceptor). A refusal of the post
 * (its DTO, the service, the rate limit) goes back to the page the same way; the API's is the usual JSON
 * error (FormOutcomeFilter hands it on).
 */
export function PublicForm(apiPath: string, formPath: string, done: DoneOf = () => ({})) {
  return applyDecorators(Post([apiPath, formPath]), SetMetadata(DONE_OF, done), UseInterceptors(PublicFormInterceptor), UseFilters(FormOutcomeFilter));
}

/**
 * A no-JavaScript post's success: the outcome's cookie is set and the answer becomes a 303 to the page
 * (so a reload never posts again). The handler's value still goes on (the page cache's invalidation
 * reads what was stored from it), as the redirect's body, which no browser shows.
 */
@Injectable()
export class PublicFormInterceptor implements NestInterceptor {
  constructor(
    private readonly outcomes: FormOutcomes,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!isFormPost(request)) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const done = this.reflector.get<DoneOf>(DONE_OF, context.getHandler());
    return next.handle().pipe(
      map((answer) => {
        const url = this.outcomes.remember(request, response, { ...formOf(request), done: done(answer, request) });
        response.status(303).location(url);
        return answer;
      }),
    );
  }
}
