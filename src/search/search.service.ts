import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { HUMAN_ORDER } from 'src/dive-sites/dive-sites.service';
import { Product } from 'src/products/product.entity';
import { visibleAt } from 'src/publishing/visibility';
import { Review } from 'src/reviews/review.entity';
import { SEARCH_MAX_PER_TYPE, SEARCH_MIN_LENGTH, type SearchResult } from 'core/search';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The header's global search (SPEC section 5): a case-insensitive substring match on the fields SPEC
 * names, at most 3 results per type, drafts and scheduled posts never included. One query per type, each limited in SQL.
 */
@Injectable()
export class SearchService {
  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @InjectRepository(DiveSite) private readonly diveSites: Repository<DiveSite>,
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly clock: Clock,
  ) {}

  async search(raw: string): Promise<SearchResult[]> {
    const term = raw.trim();
    if (term.length < SEARCH_MIN_LENGTH) return [];
    const like = `%${escapeLike(term)}%`;
    const now = this.clock.now();
    const matching = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, fields: string[]) =>
      query.andWhere(`(${fields.map((field) => `${alias}."${field}" ILIKE :like`).join(' OR ')})`, { like }).limit(SEARCH_MAX_PER_TYPE);

    const [articles, sites, products, reviews] = await Promise.all([
      matching(visibleAt(this.articles.createQueryBuilder('a'), 'a', now), 'a', ['title', 'excerpt', 'category'])
        .orderBy('COALESCE(a."publishedAt", a."createdAt")', 'DESC')
        .getMany(),
      matching(this.diveSites.createQueryBuilder('d').where('true'), 'd', ['name', 'region', 'description']).orderBy(`d.name ${HUMAN_ORDER}`, 'ASC').getMany(),
      matching(this.products.createQueryBuilder('p').where('p.published = true'), 'p', ['name', 'category', 'description'])
        .orderBy(`p.name ${HUMAN_ORDER}`, 'ASC')
        .getMany(),
      matching(visibleAt(this.reviews.createQueryBuilder('r'), 'r', now), 'r', ['title', 'category', 'excerpt', 'content'])
        .orderBy('COALESCE(r."publishedAt", r."createdAt")', 'DESC')
        .getMany(),
    ]);

    return [
      ...articles.map((a): SearchResult => ({
        type: 'article',
        id: a.id,
        title: a.title,
        excerpt: a.excerpt,
        category: a.category,
        link: `/blog/${a.slug}`,
        image: a.imageUrl,
      })),
      ...sites.map((d): SearchResult => ({
        type: 'dive-site',
        id: d.id,
        title: d.name,
        excerpt: d.description,
        category: d.region,
        link: `/dive-sites/${d.id}`,
        image: d.imageUrl,
      })),
      ...products.map((p): SearchResult => ({
        type: 'product',
        id: p.id,
        title: p.name,
        excerpt: p.description,
        category: p.category,
        link: `/gear-reviews?search=${encodeURIComponent(p.name)}`,
        image: p.imageUrl,
      })),
      ...reviews.map((r): SearchResult => ({
        type: 'review',
        id: r.id,
        title: r.title,
        excerpt: r.excerpt,
        category: r.category,
        link: `/gear-reviews/${r.slug}`,
        image: r.imageUrl,
      })),
    ];
  }
}
