import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { tap, type Observable } from 'rxjs';
import { Clock } from 'src/common/clock';
import { reportSessionTime } from './admin-headers';
import { ADMIN_ONLY_OPTIONS, type AdminOnlyOptions } from './admin-only.options';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A successful admin write makes the session a content-editing one, limited to 1 hour from sign-in. Every
 * successful admin answer then reports the session's time as the handler left it (a refresh starts anew).
 */
@Injectable()
export class ContentEditingInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const options = this.reflector.get<AdminOnlyOptions | undefined>(ADMIN_ONLY_OPTIONS, context.getHandler()) ?? {};
    const writesContent = WRITES.has(request.method) && !options.passive && options.writesContent !== false;
    return next.handle().pipe(
      tap(() => {
        const state = request.session?.admin;
        if (!state) return;
        if (writesContent) state.contentEditing = true;
        reportSessionTime(http.getResponse<Response>(), state, this.clock.now().getTime());
      }),
    );
  }
}
