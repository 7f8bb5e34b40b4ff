import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, concatMap, from, map } from 'rxjs';
import { PageCacheService } from './page-cache.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write that succeeds (an admin edit, a comment, a rating, ...) empties the page cache of every
 * process before its answer leaves, so the next page anyone requests, from any process, shows it.
 */
@Injectable()
export class PageCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: PageCacheService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method)) return next.handle();
    return next.handle().pipe(concatMap((value) => from(this.cache.invalidate()).pipe(map(() => value))));
  }
}
