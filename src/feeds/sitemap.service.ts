import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Tag } from 'src/common/cache-tags';
import { PageCacheService } from 'src/page-cache/page-cache.service';
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
  '/affiliate-disclosure',
  '/privacy-policy',
  '/terms-of-service',
];
const CACHE_MS = 10 * 60 * 1000;

export interface BuiltSitemap extends Sitemaps {
  generatedAt: Date;
}

/**
 * /sitemap.xml: every public page, published article and review, and every dive site, with lastmod (a
 * sitemap index over /sitemap-N.xml past 50,000 URLs). Built on demand and kept for ten minutes, and
 * dropped as soon as content it lists changes (the page cache's `sitemap` tag, heard from every process),
 * so new content is listed on the next request; the administrator's 'Update Sitemap' rebuilds it at once.
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    pageCache: PageCacheService,
  ) {
    pageCache.onChange((changed) => {
      if (changed && !changed.includes(Tag.sitemap)) return;
      this.cached = null;
      this.version++;
    });
  }

  async sitemap(): Promise<BuiltSitemap> {
    if (this.cached && this.clock.now().getTime() - this.cached.generatedAt.getTime() < CACHE_MS) return this.cached;
    return this.regenerate();
  }

  async regenerate(): Promise<BuiltSitemap> {
    const version = this.version;
    const [articles, reviews, sites] = await Promise.all([
      this.articles.find({ select: { slug: true, updatedAt: true }, where: { published: true } }),
      this.reviews.find({ select: { slug: true, updatedAt: true }, where: { published: true } }),
      this.diveSites.find({ select: { id: true, updatedAt: true }, order: { id: 'ASC' } }),
    ]);
    const newest = [...articles, ...reviews, ...sites].reduce((max, row) => Math.max(max, row.updatedAt.getTime()), 0);
    const entries: SitemapEntry[] = [
      ...STATIC_PATHS.map((path) => ({ path, lastmod: newest ? new Date(newest) : null, priority: path === '/' ? '1.0' : '0.7' })),
      ...articles.map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.updatedAt, priority: '0.8' })),
      ...reviews.map((r) => ({ path: `/gear-reviews/${r.slug}`, lastmod: r.updatedAt, priority: '0.8' })),
      ...sites.map((s) => ({ path: `/dive-sites/${s.id}`, lastmod: s.updatedAt, priority: '0.6' })),
    ];
    const built = { ...buildSitemaps(entries, this.config.siteUrl), generatedAt: this.clock.now() };
    if (version === this.version) this.cached = built;
    return built;
  }
}
