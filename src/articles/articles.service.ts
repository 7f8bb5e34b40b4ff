import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { RevisionListItem, RevisionResponse } from 'core/api/revisions';
import { ARTICLE_REQUIREMENTS } from 'core/publishing';
import { Repository } from 'typeorm';
import { assignDefined } from 'src/common/assign-defined';
import type { ListSlice } from 'src/lists/list-slice.dto';
import { Clock } from 'src/common/clock';
import type { Page } from 'src/lists/admin-page';
import { adminPostPage, type AdminPostFilter } from 'src/publishing/admin-post-page';
import { PublishingService, type PublishingRules } from 'src/publishing/publishing.service';
import { visibleAt } from 'src/publishing/visibility';
import { Article } from './article.entity';
import type { CreateArticleDto, UpdateArticleDto } from './dto/article-write.dto';

/** What a list of articles shows (SPEC section 7's list fields): never the body. */
const ARTICLE_LIST_COLUMNS = ['id', 'title', 'slug', 'excerpt', 'category', 'imageUrl', 'author', 'publishedAt', 'createdAt'] as const;

const ARTICLE_PUBLISHING: PublishingRules<Article> = {
  ...ARTICLE_REQUIREMENTS,
  slugTaken: 'An article with this URL slug already exists',
  revisions: { kind: 'article', fields: ['videoUrl', 'videoThumbnail'] },
};

@Injectable()
export class ArticlesService {
  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    private readonly publishing: PublishingService,
    private readonly clock: Clock,
  ) {}

  /**
   * Published articles whose publish date has come, newest first by publish date falling back to creation date, without their
   * bodies (the list fields only); optionally one category and a slice. The order is the one
   * IDX_articles_published_newest holds, so a slice reads only its own rows.
   */
  listPublished(options: { category?: string } & ListSlice = {}): Promise<Article[]> {
    return this.publishedQuery(options.category).limit(options.limit).offset(options.offset).getMany();
  }

  /** One page of the published articles and how many there are in all (for the page links). */
  pagePublished(options: { category?: string } & ListSlice): Promise<[Article[], number]> {
    return Promise.all([this.listPublished(options), this.publishedQuery(options.category).getCount()]);
  }

  private publishedQuery(category?: string) {
    const query = this.articles
      .createQueryBuilder('article')
      .select(ARTICLE_LIST_COLUMNS.map((column) => `article.${column}`))
      .orderBy('COALESCE(article.publishedAt, article.createdAt)', 'DESC')
      .addOrderBy('article.id', 'DESC');
    visibleAt(query, 'article', this.clock.now());
    if (category) query.andWhere('article.category = :category', { category });
    return query;
  }

  /**
   * Up to `limit` published articles to read next (issue 47): those of `siteSlugs` (linked from the same dive
   * site) first, then the newest of the same category; never the article itself. List fields only.
   */
  async related(article: Pick<Article, 'id' | 'category'>, siteSlugs: string[], limit = 3): Promise<Article[]> {
    const ofSite = siteSlugs.length
      ? await this.publishedQuery().andWhere('article.slug IN (:...siteSlugs) AND article.id <> :id', { siteSlugs, id: article.id }).limit(limit).getMany()
      : [];
    if (ofSite.length >= limit) return ofSite;
    const sameCategory = await this.publishedQuery(article.category)
      .andWhere('article.id <> :id', { id: article.id })
      .andWhere(ofSite.length ? 'article.id NOT IN (:...taken)' : 'TRUE', { taken: ofSite.map((other) => other.id) })
      .limit(limit - ofSite.length)
      .getMany();
    return [...ofSite, ...sameCategory];
  }

  /** One page of the administrator's list (drafts included) and how many match in all: src/publishing/admin-post-page.ts. */
  adminPage(filter: AdminPostFilter): Promise<Page<Article>> {
    return adminPostPage(this.articles, filter);
  }

  /** A published article whose publish date has come (a scheduled one is not found until then). */
  findPublishedBySlug(slug: string): Promise<Article> {
    return this.findVisible({ slug });
  }

  findPublishedById(id: number): Promise<Article> {
    return this.findVisible({ id });
  }

  private async findVisible(where: { slug: string } | { id: number }): Promise<Article> {
    const article = await visibleAt(this.articles.createQueryBuilder('article').where(where), 'article', this.clock.now()).getOne();
    if (!article) throw new NotFoundException('Article not found');
    return article;
  }

  async findById(id: number): Promise<Article> {
    const article = await this.articles.findOneBy({ id });
    if (!article) throw new NotFoundException('Article not found');
    return article;
  }

  async create(dto: CreateArticleDto): Promise<Article> {
    const article = this.articles.create({
      title: dto.title,
      content: dto.content ?? '',
      category: dto.category ?? '',
      imageUrl: dto.imageUrl ?? '',
      videoUrl: dto.videoUrl ?? null,
      videoThumbnail: dto.videoThumbnail ?? null,
      author: dto.author ?? undefined,
      published: dto.published ?? false,
    });
    return this.publishing.save(this.articles, article, dto, ARTICLE_PUBLISHING);
  }

  /** Applies the fields the body sent; the version it replaces is kept, credited to `editor`. */
  async update(id: number, dto: UpdateArticleDto, editor: string): Promise<Article> {
    const article = await this.findById(id);
    const { slug, excerpt, publishedAt, ...fields } = dto;
    assignDefined(article, fields as Partial<Article>);
    return this.publishing.save(this.articles, article, { slug, excerpt, publishedAt }, ARTICLE_PUBLISHING, editor);
  }

  async revisions(id: number): Promise<RevisionListItem<Date>[]> {
    return this.publishing.revisions(await this.findById(id), ARTICLE_PUBLISHING);
  }

  async revision(id: number, revisionId: number): Promise<RevisionResponse<Date>> {
    return this.publishing.revision(await this.findById(id), revisionId, ARTICLE_PUBLISHING);
  }

  async restore(id: number, revisionId: number, editor: string): Promise<Article> {
    return this.publishing.restore(this.articles, await this.findById(id), revisionId, ARTICLE_PUBLISHING, editor);
  }

  async remove(id: number): Promise<void> {
    const result = await this.articles.delete(id);
    if (!result.affected) throw new NotFoundException('Article not found');
  }
}
