import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpException, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { catchError, Observable } from 'rxjs';
import { Clock } from 'src/common/clock';
import { rateLimitClient } from 'src/http/client-ip';
import type { RateLimitStorage } from './rate-limit.storage';
import { COUNTED_BEFORE_BODY, RATE_LIMITED, rateLimitRule, type RateLimitName } from './rate-limits';
import { OverLimit } from './over-limit';

/** Refused before anything was stored: a bad id or body, the honeypot (400), a missing article or site (404). */
const isRefusal = (error: unknown) => error instanceof HttpException && [400, 404].includes(error.getStatus());

/** The request's pending hit while its route runs: counted once its handler starts (countHitFirst). */
interface Hit {
  counted: boolean;
  count(): Promise<void>;
}

const hits = new AsyncLocalStorage<Hit>();

/**
 * How long this process answers a request refused before its handler from the counter it last read,
 * rather than reading it again: a flood of refusals from one network reads its counter once a second.
 * A refusal never raises a counter and this process's own counts drop what it knew, so only another
 * process's counts can be missed, for at most this long (that process answers its own 429s at once).
 */
export const KNOWN_FOR_MS = 1000;

/**
 * Counts the current request's hit now, once: for a route marked `@RateLimit(name, { countedByRoute: true })`,
 * its service calls this after its own lookups (a missing site: 404, never counted) and right before it
 * stores. Nothing outside such a request (a seed, a test calling the service).
 */
export async function countHit(): Promise<void> {
  const hit = hits.getStore();
  if (hit && !hit.counted) await hit.count();
}

/**
 * Wraps a handler so that its request's hit is counted when the handler starts: after the body was read
 * and every pipe accepted the request, so a request the pipes refuse is never counted (no write, no hand-
 * back). With `countedByRoute`, the route counts it itself (countHit) before it stores, and a handler that
 * succeeded without counting is an error. The metadata the decorators below put on the handler goes with it.
 */
export const countHitFirst =
  (countedByRoute = false): MethodDecorator =>
  (_target, key, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as (...args: unknown[]) => unknown;
    const counted = async function (this: unknown, ...args: unknown[]) {
      const hit = hits.getStore();
      if (!countedByRoute) await hit?.count();
      const answer = await handler.apply(this, args);
      if (hit && !hit.counted) throw new Error(`${String(key)} succeeded without counting its rate limit's hit (countHit)`);
      return answer;
    };
    for (const metadataKey of Reflect.getOwnMetadataKeys(handler)) Reflect.defineMetadata(metadataKey, Reflect.getOwnMetadata(metadataKey, handler), counted);
    Object.defineProperty(counted, 'name', { value: handler.name });
    descriptor.value = counted;
  };

/**
 * A rule that gives refusals back (`givesBack: 'refusal'`) counts each request only once its handler
 * starts (countHitFirst), and every answer stays what it was when RateLimitGuard counted first and
 * handed a refusal back:
 * - the handler starts (or, `countedByRoute`, its lookups passed): the hit is counted (one upsert); past
 *   the limit, 429 with Retry-After;
 * - refused before it (the body reader or a pipe, 400; a lookup, 404; nothing else refuses there): the
 *   counter is only read, and a client already at its limit is answered the 429 it was answered before;
 *   any other error there (413 for a body too large) is counted, as the guard counted it;
 * - refused by the handler (400 or 404, nothing stored): the hit is handed back, as before.
 * Counts live in PostgreSQL (RateLimitStorage), so every process sees the same ones. Mounted before the
 * body reader (src/app.setup.ts), so that its errors pass through here.
 */
@Injectable()
export class CountedHitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @InjectThrottlerStorage() private readonly storage: RateLimitStorage,
    private readonly overLimit: OverLimit,
    private readonly clock: Clock,
  ) {}

  /** The counters read lately, by rule and client: their count and window end (ms), and when they were read. */
  private readonly known = new LRUCache<string, { count: number; resetTime: number; readAt: number }>({ max: 10_000 });

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = context.getType() === 'http' ? this.reflector.get<RateLimitName | undefined>(RATE_LIMITED, context.getHandler()) : undefined;
    if (!name || rateLimitRule(name).givesBack !== 'refusal' || this.reflector.get(COUNTED_BEFORE_BODY, context.getHandler())) return next.handle();
    const rule = rateLimitRule(name);
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const client = rateLimitClient(request);
    const knownKey = `${name}:${client}`;
    const increment = async () => {
      this.known.delete(knownKey);
      const record = await this.storage.increment(client, rule.ttl, rule.limit, 0, name);
      if (record.isBlocked) await this.overLimit.refuse(request, response, rule, record.totalHits, record.timeToBlockExpire);
    };
    const hit: Hit = {
      counted: false,
      async count() {
        hit.counted = true;
        await increment();
      },
    };
    const handled = new Observable<unknown>((subscriber) => hits.run(hit, () => next.handle().subscribe(subscriber)));
    return handled.pipe(
      catchError(async (error: unknown) => {
        if (hit.counted) {
          if (isRefusal(error)) {
            this.known.delete(knownKey);
            await this.storage.giveBack(name, client);
          }
        } else if (isRefusal(error)) {
          // Refused before the handler: at the limit already, the 429 the guard answered before.
          const counter = await this.counter(knownKey, name, client);
          if (counter && counter.count >= rule.limit) await this.overLimit.refuse(request, response, rule, counter.count + 1, counter.seconds);
        } else await increment();
        throw error;
      }),
    );
  }

  /** The client's counter in a live window (null: none), as read at most KNOWN_FOR_MS ago. */
  private async counter(knownKey: string, name: RateLimitName, client: string): Promise<{ count: number; seconds: number } | null> {
    const now = this.clock.now().getTime();
    let known = this.known.get(knownKey);
    if (!known || now - known.readAt >= KNOWN_FOR_MS || now < known.readAt) {
      const counter = await this.storage.peek(name, client);
      known = { count: counter?.totalHits ?? 0, resetTime: counter?.resetTime.getTime() ?? 0, readAt: now };
      this.known.set(knownKey, known);
    }
    return known.resetTime > now ? { count: known.count, seconds: Math.ceil((known.resetTime - now) / 1000) } : null;
  }
}
