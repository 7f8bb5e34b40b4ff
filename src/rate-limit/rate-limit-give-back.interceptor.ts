import { HttpException, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { catchError, mergeMap, type Observable } from 'rxjs';
import { rateLimitClient } from 'src/http/client-ip';
import type { RateLimitStorage } from './rate-limit.storage';
import { RATE_LIMITED, rateLimitRule } from './rate-limits';

/** Refused before anything was stored: a bad id or body, the honeypot (400), a missing article or site (404). */
const isRefusal = (error: unknown) => error instanceof HttpException && [400, 404].includes(error.getStatus());

/**
 * Hands the hit RateLimitGuard counted back when the route's rule says so, before the answer is sent, so
 * the client's next request already sees the count without it. Pipes run inside this interceptor, so a
 * body the validation pipe refuses passes through here too.
 */
@Injectable()
export class RateLimitGiveBackInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @InjectThrottlerStorage() private readonly storage: RateLimitStorage,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = this.reflector.get(RATE_LIMITED, context.getHandler());
    const rule = rateLimitRule(name);
    // The overall cap counts failures only (OverallCap): nothing of it to hand back.
    const giveBack = () => this.storage.giveBack(name, rateLimitClient(context.switchToHttp().getRequest<Request>()));
    if (rule.givesBack === 'success') {
      return next.handle().pipe(
        mergeMap(async (value: unknown) => {
          await giveBack();
          return value;
        }),
      );
    }
    return next.handle().pipe(
      catchError(async (error: unknown) => {
        if (isRefusal(error)) await giveBack();
        throw error;
      }),
    );
  }
}
