import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { create } from 'xmlbuilder2';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Review } from 'src/reviews/review.entity';

const STATIC_PATHS = ['/', '/blog', '/gear-reviews', '/dive-sites', '/learn-to-dive', '/about', '/contact', '/newsletter', '/affiliate-disclosure', '/privacy-policy', '/terms-of-service'];
const CACHE_MS = 10 * 60 * 1000;

/**
 * /sitemap.xml: every public page, published article and review, and every dive site, with lastmod.
 * Built on demand and kept for ten minutes; the administrator's 'Update Sitemap' rebuilds it at once.
 */
@Injectable()
export class SitemapService {
  private cached: { xml: string; generatedAt: Date } | null = null;

  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    @InjectRepository(DiveSite) private readonly diveSites: Repository<DiveSite>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async sitemap(): Promise<{ xml: string; generatedAt: Date }> {
    if (this.cached && this.clock.now().getTime() - this.cached.generatedAt.getTime() < CACHE_MS) return this.cached;
    return this.regenerate();
  }

  async regenerate(): Promise<{ xml: string; generatedAt: Date }> {
    const [articles, reviews, sites] = await Promise.all([
      this.articles.find({ select: { slug: true, updatedAt: true }, where: { published: true } }),
      this.reviews.find({ select: { slug: true, updatedAt: true }, where: { published: true } }),
      this.diveSites.find({ select: { id: true, updatedAt: true }, order: { id: 'ASC' } }),
    ]);
    const newest = [...articles, ...reviews, ...sites].reduce((max, row) => Math.max(max, row.updatedAt.getTime()), 0);
    const entries: { path: string; lastmod: Date | null; priority: string }[] = [
      ...STATIC_PATHS.map((path) => ({ path, lastmod: newest ? new Date(newest) : null, priority: path === '/' ? '1.0' : '0.7' })),
      ...articles.map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.updatedAt, priority: '0.8' })),
      ...reviews.map((r) => ({ path: `/gear-reviews/${r.slug}`, lastmod: r.updatedAt, priority: '0.8' })),
      ...sites.map((s) => ({ path: `/dive-sites/${s.id}`, lastmod: s.updatedAt, priority: '0.6' })),
    ];
    const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
    for (const entry of entries) {
      const url = root.ele('url');
      url.ele('loc').txt(`${this.config.siteUrl}${entry.path}`);
      if (entry.lastmod) url.ele('lastmod').txt(entry.lastmod.toISOString());
      url.ele('priority').txt(entry.priority);
    }
    this.cached = { xml: root.end({ prettyPrint: true }), generatedAt: this.clock.now() };
    return this.cached;
  }
}
