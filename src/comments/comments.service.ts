import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ArticlesService } from 'src/articles/articles.service';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';
import { Comment } from './comment.entity';
import type { CreateCommentDto } from './dto/create-comment.dto';

export const COMMENT_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 };
export type CommentFilter = 'all' | 'pending' | 'approved';

@Injectable()
export class CommentsService {
  constructor(
    @InjectRepository(Comment) private readonly comments: Repository<Comment>,
    private readonly articles: ArticlesService,
    private readonly rateLimits: RateLimitService,
  ) {}

  async listForArticle(articleId: number): Promise<Comment[]> {
    await this.articles.findPublishedById(articleId);
    return this.comments.find({ where: { articleId, approved: true }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async create(articleId: number, dto: CreateCommentDto, ipAddress: string): Promise<Comment> {
    if (dto.website) throw new BadRequestException('Comment rejected');
    await this.articles.findPublishedById(articleId);
    await this.rateLimits.consume(
      `comment:${ipAddress}`,
      COMMENT_LIMIT.count,
      COMMENT_LIMIT.windowMs,
      'Too many comments from your network. Please wait a few minutes and try again.',
    );
    // Comments are visible as soon as they are posted (SPEC section 2); the administrator deletes abuse.
    return this.comments.save(
      this.comments.create({ articleId, name: dto.name, content: dto.content, email: dto.email?.toLowerCase() ?? null, ipAddress, approved: true }),
    );
  }

  listForAdmin(filter: CommentFilter): Promise<Comment[]> {
    return this.comments.find({
      where: filter === 'all' ? {} : { approved: filter === 'approved' },
      relations: { article: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  async remove(id: number): Promise<void> {
    const result = await this.comments.delete(id);
    if (!result.affected) throw new NotFoundException('Comment not found');
  }
}
