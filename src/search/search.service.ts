import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, Repository, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { correctedWords, suggestedWords } from 'src/dive-sites/search-words';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { HUMAN_ORDER } from 'src/dive-sites/dive-site-sql';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { anySiteText } from 'src/dive-sites/dive-site-text';
import { Product } from 'src/products/product.entity';
import { visibleAt } from 'src/publishing/visibility';
import { Review } from 'src/reviews/review.entity';
import { SEARCH_COUNT_CAP, SEARCH_MAX_PER_TYPE, SEARCH_MIN_LENGTH, type SearchCounts, type SearchResult } from 'core/search';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A type's matches are counted up to one past the cap: SEARCH_COUNT_CAP + 1 stands for more. */
const COUNT_UP_TO = SEARCH_COUNT_CAP + 1;

/** How far down a post type's newest-first index the first results of a common term are looked for. */
const NEWEST_WALK = 1000;

/** A post's date in the order of its newest-first index (IDX_*_published_newest), on the alias `alias`. */
const newestOf = (alias: string) => `COALESCE(${alias}."publishedAt", ${alias}."createdAt")`;

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

/** A search's first results and counts; `corrected`, the words a misspelt term was read as; `suggestions`, for a term that found nothing. */
export interface SearchAnswer {
  results: SearchResult[];
  counts: SearchCounts;
  corrected?: string;
  suggestions?: string[];
}

/**
 * The header's global search (SPEC section 5): a case-insensitive substring match on the fields SPEC
 * names, at most 3 results per type, drafts and scheduled posts never included. One query per type, each limited in SQL.
 */
