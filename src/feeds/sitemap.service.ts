import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { NewsletterIssue } from 'src/newsletter-issues/newsletter-issue.entity';
import { Tag } from 'src/common/cache-tags';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { PublicationSchedule } from 'src/publishing/publication-schedule.service';
import { visibleAt } from 'src/publishing/visibility';
import { Review } from 'src/reviews/review.entity';
import { buildSitemaps, type SitemapEntry, type Sitemaps } from './sitemap-builder';

const STATIC_PATHS = [
  '/',
  '/blog',
  '/gear-reviews',
  '/dive-sites',
  '/learn-to-dive',
  '/about',
  '/contact',
  '/newsletter',
  '/newsletter/issues',
  '/affiliate-disclosure',
  '/privacy-policy',
  '/terms-of-service',
];
const CACHE_MS = 10 * 60 * 1000;

export interface BuiltSitemap extends Sitemaps {
  generatedAt: Date;
  /** When it must be built again at the latest: ten minutes on, or sooner when a scheduled post goes public. */
  expiresAt: Date;
}

/**
 * /sitemap.xml: every public page, published article and review, and every dive site, with lastmod (a
 * sitemap index over /sitemap-N.xml past 50,000 URLs). Built on demand and kept for ten minutes, and
 * dropped as soon as content it lists changes (the page cache's `sitemap` tag, heard from every process),
 * so new content is listed on the next request, and when a scheduled post's moment comes (each process
 * reads that from the publication schedule); the administrator's 'Update Sitemap' rebuilds it at once.
 */
@Injectable()
export class SitemapService {
  private cached: BuiltSitemap | null = null;
  /** Bumped by every change that drops the sitemap: a build that began before one is not kept. */
  private version = 0;

  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    @InjectRepository(DiveSite) private readonly diveSites: Repository<DiveSite>,
    @InjectRepository(NewsletterIssue) private readonly issues: Repository<NewsletterIssue>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly schedule: PublicationSchedule,
    pageCache: PageCacheService,
  ) {
    pageCache.onChange((changed) => {
      if (changed && !changed.includes(Tag.sitemap)) return;
      this.cached = null;
      this.version++;
    });
  }

  async sitemap(): Promise<BuiltSitemap> {
    if (this.cached && this.clock.now().getTime() < this.cached.expiresAt.getTime()) return this.cached;
    return this.regenerate();
  }

  async regenerate(): Promise<BuiltSitemap> {
    const version = this.version;
    const now = this.clock.now();
    const [articles, reviews, sites, next, issues] = await Promise.all([
      visibleAt(this.articles.createQueryBuilder('article').select(['article.slug', 'article.updatedAt']), 'article', now).getMany(),
      visibleAt(this.reviews.createQueryBuilder('review').select(['review.slug', 'review.updatedAt']), 'review', now).getMany(),
      this.diveSites.find({ select: { id: true, updatedAt: true }, order: { id: 'ASC' } }),
      this.schedule.nextPublication(),
      // The newsletter's web archive: each sent issue.
      this.issues.find({ select: { slug: true, sentAt: true }, where: { status: 'sent' }, order: { id: 'ASC' } }),
    ]);
    const newest = [...articles, ...reviews, ...sites].reduce((max, row) => Math.max(max, row.updatedAt.getTime()), 0);
    const entries: SitemapEntry[] = [
      ...STATIC_PATHS.map((path) => ({ path, lastmod: newest ? new Date(newest) : null, priority: path === '/' ? '1.0' : '0.7' })),
      ...articles.map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.updatedAt, priority: '0.8' })),
      ...reviews.map((r) => ({ path: `/gear-reviews/${r.slug}`, lastmod: r.updatedAt, priority: '0.8' })),
      ...sites.map((s) => ({ path: `/dive-sites/${s.id}`, lastmod: s.updatedAt, priority: '0.6' })),
      ...issues.map((issue) => ({ path: `/newsletter/issues/${issue.slug}`, lastmod: issue.sentAt, priority: '0.5' })),
    ];
    const expiresAt = new Date(Math.min(now.getTime() + CACHE_MS, next?.getTime() ?? Infinity));
    const built = { ...buildSitemaps(entries, this.config.siteUrl), generatedAt: now, expiresAt };
    if (version === this.version) this.cached = built;
    return built;
  }
}
