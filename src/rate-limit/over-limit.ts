import { Injectable } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AuditService } from 'src/audit/audit.service';
import { describeRule, type RateLimitRule } from './rate-limits';

/** The 429 of a client past its own limit: the rule's message and Retry-After, and one audit row per window (rules with `audit`). */
@Injectable()
export class OverLimit {
  constructor(private readonly audit: AuditService) {}

  /** `totalHits`: the client's count with this request; `seconds`: until its window ends. */
  async refuse(request: Request, response: Response, rule: RateLimitRule, totalHits: number, seconds: number): Promise<never> {
    response.setHeader('Retry-After', String(seconds));
    if (rule.audit && totalHits === rule.limit + 1) {
      await this.audit.record(request, {
        action: rule.audit.action,
        resource: request.path,
        details: { reason: rule.audit.reason, attempts: totalHits, limit: describeRule(rule) },
      });
    }
    throw new ThrottlerException(rule.message(Math.max(1, Math.ceil(seconds / 60))));
  }
}
