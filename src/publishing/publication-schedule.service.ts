import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from 'src/common/clock';
import { Tag } from 'src/common/cache-tags';
import type { Changed } from 'src/page-cache/page-cache.service';
import { PageCacheService } from 'src/page-cache/page-cache.service';

/**
 * The earliest instant after now at which a scheduled article or review becomes visible: until then
 * nothing public changes by the clock alone. Both halves read the newest-first partial indexes (`WHERE
 * published`, on COALESCE(publishedAt, createdAt)) from `now` up, so each is one index probe.
 */
const NEXT_PUBLICATION_SQL = `
  SELECT LEAST(
    (SELECT MIN(COALESCE("publishedAt", "createdAt")) FROM "articles" WHERE "published" AND COALESCE("publishedAt", "createdAt") > $1),
    (SELECT MIN(COALESCE("publishedAt", "createdAt")) FROM "reviews" WHERE "published" AND COALESCE("publishedAt", "createdAt") > $1)
  ) AS "next"`;

const touchesPosts = (changed: Changed) => !changed || changed.includes(Tag.articles) || changed.includes(Tag.reviews);

/**
 * When the next scheduled post goes public, kept in memory and read again after every article or review
 * write heard from any process (the page cache's notifications) and once that moment has passed. It
 * bounds how long the page cache keeps an answer and the sitemap its build, so every process shows a
 * scheduled post from its moment on, without a restart.
 */
@Injectable()
export class PublicationSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('PublicationSchedule');
  /** The next moment (null: none scheduled), or undefined while it is not known. */
  private next: Date | null | undefined;
  private loading: Promise<Date | null> | null = null;
  /** Bumped by every write that may change the schedule: a read begun before one is not kept. */
  private version = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    pageCache: PageCacheService,
  ) {
    // Read again at once, so the writer's next render is kept (its answer waits for this); not while the
    // cache is off or shutting down: then the next sitemap build reads it when it needs it.
    pageCache.onChange((changed) => {
      if (!touchesPosts(changed)) return;
      this.forget();
      if (pageCache.active) return this.nextPublication().catch(() => undefined);
    });
    pageCache.limitLifetime(() => this.msUntilNext());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.nextPublication().catch((error: Error) => this.logger.warn(`could not read the publishing schedule: ${error.message}`));
  }

  /** The next moment a scheduled post goes public, or null when none is scheduled. */
  async nextPublication(): Promise<Date | null> {
    const known = this.next;
    if (known === null || (known && known.getTime() > this.clock.now().getTime())) return known;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * How long what is public now stays right, in ms (Infinity while nothing is scheduled), or null when
   * that is not known at this moment (a write was just heard, or the moment just passed).
   */
  msUntilNext(): number | null {
    const known = this.next;
    if (known === null) return Infinity;
    const left = known ? known.getTime() - this.clock.now().getTime() : 0;
    if (left > 0) return left;
    void this.nextPublication().catch(() => undefined);
    return null;
  }

  private forget(): void {
    this.next = undefined;
    this.version++;
  }

  private async load(): Promise<Date | null> {
    // A write heard while reading may have scheduled something sooner: read again until none was.
    for (;;) {
      const version = this.version;
      const rows: { next: Date | null }[] = await this.dataSource.query(NEXT_PUBLICATION_SQL, [this.clock.now()]);
      const next = rows[0]?.next ? new Date(rows[0].next) : null;
      if (version !== this.version) continue;
      this.next = next;
      return next;
    }
  }
}
