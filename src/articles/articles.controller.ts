import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminName } from 'src/admin-auth/admin-name.decorator';
import { AdminListSliceQueryDto } from 'src/admin-auth/admin-list-query.dto';
import { AdminListOnRequest, AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/common/id.pipe';
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
  async list(@Query() { admin, ...slice }: AdminListSliceQueryDto) {
    return admin ? (await this.articles.listAll(slice)).map(toArticleResponse) : (await this.articles.listPublished(slice)).map(toArticleListItem);
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
