import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DiveSite } from './dive-site.entity';

/**
 * Which dive site goes with which article (SPEC section 7): the video under an article, the posts of the
 * same site, the hero of /gear-reviews, the site of a review link. Read by the blog, the previews and the
 * gear-review pages, and GET /api/dive-sites/by-review-url.
 */
@Injectable()
export class DiveSiteArticlesService {
  constructor(@InjectRepository(DiveSite) private readonly sites: Repository<DiveSite>) {}

  /** SPEC section 7: the dive-site video shown under the article at `path` (blog slug `slug`), as the review-url lookup finds it. */
  async videoForArticle(path: string, slug: string): Promise<{ name: string; videoUrl: string } | null> {
    const site = await this.sites
      .createQueryBuilder('site')
      .select(['site.name', 'site.videoUrl'])
      .where('site.videoUrl IS NOT NULL AND (site.reviewLink = :path OR site.blogSlug = :slug)', { path, slug })
      .orderBy('site.id')
      .getOne();
    return site?.videoUrl ? { name: site.name, videoUrl: site.videoUrl } : null;
  }

  /**
   * The slugs of the other articles the sites linking to this one (by their blog article or review link) also
   * link to: an article's related posts of the same dive site (issue 47).
   */
  async articlesLinkedWith(path: string, slug: string): Promise<string[]> {
    const rows = await this.sites
      .createQueryBuilder('site')
      .select(['site.blogSlug', 'site.reviewLink'])
      .where('site.reviewLink = :path OR site.blogSlug = :slug', { path, slug })
      .orderBy('site.id')
      .limit(20)
      .getMany();
    const slugs = rows.flatMap((site) => [site.blogSlug, /^\/blog\/([^/?#]+)$/.exec(site.reviewLink ?? '')?.[1] ?? null]);
    return [...new Set(slugs.filter((other): other is string => !!other && other !== slug))];
  }

  /** A random featured site that has a blog article (the hero of /gear-reviews, SPEC section 2): one row read. */
  randomFeaturedWithArticle(): Promise<Pick<DiveSite, 'id' | 'name' | 'region' | 'imageUrl' | 'blogSlug'> | null> {
    return this.sites
      .createQueryBuilder('site')
      .select(['site.id', 'site.name', 'site.region', 'site.imageUrl', 'site.blogSlug'])
      .where('site.featured = true AND site.blogSlug IS NOT NULL')
      .orderBy('RANDOM()')
      .limit(1)
      .getOne();
  }

  /**
   * SPEC section 7: the site whose review is at `url` (a blog path such as /blog/julian-rocks, or a full
   * URL of this site), by its review link or its blog article; a site with a video first.
   */
  async byReviewUrl(url: string): Promise<DiveSite> {
    let path = url.trim();
    try {
      if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
    } catch {
      /* not a URL: compared as given */
    }
    path = path.replace(/\/+$/, '') || '/';
    const slug = path.match(/^\/blog\/([^/]+)$/)?.[1] ?? null;
    const site = await this.sites
      .createQueryBuilder('site')
      .where('(site.reviewLink = :url OR site.reviewLink = :path OR site.blogSlug = :slug)', { url: url.trim(), path, slug })
      .orderBy('CASE WHEN site.videoUrl IS NULL THEN 1 ELSE 0 END', 'ASC')
      .addOrderBy('site.id', 'ASC')
      .limit(1)
      .getOne();
    if (!site) throw new NotFoundException('No dive site has a review at this URL');
    return site;
  }
}
