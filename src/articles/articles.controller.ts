import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminName } from 'src/admin-auth/admin-name.decorator';
import { AdminPostListQueryDto } from 'src/admin-auth/admin-list-query.dto';
import { adminSlice, PUBLIC_PAGE_SIZE, sendPageHeaders } from 'src/lists/admin-page';
import { AdminListOnRequest, AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/validation/id.pipe';
import { toArticleListItem, toArticleResponse } from './article.response';
import { ArticlesService } from './articles.service';
import { CreateArticleDto, UpdateArticleDto } from './dto/article-write.dto';
import { CacheTags, Invalidates, Tag, articleChanged } from 'src/common/cache-tags';

const id = idParam('Article id');

@CacheTags(Tag.articles)
@Invalidates(articleChanged)
@Controller('api')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('articles')
  @AdminListOnRequest()
  async list(@Query() { admin, status, q, video, ...slice }: AdminPostListQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    if (!admin) {
      // A page (the first PUBLIC_PAGE_SIZE unless `limit` says), counted, with a Link to the next (issue 31).
      const page = { limit: slice.limit ?? PUBLIC_PAGE_SIZE, offset: slice.offset ?? 0 };
      const [rows, total] = await this.articles.pagePublished(page);
      sendPageHeaders(request, response, total, page);
      return rows.map(toArticleListItem);
    }
    // The administrator's list, a page at a time (src/lists/admin-page.ts).
    const page = adminSlice(slice);
    const { rows, total } = await this.articles.adminPage({ status, q, video: video === 'true', ...page });
    sendPageHeaders(request, response, total, page);
    return rows.map(toArticleResponse);
  }

  @Get('articles/slug/:slug')
  async bySlug(@Param('slug') slug: string) {
    return toArticleResponse(await this.articles.findPublishedBySlug(slug));
  }

  @Post('articles')
  @AdminOnly()
  async create(@Body() dto: CreateArticleDto) {
    return toArticleResponse(await this.articles.create(dto));
  }

  @Patch('articles/:id')
  @AdminOnly()
  async update(@Param('id', id) articleId: number, @Body() dto: UpdateArticleDto, @AdminName() editor: string) {
    return toArticleResponse(await this.articles.update(articleId, dto, editor));
  }

  @Delete('articles/:id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', id) articleId: number): Promise<void> {
    await this.articles.remove(articleId);
  }
}
