import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { In, LessThan, MoreThanOrEqual, type QueryDeepPartialEntity, type Repository } from 'typeorm';
import { likePattern, type Page } from 'src/lists/admin-page';
import { clientIp } from 'src/http/client-ip';
import { Clock } from 'src/common/clock';
import { AuditLog } from './audit-log.entity';

export const LOGIN_EVENTS = {
  success: 'login_success',
  failure: 'login_failure',
  blocked: 'login_blocked',
  logout: 'admin_logout',
} as const;

export interface AuditEntry {
  action: string;
  resource?: string | null;
  details?: Record<string, unknown> | string | null;
}

export interface SecuritySummary {
  totalLoginAttempts: number;
  successfulLogins: number;
  failedAttempts: number;
  blockedAttempts: number;
  recentActivity: AuditLog[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_EVENTS = 50;

@Injectable()
export class AuditService {
  constructor(
    @InjectRepository(AuditLog) private readonly logs: Repository<AuditLog>,
    private readonly clock: Clock,
  ) {}

  /** One audit row for what `request` did; the time comes from the clock so tests can move it. */
  async record(request: Request, entry: AuditEntry): Promise<void> {
    const userAgent = request.get('user-agent');
    const row: QueryDeepPartialEntity<AuditLog> = {
      action: entry.action.slice(0, 100),
      resource: entry.resource?.slice(0, 200) ?? null,
      ipAddress: clientIp(request).slice(0, 64),
      userAgent: userAgent ? userAgent.slice(0, 500) : null,
      details: (entry.details ?? null) as QueryDeepPartialEntity<AuditLog>['details'],
      timestamp: this.clock.now(),
    };
    await this.logs.insert(row);
  }

  /** Deletes the rows older than `days` (AUDIT_RETENTION_DAYS). */
  async prune(days: number): Promise<void> {
    await this.logs.delete({ timestamp: LessThan(new Date(this.clock.now().getTime() - days * DAY_MS)) });
  }

  /** SPEC section 3's security summary: sign-in figures of the last 24 hours and the latest events. */
  async securitySummary(): Promise<SecuritySummary> {
    const since = MoreThanOrEqual(new Date(this.clock.now().getTime() - DAY_MS));
    const rows: { action: string; count: string }[] = await this.logs
      .createQueryBuilder('log')
      .select('log.action', 'action')
      .addSelect('COUNT(*)', 'count')
      .where({ timestamp: since, action: In([LOGIN_EVENTS.success, LOGIN_EVENTS.failure, LOGIN_EVENTS.blocked]) })
      .groupBy('log.action')
      .getRawMany();
    const count = (action: string) => Number(rows.find((row) => row.action === action)?.count ?? 0);
    const successfulLogins = count(LOGIN_EVENTS.success);
    const failedAttempts = count(LOGIN_EVENTS.failure);
    const blockedAttempts = count(LOGIN_EVENTS.blocked);
    // Reads are audited too (their action is 'GET /route'), but 50 of them would push every sign-in
    // and write off the list: the recent events are the sign-in events and the writes.
    const recentActivity = await this.logs
      .createQueryBuilder('log')
      .where({ timestamp: since })
      .andWhere('log.action !~ :reads', { reads: '^(GET|HEAD|OPTIONS) ' })
      .orderBy('log.timestamp', 'DESC')
      .addOrderBy('log.id', 'DESC')
      .take(RECENT_EVENTS)
      .getMany();
    return {
      totalLoginAttempts: successfulLogins + failedAttempts + blockedAttempts,
      successfulLogins,
      failedAttempts,
      blockedAttempts,
      recentActivity,
    };
  }

  /**
   * One page of the whole audit log, newest first, optionally the rows whose action, resource or address
   * holds `q`; and how many rows match. The Security tab's 'Audit log' reads it a page at a time: the log
   * keeps AUDIT_RETENTION_DAYS of every admin call, reads included, so it is never read whole.
   */
  async page(q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<AuditLog>> {
    const query = this.logs.createQueryBuilder('log').orderBy('log.timestamp', 'DESC').addOrderBy('log.id', 'DESC');
    if (q) {
      query.where('(log.action ILIKE :q OR log.resource ILIKE :q OR log.ipAddress ILIKE :q)', { q: likePattern(q) });
    }
    const [rows, total] = await Promise.all([query.clone().limit(slice.limit).offset(slice.offset).getMany(), query.getCount()]);
    return { rows, total };
  }
}
