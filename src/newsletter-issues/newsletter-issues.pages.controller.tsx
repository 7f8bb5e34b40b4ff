import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CacheTags, Tag } from 'src/common/cache-tags';
import { Html } from 'src/common/html.decorator';
import { RenderService } from 'src/render/render.service';
import { renderBody } from 'src/rich-text/render-body';
import { IssueIndexPage, IssueNotFoundPage, IssuePage } from 'views/pages/newsletter/IssueArchivePages';
import { IssueRenderer } from './issue-renderer';
import { NewsletterIssuesService } from './newsletter-issues.service';

/** The web archive: each sent issue at /newsletter/issues/{slug}, the index at /newsletter/issues. Not in RSS. */
@Controller('newsletter/issues')
// Dropped in every process when an issue finishes sending (issue-sender.ts).
// An issue's page shows its posts' current titles and images, and only while they are published: a post's edit drops it.
@CacheTags(Tag.newsletterIssues, Tag.articles, Tag.reviews)
export class NewsletterIssuesPagesController {
  constructor(
    private readonly issues: NewsletterIssuesService,
    private readonly renderer: IssueRenderer,
    private readonly render: RenderService,
  ) {}

  @Get()
  @Html()
  async index(): Promise<string> {
    const issues = await this.issues.archive();
    return this.render.page(
      {
        title: 'Newsletter archive',
        description: 'Every issue of the Australian Dive Guide newsletter: dive-site guides, gear reviews and safety tips.',
        path: '/newsletter/issues',
      },
      <IssueIndexPage
        issues={issues.map((issue) => ({
          subject: issue.subject,
          preheader: issue.preheader,
          path: `/newsletter/issues/${issue.slug}`,
          sentAt: issue.sentAt!.toISOString(),
        }))}
      />,
    );
  }

  @Get(':slug')
  @Html()
  async issue(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const issue = await this.issues.archived(slug);
    if (!issue) {
      response.status(404);
      return this.render.page(
        {
          title: 'Issue not found',
          description: 'This newsletter issue does not exist.',
          path: `/newsletter/issues/${encodeURIComponent(slug)}`,
          noindex: true,
        },
        <IssueNotFoundPage />,
      );
    }
    const cards = await this.renderer.cards(issue.posts);
    return this.render.page(
      { title: issue.subject, description: issue.preheader || issue.subject, path: `/newsletter/issues/${issue.slug}` },
      <IssuePage
        issue={{
          subject: issue.subject,
          preheader: issue.preheader,
          introHtml: issue.intro.trim() ? renderBody(issue.intro) : '',
          sentAt: issue.sentAt!.toISOString(),
          cards: cards.map((card) => ({
            key: `${card.type}-${card.id}`,
            title: card.title,
            excerpt: card.excerpt,
            url: card.url.replace(this.renderer.frame.siteUrl, '') || '/',
            imageUrl: card.imageUrl,
            label: card.type === 'review' ? 'Read the review' : 'Read the article',
          })),
        }}
      />,
    );
  }
}