@Injectable()
export class SearchService {
  /**
   * Each post type's first results (their ids, newest first) and capped count for the words searched, under the
   * posts' search revision and the next scheduled post's time (postStamp): the same words find the same posts
   * until a post is written or a scheduled one comes out (issue 46: 'wreck' checked 101 reviews' full text, 404
   * buffers at 100x, on every search).
   */
  private readonly keptPosts = new LRUCache<string, { ids: number[]; count: number }>({ max: 1000 });

  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @InjectRepository(DiveSite) private readonly diveSites: Repository<DiveSite>,
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly clock: Clock,
    private readonly dataSource: DataSource,
    private readonly siteSearch: DiveSitesService,
  ) {}

  async search(raw: string): Promise<SearchResult[]> {
    return (await this.searchWithCounts(raw)).results;
  }

  /**
   * The first results of each type and how many of each there are in all. Dive sites are found as
   * /dive-sites?search= finds them (name, description, region, marine life; then without accents, word by
   * word, or a misspelt name: src/dive-sites/dive-site-text.ts), so the count is the list 'See all' opens.
   */
  async searchWithCounts(raw: string): Promise<SearchAnswer> {
    const term = raw.trim();
    if (term.length < SEARCH_MIN_LENGTH) return { results: [], counts: { article: 0, 'dive-site': 0, product: 0, review: 0 } };
    // The sites as /dive-sites?search= finds them: the ids kept under the sites' revision (DiveSitesService.searchMatch,
    // in the list's order), which the list 'See all' opens and the site search API read too; their first few and their
    // number, capped as the other types' (issue 46: counting them again in SQL read 635 rows' text for 'wreck' at 100x).
    const siteMatch = this.siteSearch.searchMatch(term).then(({ ids, corrected }) => ({
      ids: ids.slice(0, SEARCH_MAX_PER_TYPE),
      total: Math.min(ids.length, COUNT_UP_TO),
      corrected,
    }));
    const found = await this.find([term], siteMatch);
    // Found as written. The sites correct themselves: when the others find the term as written, the sites a
    // correction found are not shown; when only those were found, the others are corrected too.
    if (found.corrected && found.results.some((result) => result.type !== 'dive-site')) {
      return { results: found.results.filter((result) => result.type !== 'dive-site'), counts: { ...found.counts, 'dive-site': 0 } };
    }
    if (found.results.length > 0 && !found.corrected) return found;
    // Issue 47: a term that finds nothing is read word by word, in any order, each misspelt word as the
    // closest word the site knows ('dive computr': 'dive computers'); failing that, the closest words are
    // offered ('Did you mean ...').
    const corrected = await correctedWords(this.dataSource, term, (word) => anySiteText(this.dataSource, word));
    const words = corrected.map(({ word }) => word);
    const correctedTerm = words.join(' ');
    if (words.length > 0 && (words.length > 1 || correctedTerm !== term.toLowerCase())) {
      // The sites' own answer is the same (they correct themselves): read once, not again.
      const again = await this.find(words, siteMatch);
      if (again.results.length > 0) return correctedTerm === term.toLowerCase() ? again : { ...again, corrected: correctedTerm };
    }
    return { ...found, suggestions: await suggestedWords(this.dataSource, term) };
  }

  /**
   * The first results of each type and how many of each: the sites as the dive-site search finds `term`
   * (with its own tolerant steps), the other types holding `words` (one: the term as written; several: each
   * word somewhere in the post's text).
   */
  private async find(words: string[], siteMatch: Promise<{ ids: number[]; total: number; corrected?: string }>): Promise<SearchAnswer> {
    const likes = Object.fromEntries(words.map((word, index) => [`like${index}`, `%${escapeLike(word)}%`]));
    const now = this.clock.now();
    const fieldByField = (alias: string, fields: string[], like: string) => `(${fields.map((field) => `${alias}."${field}" ILIKE :${like}`).join(' OR ')})`;
    const everyWord = (condition: (like: string) => string) => words.map((_, index) => condition(`like${index}`)).join(' AND ');
    const matching = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, fields: string[]) =>
      query.andWhere(
        everyWord((like) => fieldByField(alias, fields, like)),
        likes,
      );
    // A post type's fields joined, as its trigram index holds them; a term holding the separator could match
    // across two fields of the joined text, so it is searched field by field.
    const matchingText = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, text: { fields: string[]; sql: string }) =>
      query.andWhere(
        everyWord((like) => (words.some((word) => word.includes(SEPARATOR)) ? fieldByField(alias, text.fields, like) : `${text.sql} ILIKE :${like}`)),
        likes,
      );
    const stamp = await this.postStamp(now);
    const kept = (type: 'article' | 'review') => `${type}\n${stamp}\n${JSON.stringify(words)}`;
    const firstAndCount = async <T extends ObjectLiteral>(query: SelectQueryBuilder<T>) => {
      const count = await countUpTo(query);
      return [await query.limit(SEARCH_MAX_PER_TYPE).getMany(), count] as const;
    };

    // The sites' count and first few (one count and one short page whenever the text as written finds any).
    const [[articles, articleCount], sites, [products, productCount], [reviews, reviewCount], siteCount] = await Promise.all([
      this.keptMatching(kept('article'), this.articles, 'a', (query) => matchingText(query, 'a', SEARCHED_TEXT.article('a')), now),
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
      this.keptMatching(kept('review'), this.reviews, 'r', (query) => matchingText(query, 'r', SEARCHED_TEXT.review('r')), now),
      siteMatch.then(({ total }) => total),
    ]);
    const { corrected } = await siteMatch;
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
    return corrected ? { results, counts, corrected } : { results, counts };
  }

  /**
   * What the posts' search answers depend on besides the words: the posts' search revision (moved by triggers on
   * any write to their searched text, publication or dates: migrations/17999640000000-PostSearchRevision.ts) and
   * when the next scheduled article and review come out (each one row from its newest-first index).
   */
  private async postStamp(now: Date): Promise<string> {
    const next = (table: string) =>
      `(SELECT min(COALESCE("publishedAt", "createdAt")) FROM "${table}" WHERE "published" AND COALESCE("publishedAt", "createdAt") > $1)`;
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT "revision" FROM "post_search_revision") AS "revision", ${next('articles')} AS "article", ${next('reviews')} AS "review"`,
      [now],
    )) as { revision: string; article: Date | null; review: Date | null }[];
    return `${row.revision}|${row.article?.toISOString() ?? ''}|${row.review?.toISOString() ?? ''}`;
  }

  /** newestMatching's answer, kept under `key` (the type, postStamp and the words): a repeated search reads its few posts by id. */
  private async keptMatching<T extends Article | Review>(
    key: string,
    repository: Repository<T>,
    alias: string,
    matching: (query: SelectQueryBuilder<T>) => SelectQueryBuilder<T>,
    now: Date,
  ): Promise<readonly [T[], number]> {
    const kept = this.keptPosts.get(key);
    if (kept) {
      if (kept.ids.length === 0) return [[], kept.count];
      const rows = await visibleAt(repository.createQueryBuilder(alias), alias, now).andWhereInIds(kept.ids).getMany();
      const rank = new Map(kept.ids.map((id, index) => [id, index]));
      return [rows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!), kept.count];
    }
    const [rows, count] = await this.newestMatching(repository, alias, matching, now);
    this.keptPosts.set(key, { ids: rows.map((row) => row.id), count });
    return [rows, count];
  }

  /**
   * The newest SEARCH_MAX_PER_TYPE visible posts of a type that `matching` finds, and how many it finds (up to
   * COUNT_UP_TO). A term few posts hold: the trigram index finds them all and the few are sorted. A common one
   * (past the cap): its newest matches lie near the top of the newest-first index, so that is walked (at most
   * NEWEST_WALK posts) checking each post's text, instead of the trigram index handing over every match to be
   * checked and sorted (a review's text holds its whole content: 'wreck' at 100x checked 1,428 reviews, 35 ms).
   */
  private async newestMatching<T extends Article | Review>(
    repository: Repository<T>,
    alias: string,
    matching: (query: SelectQueryBuilder<T>) => SelectQueryBuilder<T>,
    now: Date,
  ): Promise<readonly [T[], number]> {
    const newest = newestOf(alias);
    const visible = () => visibleAt(repository.createQueryBuilder(alias), alias, now);
    const found = matching(visible());
    const count = await countUpTo(found);
    if (count > SEARCH_COUNT_CAP) {
      const ids = (await newestWalk(this.dataSource, repository, alias, matching, now).getRawMany<{ id: number }>()).map(({ id }) => id);
      if (ids.length === SEARCH_MAX_PER_TYPE) return [await visible().whereInIds(ids).orderBy(newest, 'DESC').getMany(), count];
    }
    return [await found.orderBy(newest, 'DESC').limit(SEARCH_MAX_PER_TYPE).getMany(), count];
  }
}

/**
 * The ids of the newest SEARCH_MAX_PER_TYPE visible posts `matching` finds among the newest NEWEST_WALK: those
 * read in the order of the newest-first index, their text checked one by one until enough are found.
 */
export function newestWalk<T extends Article | Review>(
  dataSource: DataSource,
  repository: Repository<T>,
  alias: string,
  matching: (query: SelectQueryBuilder<T>) => SelectQueryBuilder<T>,
  now: Date,
): SelectQueryBuilder<T> {
  const newest = newestOf(alias);
  const window = visibleAt(repository.createQueryBuilder(alias), alias, now).select('*').addSelect(newest, 'newest').orderBy(newest, 'DESC').limit(NEWEST_WALK);
  return matching(dataSource.createQueryBuilder().select(`${alias}.id`, 'id').from(`(${window.getQuery()})`, alias))
    .setParameters(window.getParameters())
    .orderBy(`${alias}.newest`, 'DESC')
    .limit(SEARCH_MAX_PER_TYPE);
}

/** How many rows `query` finds, reading no more than COUNT_UP_TO of them. */
async function countUpTo<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Promise<number> {
  return (await query.clone().select('1', 'found').orderBy().limit(COUNT_UP_TO).getRawMany()).length;
}
