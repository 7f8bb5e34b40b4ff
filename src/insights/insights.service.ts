import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { InsightDay, InsightLink, InsightPage, InsightPeriod, InsightSource, InsightsReport } from 'core/api/insights';
import { OUTBOUND_KINDS, type OutboundKind } from 'core/outbound';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { NO_SOURCE, type ClickSource } from './click-source';
import { siteDay, visitorHash, visitorKey, visitorNetwork } from './counting';

/** A visitor's repeat clicks on one link within this many seconds count once. */
export const REPEAT_CLICK_SECONDS = 60;
/** How many pages each 'top' list shows. */
const TOP = 10;

/** A stored affiliate URL the site may send a reader to: http or https only, never anything else. */
function safeDestination(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const DAY_MS = 86_400_000;

/** Clicks on purchase links, and the Insights report (issue 32). */
@Injectable()
export class InsightsService {
  private readonly key: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = visitorKey(config.sessionSecret);
  }

  /**
   * The affiliate URL of a published review (by slug) or product (by id); 404 for anything else, so
   * `/go/` only ever sends a reader to a URL the administrator stored.
   */
  async destination(kind: string, slug: string): Promise<{ kind: OutboundKind; slug: string; url: string }> {
    const now = this.clock.now();
    let link: string | null = null;
    if (kind === 'review') {
      const rows: { link: string }[] = await this.dataSource.query(
        `SELECT "purchaseLink" AS link FROM reviews WHERE slug = $1 AND published = true AND COALESCE("publishedAt", "createdAt") <= $2`,
        [slug, now],
      );
      link = rows[0]?.link ?? null;
    } else if (kind === 'product' && /^\d{1,9}$/.test(slug)) {
      const rows: { link: string }[] = await this.dataSource.query(`SELECT "affiliateLink" AS link FROM products WHERE id = $1 AND published = true`, [
        Number(slug),
      ]);
      link = rows[0]?.link ?? null;
    }
    const url = safeDestination(link);
    if (!url || !(OUTBOUND_KINDS as readonly string[]).includes(kind)) throw new NotFoundException('Link not found');
    return { kind: kind as OutboundKind, slug: kind === 'product' ? String(Number(slug)) : slug, url };
  }

  /**
   * Counts one click of a visitor (an IPv6 address by its /64) on a link, in one statement: the day's keyed visitor hash is noted (or
   * its time moved on when its last counted click is a minute old), and only then the day's count goes up,
   * and with it the count by the click's source (issue 44 item 6): the review page it was made on and the
   * issue that brought the reader, each kept only when it exists (a published review, an issue that was sent).
   */
  async countClick(kind: OutboundKind, slug: string, address: string, source: ClickSource = NO_SOURCE): Promise<void> {
    const now = this.clock.now();
    const day = siteDay(now, this.config.siteTimezone);
    await this.dataSource.query(
      `WITH seen AS (
         INSERT INTO click_visitors (visitor, kind, slug, day, "countedAt") VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (visitor, kind, slug) DO UPDATE SET "countedAt" = EXCLUDED."countedAt", day = EXCLUDED.day
           WHERE click_visitors."countedAt" <= EXCLUDED."countedAt" - make_interval(secs => $6)
         RETURNING 1
       ), counted AS (
         INSERT INTO link_clicks (day, kind, slug, clicks) SELECT $4, $2, $3, 1 FROM seen
         ON CONFLICT (day, kind, slug) DO UPDATE SET clicks = link_clicks.clicks + 1
         RETURNING 1
       )
       INSERT INTO purchase_click_sources (day, kind, slug, review, "issueId", clicks)
       SELECT $4, $2, $3,
              COALESCE((SELECT r.slug FROM reviews r WHERE r.slug = $7 AND r.published), ''),
              COALESCE((SELECT i.id FROM newsletter_issues i WHERE i.id = $8 AND i.status IN ('sending', 'sent')), 0),
              1
         FROM counted
       ON CONFLICT (day, kind, slug, review, "issueId") DO UPDATE SET clicks = purchase_click_sources.clicks + 1`,
      [visitorHash(this.key, visitorNetwork(address), day), kind, slug, day, now, REPEAT_CLICK_SECONDS, source.review, source.issueId],
    );
  }

  /** Deletes the visitor hashes of past days (the housekeeping runs it). */
  async prune(): Promise<void> {
    await this.dataSource.query(`DELETE FROM click_visitors WHERE day < $1`, [siteDay(this.clock.now(), this.config.siteTimezone)]);
  }

  /** The last `days` days (today included): totals, a series per day, the top pages and every clicked link. */
  async report(days: InsightPeriod): Promise<InsightsReport> {
    const now = this.clock.now();
    const to = siteDay(now, this.config.siteTimezone);
    const dayList: string[] = [];
    const last = new Date(`${to}T12:00:00Z`).getTime();
    for (let i = days - 1; i >= 0; i--) dayList.push(new Date(last - i * DAY_MS).toISOString().slice(0, 10));
    const from = dayList[0];
    const range = [from, to];

    const [viewRows, clickRows, articles, reviews, sites, links, sources] = await Promise.all([
      this.dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(views)::int AS n FROM page_views WHERE day BETWEEN $1 AND $2 GROUP BY day`, range),
      this.dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(clicks)::int AS n FROM link_clicks WHERE day BETWEEN $1 AND $2 GROUP BY day`, range),
      this.topPages(`SELECT title, '/blog/' || slug AS path FROM articles`, range),
      this.topPages(`SELECT title, '/gear-reviews/' || slug AS path FROM reviews`, range),
      this.topPages(`SELECT name AS title, '/dive-sites/' || id AS path FROM dive_sites`, range),
      this.links(range),
      this.sources(range),
    ]);
    const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((row) => [row.day, row.n]));
    const views = byDay(viewRows as { day: string; n: number }[]);
    const clicks = byDay(clickRows as { day: string; n: number }[]);
    const daily: InsightDay[] = dayList.map((day) => ({ day, views: views.get(day) ?? 0, clicks: clicks.get(day) ?? 0 }));
    return {
      days,
      from,
      to,
      totals: { views: daily.reduce((sum, d) => sum + d.views, 0), clicks: daily.reduce((sum, d) => sum + d.clicks, 0) },
      daily,
      topArticles: articles,
      topReviews: reviews,
      topDiveSites: sites,
      links,
      sources,
    };
  }

  /** The period's purchase-link clicks by their link, the review page they were made on and the issue that brought the reader. */
  private async sources(range: string[]): Promise<InsightSource[]> {
    const rows: {
      kind: 'review' | 'product';
      slug: string;
      title: string | null;
      review: string;
      reviewTitle: string | null;
      issueId: number;
      subject: string | null;
      clicks: number;
      lastDay: string;
    }[] = await this.dataSource.query(
      `SELECT s.kind, s.slug, COALESCE(lr.title, p.name) AS title, s.review, sr.title AS "reviewTitle", s."issueId", i.subject,
              SUM(s.clicks)::int AS clicks, to_char(MAX(s.day), 'YYYY-MM-DD') AS "lastDay"
         FROM purchase_click_sources s
         LEFT JOIN reviews lr ON s.kind = 'review' AND lr.slug = s.slug
         LEFT JOIN products p ON s.kind = 'product' AND p.id::text = s.slug
         LEFT JOIN reviews sr ON s.review <> '' AND sr.slug = s.review
         LEFT JOIN newsletter_issues i ON s."issueId" <> 0 AND i.id = s."issueId"
        WHERE s.day BETWEEN $1 AND $2
        GROUP BY s.kind, s.slug, lr.title, p.name, s.review, sr.title, s."issueId", i.subject
        ORDER BY clicks DESC, MAX(s.day) DESC, title
        LIMIT 100`,
      range,
    );
    return rows.map((row) => ({
      kind: row.kind,
      slug: row.slug,
      title: row.title ?? row.slug,
      review: row.review && row.reviewTitle ? { slug: row.review, title: row.reviewTitle } : null,
      issue: row.issueId && row.subject ? { id: row.issueId, subject: row.subject } : null,
      clicks: row.clicks,
      lastDay: row.lastDay,
    }));
  }

  private async topPages(pages: string, range: string[]): Promise<InsightPage[]> {
    const rows: { title: string; path: string; views: number }[] = await this.dataSource.query(
      `WITH pages AS (${pages})
       SELECT pages.title, pages.path, SUM(v.views)::int AS views
       FROM page_views v JOIN pages ON pages.path = v.path
       WHERE v.day BETWEEN $1 AND $2
       GROUP BY pages.title, pages.path ORDER BY views DESC, pages.title LIMIT ${TOP}`,
      range,
    );
    return rows;
  }

  /** Every review and product with a click in the period, or a review with views: clicks, views and the rate. */
  private async links(range: string[]): Promise<InsightLink[]> {
    const rows: { kind: 'review' | 'product'; slug: string; title: string; clicks: number; views: number | null }[] = await this.dataSource.query(
      `WITH clicks AS (
         SELECT kind, slug, SUM(clicks)::int AS clicks FROM link_clicks WHERE day BETWEEN $1 AND $2 GROUP BY kind, slug
       ), views AS (
         SELECT path, SUM(views)::int AS views FROM page_views WHERE day BETWEEN $1 AND $2 AND path LIKE '/gear-reviews/%' GROUP BY path
       )
       SELECT 'review' AS kind, r.slug, r.title, COALESCE(c.clicks, 0) AS clicks, COALESCE(v.views, 0) AS views
       FROM reviews r
       LEFT JOIN clicks c ON c.kind = 'review' AND c.slug = r.slug
       LEFT JOIN views v ON v.path = '/gear-reviews/' || r.slug
       WHERE c.clicks IS NOT NULL OR v.views IS NOT NULL
       UNION ALL
       SELECT 'product', c.slug, p.name, c.clicks, NULL
       FROM clicks c JOIN products p ON c.kind = 'product' AND p.id::text = c.slug
       ORDER BY clicks DESC, title`,
      range,
    );
    return rows.map((row) => ({
      ...row,
      clickThroughRate: row.views ? Math.round((row.clicks / row.views) * 10_000) / 10_000 : null,
    }));
  }
}
