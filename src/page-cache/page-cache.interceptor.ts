import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { type Observable, concatMap, from, map } from 'rxjs';
import { CACHE_TAGS, INVALIDATES, type ReadTag, type WriteTag, resolveReadTags, resolveWriteTags, tagAnswer } from 'src/common/cache-tags';
import { PageCacheService } from './page-cache.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A read handler's `@CacheTags` go with its answer into the page cache. A write that succeeds drops, in
 * every process and before its answer leaves, the answers showing what its `@Invalidates` names (all of
 * them when it names nothing at all), so the next request anyone makes, to any process, shows it.
 */
@Injectable()
export class PageCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: PageCacheService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const targets = [context.getHandler(), context.getClass()];
    if (READS.has(request.method)) {
      const tags = this.reflector.getAllAndOverride<ReadTag[] | undefined>(CACHE_TAGS, targets);
      if (tags) tagAnswer(context.switchToHttp().getResponse<Response>(), ...resolveReadTags(tags, request));
      return next.handle();
    }
    const changes = this.reflector.getAllAndOverride<WriteTag[] | undefined>(INVALIDATES, targets);
    return next
      .handle()
      .pipe(concatMap((value) => from(this.cache.invalidate(changes ? resolveWriteTags(changes, request, value) : null)).pipe(map(() => value))));
  }
}
