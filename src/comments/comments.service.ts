import { keptCounts } from 'src/lists/kept-counts';
import { likePattern, type Page } from 'src/lists/admin-page';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ArticlesService } from 'src/articles/articles.service';
import { Comment } from './comment.entity';
import type { CreateCommentDto } from './dto/create-comment.dto';

export type CommentFilter = 'all' | 'pending' | 'approved';

@Injectable()
export class CommentsService {
  constructor(
    @InjectRepository(Comment) private readonly comments: Repository<Comment>,
    private readonly articles: ArticlesService,
  ) {}

  async listForArticle(articleId: number): Promise<Comment[]> {
    await this.articles.findPublishedById(articleId);
    return this.comments.find({ where: { articleId, approved: true }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async create(articleId: number, dto: CreateCommentDto, ipAddress: string): Promise<Comment> {
    if (dto.website) throw new BadRequestException('Comment rejected');
    await this.articles.findPublishedById(articleId);
    // Comments are visible as soon as they are posted (SPEC section 2); the administrator deletes abuse.
    // One INSERT is atomic by itself: no BEGIN and COMMIT around it (two round trips fewer per comment).
    return this.comments.save(
      this.comments.create({ articleId, name: dto.name, content: dto.content, email: dto.email?.toLowerCase() ?? null, ipAddress, approved: true }),
      { transaction: false },
    );
  }

  /**
   * One page of the comments, newest first, each with its article's id, title and slug (never the article's
   * body), and how many match in all.
   */
  async pageForAdmin(filter: CommentFilter, q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<Comment>> {
    const query = this.comments
      .createQueryBuilder('comment')
      .leftJoin('comment.article', 'article')
      .addSelect(['article.id', 'article.title', 'article.slug'])
      .orderBy('comment.createdAt', 'DESC')
      .addOrderBy('comment.id', 'DESC');
    if (filter !== 'all') query.where('comment.approved = :approved', { approved: filter === 'approved' });
    if (q) query.andWhere('(comment.name ILIKE :q OR comment.email ILIKE :q OR comment.content ILIKE :q)', { q: likePattern(q) });
    const [rows, total] = await Promise.all([query.clone().limit(slice.limit).offset(slice.offset).getMany(), q ? query.getCount() : this.keptTotal(filter)]);
    return { rows, total };
  }

  /** How many comments a filter shows, unsearched: from the kept totals (src/lists/kept-counts.ts), not a count of every comment. */
  private async keptTotal(filter: CommentFilter): Promise<number> {
    const kept = await keptCounts(this.comments, ['comments', 'comments:approved']);
    if (filter === 'approved') return kept['comments:approved'];
    return filter === 'pending' ? kept.comments - kept['comments:approved'] : kept.comments;
  }

  async remove(id: number): Promise<void> {
    const result = await this.comments.delete(id);
    if (!result.affected) throw new NotFoundException('Comment not found');
  }
}
