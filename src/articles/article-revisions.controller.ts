import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminName } from 'src/admin-auth/admin-name.decorator';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { articleChanged, Invalidates } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { toArticleResponse } from './article.response';
import { ArticlesService } from './articles.service';

const id = idParam('Article id');
const revisionId = idParam('Revision id');

/** An article's stored versions, for the editor: list, read one, restore one (a restore is an edit). */
@Controller('api/admin/articles/:id/revisions')
export class ArticleRevisionsController {
  constructor(private readonly articles: ArticlesService) {}

  @Get()
  @AdminOnly()
  list(@Param('id', id) articleId: number) {
    return this.articles.revisions(articleId);
  }

  @Get(':revisionId')
  @AdminOnly()
  one(@Param('id', id) articleId: number, @Param('revisionId', revisionId) revision: number) {
    return this.articles.revision(articleId, revision);
  }

  @Post(':revisionId/restore')
  @AdminOnly({ action: 'restore_article_revision' })
  @HttpCode(200)
  @Invalidates(articleChanged)
  async restore(@Param('id', id) articleId: number, @Param('revisionId', revisionId) revision: number, @AdminName() editor: string) {
    return toArticleResponse(await this.articles.restore(articleId, revision, editor));
  }
}
