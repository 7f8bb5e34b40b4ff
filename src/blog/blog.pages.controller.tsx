import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { Repository } from 'typeorm';
import { toPublicComment } from 'src/comments/comment.response';
import { CommentsService } from 'src/comments/comments.service';
import { Html } from 'src/common/html.decorator';
import { metaDescription } from 'core/text';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { RenderService } from 'src/render/render.service';
import { renderBody } from 'src/rich-text/render-body';
import { breadcrumbJsonLd } from 'views/components/Breadcrumbs';
import { ArticleNotFoundPage, ArticlePage } from 'views/pages/blog/ArticlePage';
import { BlogListPage } from 'views/pages/blog/BlogListPage';
import { PUBLIC_ARTICLE_CATEGORIES } from 'core/categories';
import { toArticleListItem, toArticleResponse } from 'src/articles/article.response';
import { ArticlesService } from 'src/articles/articles.service';
import { isDatabaseUnavailable } from 'src/common/database-errors';
import { CacheTags, Tag, tagAnswer } from 'src/common/cache-tags';
import { LIST_PAGE_SIZE, pageLinks, pagePath, requestedPage } from 'src/common/pagination';

@Controller('blog')
export class BlogPagesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly comments: CommentsService,
    private readonly render: RenderService,
    @InjectRepository(DiveSite) private readonly diveSites: Repository<DiveSite>,
  ) {}

  @Get()
  @Html()
  @CacheTags(Tag.articles)
  async list(@Query('category') categoryParam?: string, @Query('page') pageParam?: unknown): Promise<string> {
    const category = (PUBLIC_ARTICLE_CATEGORIES as readonly string[]).includes(categoryParam ?? '') ? categoryParam! : null;
    const page = requestedPage(pageParam);
    const [[articles, total], newest] = await Promise.all([
      this.articles.pagePublished({ category: category ?? undefined, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
      // The hero's latest article is the first of the unfiltered first page; elsewhere it is read alone.
      category || page > 1 ? this.articles.listPublished({ limit: 1 }) : null,
    ]);
    const latest = (newest ?? articles)[0] ?? null;
    const links = pageLinks('/blog', { category }, page, total);
    return this.render.page(
      {
        title: `${category ? `${category} Articles` : 'Diving News & Articles'}${page > 1 ? ` - Page ${page}` : ''}`,
        description: 'News, dive-site guides, safety advice, tips and marine life stories from Australian and Pacific diving, written by divers for divers.',
        path: pagePath('/blog', { category }, page),
        previousPath: links.previous,
        nextPath: links.next,
        image: latest?.imageUrl,
      },
      <BlogListPage
        latest={latest ? toArticleListItem(latest) : null}
        articles={articles.map(toArticleListItem)}
        categories={PUBLIC_ARTICLE_CATEGORIES}
        category={category}
        pages={links}
      />,
    );
  }

  @Get(':slug')
  @Html()
  // The dive-site video shown under the article comes from the sites.
  @CacheTags(Tag.diveSites)
  async article(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const found = await this.articles.findPublishedBySlug(slug).catch((error: unknown) => {
      // A database outage is a 503, not a missing page (which search engines would drop).
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    });
    if (!found) {
      response.status(404);
      return this.render.page(
        { title: 'Article Not Found', description: "The article you're looking for doesn't exist.", path: `/blog/${slug}`, noindex: true },
        <ArticleNotFoundPage />,
      );
    }
    const article = toArticleResponse(found);
    tagAnswer(response, Tag.article(article.id), Tag.comments(article.id), Tag.allComments);
    const path = `/blog/${article.slug}`;
    const [comments, site] = await Promise.all([
      this.comments.listForArticle(article.id),
      // SPEC section 7: the dive-site video found through the review-url lookup.
      this.diveSites
        .createQueryBuilder('site')
        .select(['site.name', 'site.videoUrl'])
        .where('site.videoUrl IS NOT NULL AND (site.reviewLink = :path OR site.blogSlug = :slug)', { path, slug: article.slug })
        .orderBy('site.id')
        .getOne(),
    ]);
    const breadcrumbs = [
      { label: 'Home', href: '/' },
      { label: 'News', href: '/blog' },
      { label: article.title, href: path },
    ];
    const description = metaDescription(article.excerpt, article.content);
    const published = (article.publishedAt ?? article.createdAt).toISOString();
    return this.render.page(
      {
        title: article.title,
        description,
        path,
        image: article.imageUrl,
        type: 'article',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Article',
            headline: article.title,
            description,
            image: [this.render.absoluteUrl(article.imageUrl)],
            datePublished: published,
            dateModified: article.updatedAt.toISOString(),
            author: { '@type': 'Organization', name: article.author },
            publisher: {
              '@type': 'Organization',
              name: this.render.siteName,
              logo: { '@type': 'ImageObject', url: this.render.absoluteUrl('/media/favicon.svg') },
            },
            mainEntityOfPage: this.render.absoluteUrl(path),
            articleSection: article.category,
          },
          breadcrumbJsonLd(breadcrumbs, (p) => this.render.absoluteUrl(p)),
        ],
      },
      <ArticlePage
        article={article}
        bodyHtml={renderBody(article.content)}
        comments={comments.map(toPublicComment)}
        diveSiteVideo={site?.videoUrl ? { name: site.name, videoUrl: site.videoUrl } : null}
        breadcrumbs={breadcrumbs}
      />,
    );
  }
}
