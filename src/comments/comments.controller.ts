import { PublicForm } from 'src/forms/public-form';
import { Body, Controller, Delete, Get, HttpCode, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { clientIp } from 'src/http/client-ip';
import { idParam } from 'src/validation/id.pipe';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { toAdminComment, toPublicComment } from './comment.response';
import { CommentsService } from './comments.service';
import { CommentFilterQueryDto } from './dto/comment-filter-query.dto';
import { CreateCommentDto } from './dto/create-comment.dto';
import { byId, CacheTags, Invalidates, Tag } from 'src/common/cache-tags';

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('api/articles/:id/comments')
  @CacheTags(byId(Tag.comments), Tag.allComments)
  async list(@Param('id', idParam('Article id')) articleId: number) {
    return (await this.comments.listForArticle(articleId)).map(toPublicComment);
  }

  @PublicForm('api/articles/:id/comments', 'forms/articles/:id/comments')
  @RateLimit('comment')
  @Invalidates(byId(Tag.comments))
  async create(@Param('id', idParam('Article id')) articleId: number, @Body() dto: CreateCommentDto, @Req() request: Request) {
    return toPublicComment(await this.comments.create(articleId, dto, clientIp(request)));
  }

  @Get('api/admin/comments')
  @AdminOnly()
  async listForAdmin(@Query() { filter = 'all', q, ...slice }: CommentFilterQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = adminSlice(slice);
    const { rows, total } = await this.comments.pageForAdmin(filter, q, page);
    sendPageHeaders(request, response, total, page);
    return rows.map(toAdminComment);
  }

  @Delete('api/admin/comments/:id')
  @AdminOnly()
  @Invalidates(Tag.allComments)
  @HttpCode(204)
  async remove(@Param('id', idParam('Comment id')) id: number): Promise<void> {
    await this.comments.remove(id);
  }
}
