import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { type Observable, concatMap, from, map, of } from 'rxjs';
import { CACHE_TAGS, INVALIDATES, type ReadTag, type WriteTag, resolveReadTags, resolveWriteTags, tagAnswer } from 'src/common/cache-tags';
import { PageCacheService } from 'src/page-cache/page-cache.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A read handler's `@CacheTags` go with its answer into the page cache. A write that succeeds drops, in
 * every process and before its answer leaves, the answers showing what its `@Invalidates` names, and
 * nothing else: a write that was refused (an exception, or an answer of 4xx or 5xx) changed nothing, and
 * one that declares nothing drops nothing (every write handler declares, test/unit/cache-declarations.spec.ts;
 * one that does not is logged). Nothing here empties the whole cache.
 */
@Injectable()
export class PageCacheInterceptor implements NestInterceptor {
  private readonly logger = new Logger('PageCache');
  private readonly undeclared = new WeakSet<object>();

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
    if (!changes) {
      this.warnUndeclared(context);
      return next.handle();
    }
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      concatMap((value) => {
        // Refused without an exception (a handler that set its status itself): nothing changed.
        if (response.statusCode >= 400) return of(value);
        return from(this.cache.invalidate(resolveWriteTags(changes, request, value))).pipe(map(() => value));
      }),
    );
  }

  private warnUndeclared(context: ExecutionContext): void {
    const handler = context.getHandler();
    if (this.undeclared.has(handler)) return;
    this.undeclared.add(handler);
    this.logger.warn(`${context.getClass().name}.${handler.name} declares no invalidation (@Invalidates): its writes drop nothing from the page cache`);
  }
}
