import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { readingMinutes } from 'core/reading-time';
import { toArticleListItem, toArticleResponse } from 'src/articles/article.response';
import { ArticlesService } from 'src/articles/articles.service';
import { toPublicComment } from 'src/comments/comment.response';
import { CommentsService } from 'src/comments/comments.service';
import { CacheTags, Tag, tagAnswer } from 'src/common/cache-tags';
import { nullUnlessUnavailable } from 'src/errors/database-errors';
import { Html } from 'src/common/html.decorator';
import { PageQueryOf } from 'src/lists/page-query';
import { LIST_PAGE_SIZE, pageLinks } from 'src/lists/pagination';
import { DiveSiteArticlesService } from 'src/dive-sites/dive-site-articles.service';
import { pageNumber } from 'src/publishing/publication-pages';
import { RenderService } from 'src/render/render.service';
import { renderBody } from 'src/rich-text/render-body';
import { ArticleNotFoundPage, ArticlePage } from 'views/pages/blog/ArticlePage';
import { BlogListPage } from 'views/pages/blog/BlogListPage';
import { articlePath, presentArticle, presentArticleNotFound, presentBlogList } from './blog.presenter';
import { BlogListQuery } from './blog.query';

@Controller('blog')
export class BlogPagesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly comments: CommentsService,
    private readonly diveSites: DiveSiteArticlesService,
    private readonly render: RenderService,
  ) {}

  @Get()
  @Html()
  @CacheTags(Tag.articles)
  async list(@PageQueryOf(BlogListQuery) query: BlogListQuery): Promise<string> {
    const category = query.category ?? null;
    const page = pageNumber(query);
    const [[articles, total], newest] = await Promise.all([
      this.articles.pagePublished({ category: query.category, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
      // The hero's latest article is the first of the unfiltered first page; elsewhere it is read alone.
      category || page > 1 ? this.articles.listPublished({ limit: 1 }) : null,
    ]);
    const links = pageLinks('/blog', { category }, page, total);
    return this.render.view(BlogListPage, presentBlogList({ articles, latest: (newest ?? articles)[0] ?? null, category, links }));
  }

  @Get(':slug')
  @Html()
  // The dive-site video shown under the article comes from the sites.
  @CacheTags(Tag.diveSites)
  async article(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const found = await nullUnlessUnavailable(this.articles.findPublishedBySlug(slug));
    if (!found) {
      response.status(404);
      return this.render.view(ArticleNotFoundPage, presentArticleNotFound(slug));
    }
    const article = toArticleResponse(found);
    tagAnswer(response, Tag.article(article.id), Tag.comments(article.id), Tag.allComments);
    const [comments, diveSiteVideo, related] = await Promise.all([
      this.comments.listForArticle(article.id),
      this.diveSites.videoForArticle(articlePath(article.slug), article.slug),
      // What to read next: other articles of the same dive site, then of the same category.
      this.diveSites.articlesLinkedWith(articlePath(article.slug), article.slug).then((slugs) => this.articles.related(found, slugs)),
    ]);
    // An edit (or unpublishing) of a post it recommends drops the page; an edit of any other article keeps it.
    tagAnswer(response, ...related.map((post) => Tag.article(post.id)));
    const bodyHtml = renderBody(article.content, { shown: [article.imageUrl] });
    const data = {
      article,
      bodyHtml,
      comments: comments.map(toPublicComment),
      diveSiteVideo,
      readingMinutes: readingMinutes(bodyHtml),
      related: related.map(toArticleListItem),
    };
    return this.render.view(ArticlePage, presentArticle(data, this.render));
  }
}
