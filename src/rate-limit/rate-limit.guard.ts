import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { rateLimitClient } from 'src/http/client-ip';
import { OverLimit } from './over-limit';
import { OverallCap } from './overall-cap';
import { COUNTED_BEFORE_BODY, RATE_LIMITED, rateLimitRule, type RateLimitName } from './rate-limits';

/**
 * Global, but it limits only a route marked `@RateLimit(name)`, and only by that one named throttler (a
 * rule that gives refusals back is counted by CountedHitInterceptor instead, once its handler starts).
 * The client is its address as src/http/client-ip.ts reads it (TRUST_PROXY hops), so a forged
 * X-Forwarded-For changes nothing, an IPv6 one counted by its /64; the 429 carries the limit's own
 * message and Retry-After, and one audit row marks the window a client went over in (not one per refusal:
 * a flood from one address would push every other event off the security dashboard). A rule with an
 * `overall` cap is capped across every address too (OverallCap: failures only).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly overLimit: OverLimit,
    private readonly overallCap: OverallCap,
  ) {
    super(options, storage, reflector);
  }

  /** The throttlers by name: a route names one, and only it is asked (not every one, each skipping). */
  private readonly byName = new Map<string, ThrottlerOptions & { limit: number; ttl: number; blockDuration: number }>();

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    for (const throttler of this.throttlers)
      this.byName.set(throttler.name!, throttler as ThrottlerOptions & { limit: number; ttl: number; blockDuration: number });
  }

  /**
   * ThrottlerGuard's own walks every throttler and reads five options of each from the route (none of
   * which this site sets): here the route's one limit is counted, with its module options.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.limitOf(context);
    const throttler = name && this.byName.get(name);
    // A rule that gives refusals back counts once the handler starts (CountedHitInterceptor), unless the route says `beforeBody`.
    if (!throttler || (rateLimitRule(name).givesBack === 'refusal' && !this.reflector.get(COUNTED_BEFORE_BODY, context.getHandler()))) return true;
    const { limit, ttl, blockDuration } = throttler;
    return this.handleRequest({
      context,
      limit,
      ttl,
      blockDuration,
      throttler,
      getTracker: this.commonOptions.getTracker!,
      generateKey: this.commonOptions.generateKey!,
    });
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const name = this.limitOf(request.context);
    if (!name || request.throttler.name !== name) return true;
    await super.handleRequest(request);
    if (rateLimitRule(name).overall) {
      const http = request.context.switchToHttp();
      await this.overallCap.refuseRepeatedWhileCapped(http.getRequest<Request>(), http.getResponse<Response>(), name);
    }
    return true;
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return rateLimitClient(request as unknown as Request);
  }

  /** The tracker alone: the storage keys each row by the throttler's name too ("login:203.0.113.10"). */
  protected override generateKey(_context: ExecutionContext, tracker: string): string {
    return tracker;
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const http = context.switchToHttp();
    await this.overLimit.refuse(
      http.getRequest<Request>(),
      http.getResponse<Response>(),
      rateLimitRule(this.limitOf(context)!),
      detail.totalHits,
      detail.timeToBlockExpire,
    );
  }

  private limitOf(context: ExecutionContext): RateLimitName | undefined {
    return this.reflector.get(RATE_LIMITED, context.getHandler());
  }
}
