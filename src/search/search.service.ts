import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { HUMAN_ORDER } from 'src/dive-sites/dive-sites.service';
import { firstMatchingSiteIds } from 'src/dive-sites/dive-site-text';
import { Product } from 'src/products/product.entity';
import { visibleAt } from 'src/publishing/visibility';
import { Review } from 'src/reviews/review.entity';
import { SEARCH_MAX_PER_TYPE, SEARCH_MIN_LENGTH, type SearchCounts, type SearchResult } from 'core/search';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The unit separator (U+001F) that joins a type's fields in its trigram index. */
const SEPARATOR = '\u001f';

/**
 * The fields each post type is searched on, joined by the separator in the order its trigram index holds
 * them (migrations/1797700000002-SearchTextIndexes.ts): the expression on the alias `alias`.
 */
export const SEARCHED_TEXT = {
  article: (alias: string) => joined(alias, ['title', 'excerpt', 'category']),
  review: (alias: string) => joined(alias, ['title', 'category', 'excerpt', 'content']),
};
function joined(alias: string, fields: string[]) {
  return { fields, sql: `(${fields.map((field) => `${alias}."${field}"`).join(` || E'\\x1f' || `)})` };
}

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
    return (await this.searchWithCounts(raw)).results;
  }

  /**
   * The first results of each type and how many of each there are in all. Dive sites are found as
   * /dive-sites?search= finds them (name, description, region, marine life; then without accents, word by
   * word, or a misspelt name: src/dive-sites/dive-site-text.ts), so the count is the list 'See all' opens.
   */
  async searchWithCounts(raw: string): Promise<{ results: SearchResult[]; counts: SearchCounts }> {
    const term = raw.trim();
    if (term.length < SEARCH_MIN_LENGTH) return { results: [], counts: { article: 0, 'dive-site': 0, product: 0, review: 0 } };
    const like = `%${escapeLike(term)}%`;
    const now = this.clock.now();
    const fieldByField = (alias: string, fields: string[]) => `(${fields.map((field) => `${alias}."${field}" ILIKE :like`).join(' OR ')})`;
    const matching = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, fields: string[]) =>
      query.andWhere(fieldByField(alias, fields), { like });
    // A post type's fields joined, as its trigram index holds them; a term holding the separator could match
    // across two fields of the joined text, so it is searched field by field.
    const matchingText = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, text: { fields: string[]; sql: string }) =>
      query.andWhere(term.includes(SEPARATOR) ? fieldByField(alias, text.fields) : `${text.sql} ILIKE :like`, { like });
    const firstAndCount = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>) =>
      Promise.all([query.clone().limit(SEARCH_MAX_PER_TYPE).getMany(), query.getCount()]);

    // The sites' count and first few (one count and one short page whenever the text as written finds any).
    const siteMatch = firstMatchingSiteIds(this.diveSites, term, HUMAN_ORDER, SEARCH_MAX_PER_TYPE);
    const [[articles, articleCount], sites, [products, productCount], [reviews, reviewCount], siteCount] = await Promise.all([
      firstAndCount(
        matchingText(visibleAt(this.articles.createQueryBuilder('a'), 'a', now), 'a', SEARCHED_TEXT.article('a')).orderBy(
          'COALESCE(a."publishedAt", a."createdAt")',
          'DESC',
        ),
      ),
      siteMatch.then(({ ids }) =>
        ids.length
          ? this.diveSites
              .createQueryBuilder('d')
              .where('d.id IN (:...ids)', { ids })
              .orderBy(`d.name ${HUMAN_ORDER}`, 'ASC')
              .addOrderBy('d.id', 'ASC')
              .getMany()
          : [],
      ),
      firstAndCount(
        matching(this.products.createQueryBuilder('p').where('p.published = true'), 'p', ['name', 'category', 'description']).orderBy(
          `p.name ${HUMAN_ORDER}`,
          'ASC',
        ),
      ),
      firstAndCount(
        matchingText(visibleAt(this.reviews.createQueryBuilder('r'), 'r', now), 'r', SEARCHED_TEXT.review('r')).orderBy(
          'COALESCE(r."publishedAt", r."createdAt")',
          'DESC',
        ),
      ),
      siteMatch.then(({ total }) => total),
    ]);
    const counts: SearchCounts = { article: articleCount, 'dive-site': siteCount, product: productCount, review: reviewCount };

    const results = [
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
    return { results, counts };
  }
}
