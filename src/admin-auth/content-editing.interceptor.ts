import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { tap, type Observable } from 'rxjs';
import { ADMIN_ONLY_OPTIONS, type AdminOnlyOptions } from './admin-only.options';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A successful admin write makes the session a content-editing one, limited to 1 hour from sign-in. */
@Injectable()
export class ContentEditingInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const options = this.reflector.get<AdminOnlyOptions | undefined>(ADMIN_ONLY_OPTIONS, context.getHandler()) ?? {};
    if (!WRITES.has(request.method) || options.passive || options.writesContent === false) return next.handle();
    return next.handle().pipe(
      tap(() => {
        const state = request.session?.admin;
        if (state) state.contentEditing = true;
      }),
    );
  }
}
