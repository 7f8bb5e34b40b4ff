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
