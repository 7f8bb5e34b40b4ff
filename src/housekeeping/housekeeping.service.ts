import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import { AuditService } from 'src/audit/audit.service';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { InsightsService } from 'src/insights/insights.service';
import { NewsletterService } from 'src/newsletter/newsletter.service';
import type { RateLimitStorage } from 'src/rate-limit/rate-limit.storage';
import { ReportPhotosService } from 'src/reports/report-photos.service';

const EVERY_MS = 5 * 60 * 1000;

/**
 * Keeps the shared tables small: rate-limit windows that ended, audit rows past AUDIT_RETENTION_DAYS, and
 * the click-visitor hashes of past days (src/insights), and newsletter sign-ups never confirmed within 7 days
 * (double opt-in: src/newsletter), and report photos' bytes as received that no photo refers to after an
 * hour (src/reports).
 * Every process runs it on its own timer; each step is one plain DELETE of rows that can only stay
 * expired, so several processes pruning at once delete each row once and never a live one.
 */
@Injectable()
export class HousekeepingService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Housekeeping');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectThrottlerStorage() private readonly rateLimits: RateLimitStorage,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly insights: InsightsService,
    private readonly newsletter: NewsletterService,
    private readonly reportPhotos: ReportPhotosService,
  ) {}

  onApplicationBootstrap(): void {
    // unref: the timer never keeps a stopping process alive.
    this.timer = setInterval(() => {
      this.prune().catch((error: Error) => this.logger.warn(`Pruning failed: ${error.message}`));
    }, EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async prune(): Promise<void> {
    await this.rateLimits.prune();
    await this.audit.prune(this.config.auditRetentionDays);
    await this.insights.prune();
    await this.newsletter.pruneUnconfirmed();
    await this.reportPhotos.pruneUploads();
  }
}
