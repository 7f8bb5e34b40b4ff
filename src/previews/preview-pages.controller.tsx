import { readingMinutes } from 'core/reading-time';
import { Controller, Get, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createElement, type ComponentType } from 'react';
import { PREVIEW_KINDS, previewPath, type PreviewKind } from 'core/api/previews';
import { formatDateTimeIn } from 'core/site-time';
import { isSessionExpired } from 'src/admin-auth/admin-session';
import { toArticleResponse } from 'src/articles/article.response';
import { ArticlesService } from 'src/articles/articles.service';
import { articlePath, presentArticle } from 'src/blog/blog.presenter';
import { Clock } from 'src/common/clock';
import { Html } from 'src/common/html.decorator';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSiteArticlesService } from 'src/dive-sites/dive-site-articles.service';
import { presentReview } from 'src/gear-reviews/gear-reviews.presenter';
import type { Publishable } from 'src/publishing/publishable.entity';
import type { PageView } from 'src/render/page-meta';
import { RenderService } from 'src/render/render.service';
import { toReviewResponse } from 'src/reviews/review.response';
import { ReviewsService } from 'src/reviews/reviews.service';
import { renderBody } from 'src/rich-text/render-body';
import { ArticlePage } from 'views/pages/blog/ArticlePage';
import { PreviewBanner, PreviewUnavailablePage } from 'views/pages/preview/PreviewBanner';
import { ReviewPage } from 'views/pages/reviews/ReviewPage';
import { ShareLinksService } from './share-links.service';

/** The longest share token read (`<id>.<expiry>.<signature>` is about 75 characters). */
const MAX_TOKEN_LENGTH = 200;

/**
 * `/preview/{articles|reviews}/{id}` (issue 32): a post as it will look once published, whatever its state,
 * for the signed-in administrator or anyone holding a live share link to it (`?share=`). Marked 'Preview',
 * `noindex`, never cached nor counted as a page view, and it sends no Referer (the link's token stays in
 * the address bar). Anyone else, and a post that is gone, gets the same 404, so a preview never tells
 * whether a draft exists.
 */
@ApiExcludeController()
@Controller('preview')
export class PreviewPagesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reviews: ReviewsService,
    private readonly diveSites: DiveSiteArticlesService,
    private readonly shareLinks: ShareLinksService,
    private readonly render: RenderService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':kind/:id')
  @Html()
  async preview(
    @Param('kind') kind: string,
    @Param('id') idText: string,
    @Query('share') share: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    response.setHeader('Referrer-Policy', 'no-referrer');
    const previewKind = (PREVIEW_KINDS as readonly string[]).includes(kind) ? (kind as PreviewKind) : null;
    const id = /^[1-9]\d{0,8}$/.test(idText) ? Number(idText) : null;
    const allowed =
      previewKind !== null &&
      id !== null &&
      (this.signedIn(request) || (typeof share === 'string' && share.length <= MAX_TOKEN_LENGTH && (await this.shareLinks.opens(previewKind, id, share))));
    const page = allowed ? await this.page(previewKind, id).catch(this.missing) : null;
    if (!page) {
      response.status(404);
      return this.render.page(
        { title: 'Preview not available', description: 'This preview link has expired or was withdrawn.', path: request.path, noindex: true },
        createElement(PreviewUnavailablePage),
      );
    }
    return page;
  }

  /** The post's page under the preview bar, at its preview address. */
  private async page(kind: PreviewKind, id: number): Promise<string> {
    if (kind === 'articles') {
      const article = toArticleResponse(await this.articles.findById(id));
      const diveSiteVideo = await this.diveSites.videoForArticle(articlePath(article.slug), article.slug);
      const bodyHtml = renderBody(article.content, { shown: [article.imageUrl] });
      // A draft's preview reads as its page will, without the posts to read next (they are chosen when it is published).
      const view = presentArticle({ article, bodyHtml, comments: [], diveSiteVideo, readingMinutes: readingMinutes(bodyHtml), related: [] }, this.render);
      return this.previewOf(kind, id, article, ArticlePage, view);
    }
    const review = toReviewResponse(await this.reviews.findById(id));
    const view = presentReview({ review, bodyHtml: renderBody(review.content), now: this.clock.now() }, this.render);
    return this.previewOf(kind, id, review, ReviewPage, view);
  }

  private previewOf<P extends object>(
    kind: PreviewKind,
    id: number,
    post: Pick<Publishable, 'published' | 'publishedAt'>,
    Page: ComponentType<P>,
    view: PageView<P>,
  ): string {
    const meta = { ...view.meta, title: `Preview: ${view.meta.title}`, path: previewPath(kind, id), noindex: true, jsonLd: [] };
    return this.render.page(meta, createElement('div', null, createElement(PreviewBanner, { state: this.state(post) }), createElement(Page, view.props)));
  }

  private state({ published, publishedAt }: Pick<Publishable, 'published' | 'publishedAt'>): string {
    if (!published) return 'Draft';
    if (publishedAt && publishedAt > this.clock.now()) return `Scheduled for ${formatDateTimeIn(publishedAt, this.config.siteTimezone)}`;
    return 'Published';
  }

  /** A session that the admin guard would let through (signed in, within its limits). */
  private signedIn(request: Request): boolean {
    const state = request.session?.admin;
    return Boolean(state && request.isAuthenticated?.() && !isSessionExpired(state, this.clock.now().getTime()));
  }

  private readonly missing = (error: unknown): null => {
    if (error instanceof NotFoundException) return null;
    throw error;
  };
}
