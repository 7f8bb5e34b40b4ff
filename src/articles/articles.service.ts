import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from 'src/common/clock';
import { resolvePublishedAt } from 'src/common/publishing';
import { autoExcerpt } from 'core/text';
import { assignDefined, uniqueSlug } from 'src/common/unique-slug';
import { TEAM_NAME } from 'core/constants';
import { Article } from './article.entity';
import type { CreateArticleDto, UpdateArticleDto } from './dto/article-write.dto';

export const PUBLISH_REQUIREMENTS_MESSAGE = 'Please fill in all required fields to publish the article.';

@Injectable()
export class ArticlesService {
  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    private readonly clock: Clock,
  ) {}

  /** Published articles, newest first by publish date falling back to creation date. */
  listPublished(category?: string): Promise<Article[]> {
    const query = this.articles
      .createQueryBuilder('article')
      .where('article.published = true')
      .orderBy('COALESCE(article.publishedAt, article.createdAt)', 'DESC')
      .addOrderBy('article.id', 'DESC');
    if (category) query.andWhere('article.category = :category', { category });
    return query.getMany();
  }

  listAll(): Promise<Article[]> {
    return this.articles.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async findPublishedBySlug(slug: string): Promise<Article> {
    const article = await this.articles.findOneBy({ slug, published: true });
    if (!article) throw new NotFoundException('Article not found');
    return article;
  }

  async findPublishedById(id: number): Promise<Article> {
    const article = await this.articles.findOneBy({ id, published: true });
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
      author: dto.author || TEAM_NAME,
      published: dto.published ?? false,
    });
    article.slug = await this.slugFor(dto.slug ?? null, article.title, null);
    article.excerpt = dto.excerpt || autoExcerpt(article.content);
    article.publishedAt = resolvePublishedAt(article.published, dto.publishedAt, null, this.clock.now());
    this.assertPublishable(article);
    return this.articles.save(article);
  }

  async update(id: number, dto: UpdateArticleDto): Promise<Article> {
    const article = await this.articles.findOneBy({ id });
    if (!article) throw new NotFoundException('Article not found');
    const { slug, excerpt, publishedAt, ...fields } = dto;
    assignDefined(article, fields as Partial<Article>);
    if (dto.author === null) article.author = TEAM_NAME;
    if (slug !== undefined) article.slug = await this.slugFor(slug, article.title, article.id);
    if (excerpt !== undefined) article.excerpt = excerpt || autoExcerpt(article.content);
    article.publishedAt = resolvePublishedAt(article.published, publishedAt, article.publishedAt, this.clock.now());
    this.assertPublishable(article);
    return this.articles.save(article);
  }

  async remove(id: number): Promise<void> {
    const result = await this.articles.delete(id);
    if (!result.affected) throw new NotFoundException('Article not found');
  }

  /** SPEC section 5: publishing needs title, content, category and header image. */
  private assertPublishable(article: Article): void {
    if (!article.published) return;
    const missing = { title: !article.title, content: !article.content.trim(), category: !article.category, imageUrl: !article.imageUrl };
    const fields = Object.fromEntries(Object.entries(missing).filter(([, absent]) => absent).map(([name]) => [name, ['Required to publish']]));
    if (Object.keys(fields).length) throw new BadRequestException({ message: PUBLISH_REQUIREMENTS_MESSAGE, fields });
  }

  private slugFor(requested: string | null, title: string, ownId: number | null): Promise<string> {
    return uniqueSlug(this.articles, requested, title, ownId, 'An article with this URL slug already exists');
  }
}
