import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { MailService } from 'src/mail/mail.service';
import { UNSUBSCRIBE_MARK, type MailTemplate } from 'src/mail/mail-template';
import type { ComposedMail } from 'src/mail/outgoing-mail';
import { NewsletterService } from 'src/newsletter/newsletter.service';
import type { Subscriber } from 'src/newsletter/subscriber.entity';
import { visibleAt, visibleSql } from 'src/publishing/visibility';
import { Review } from 'src/reviews/review.entity';
import { MAX_ID } from 'src/validation/id.pipe';
import { renderIssueEmail, type IssueCard, type RenderedIssue } from './issue-email';
import { linkCollector, linkRewriter, type LinkTracker } from './issue-links';
import { NewsletterIssue, type IssuePostRef } from './newsletter-issue.entity';

/** How many of the latest posts an issue offers when none are chosen. */
export const DEFAULT_POST_COUNT = 4;

/** An issue rendered and composed once, with marks where each subscriber's own address and links go. */
export interface PreparedIssue {
  issueId: number;
  template: MailTemplate;
}

/** Renders issues: their cards from the chosen posts, the email, and each subscriber's copy of it. */
@Injectable()
export class IssueRenderer {
  private readonly prepared = new Map<number, { updatedAt: number; issue: PreparedIssue }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(NewsletterIssue) private readonly issues: Repository<NewsletterIssue>,
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  get frame() {
    return { siteName: this.config.siteName, siteUrl: this.config.siteUrl };
  }

  archiveUrl(issue: NewsletterIssue): string {
    return `${this.config.siteUrl}/newsletter/issues/${issue.slug}`;
  }

  /** The latest articles and reviews the public can see, newest first. */
  async latestPosts(count = DEFAULT_POST_COUNT): Promise<IssuePostRef[]> {
    const now = this.clock.now();
    const newest = <T extends Article | Review>(repository: Repository<T>, alias: string) =>
      visibleAt(repository.createQueryBuilder(alias), alias, now)
        .select([`${alias}.id`, `${alias}.publishedAt`, `${alias}.createdAt`])
        .orderBy(`COALESCE("${alias}"."publishedAt", "${alias}"."createdAt")`, 'DESC')
        .limit(count)
        .getMany();
    const [articles, reviews] = await Promise.all([newest<Article>(this.articles, 'article'), newest<Review>(this.reviews, 'review')]);
    const at = (post: { publishedAt: Date | null; createdAt: Date }) => (post.publishedAt ?? post.createdAt).getTime();
    return [
      ...articles.map((post) => ({ type: 'article' as const, id: post.id, at: at(post) })),
      ...reviews.map((post) => ({ type: 'review' as const, id: post.id, at: at(post) })),
    ]
      .sort((a, b) => b.at - a.at)
      .slice(0, count)
      .map(({ type, id }) => ({ type, id }));
  }

  /**
   * The chosen posts as cards, in the issue's order. Only what the public can see right now: a post deleted,
   * unpublished or scheduled since it was chosen is left out (the archive, a preview, the send), so no draft's
   * title, excerpt or image ever leaves the site through an issue.
   */
  async cards(posts: IssuePostRef[]): Promise<IssueCard[]> {
    const ids = (type: IssuePostRef['type']) => posts.filter((post) => post.type === type).map((post) => post.id);
    const now = this.clock.now();
    const visible = <T extends Article | Review>(repository: Repository<T>, alias: string, wanted: number[]) =>
      wanted.length ? visibleAt(repository.createQueryBuilder(alias).where(`${alias}.id IN (:...wanted)`, { wanted }), alias, now).getMany() : [];
    const [articles, reviews] = await Promise.all([
      visible<Article>(this.articles, 'article', ids('article')),
      visible<Review>(this.reviews, 'review', ids('review')),
    ]);
    const absolute = (url: string) => (url && url.startsWith('/') ? `${this.config.siteUrl}${url}` : url || null);
    return posts.flatMap((ref): IssueCard[] => {
      const post = ref.type === 'article' ? articles.find((a) => a.id === ref.id) : reviews.find((r) => r.id === ref.id);
      if (!post) return [];
      const path = ref.type === 'article' ? `/blog/${post.slug}` : `/gear-reviews/${post.slug}`;
      return [
        { type: ref.type, id: post.id, title: post.title, excerpt: post.excerpt, url: `${this.config.siteUrl}${path}`, imageUrl: absolute(post.imageUrl) },
      ];
    });
  }

  /**
   * The posts of `refs` that exist, each with its title and whether the public can see it now (not a draft,
   * nor scheduled for later). An id past PostgreSQL's integer range names no post (never a query error).
   */
  async chosenPosts(refs: IssuePostRef[]): Promise<(IssuePostRef & { title: string; visible: boolean })[]> {
    const ids = (type: IssuePostRef['type']) => refs.filter((post) => post.type === type && post.id <= MAX_ID).map((post) => post.id);
    const now = this.clock.now();
    const found = <T extends Article | Review>(repository: Repository<T>, alias: string, wanted: number[]) =>
      wanted.length
        ? repository
            .createQueryBuilder(alias)
            .select(`"${alias}"."id"`, 'id')
            .addSelect(`"${alias}"."title"`, 'title')
            .addSelect(visibleSql(alias), 'visible')
            .where(`"${alias}"."id" IN (:...wanted)`, { wanted, visibleNow: now })
            .getRawMany<{ id: number; title: string; visible: boolean }>()
        : Promise.resolve([]);
    const [articles, reviews] = await Promise.all([
      found<Article>(this.articles, 'article', ids('article')),
      found<Review>(this.reviews, 'review', ids('review')),
    ]);
    return [...articles.map((post) => ({ type: 'article' as const, ...post })), ...reviews.map((post) => ({ type: 'review' as const, ...post }))];
  }

  /**
   * The issue as an email for `unsubscribeUrl` (a preview, a test, the archive: its links go straight to
   * their pages, and a test's clicks count nothing), its links through `track` (the send's counted redirect).
   */
  async render(issue: NewsletterIssue, unsubscribeUrl?: string, track?: LinkTracker): Promise<RenderedIssue> {
    return renderIssueEmail(
      { ...this.frame, unsubscribeUrl },
      { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, cards: await this.cards(issue.posts), archiveUrl: this.archiveUrl(issue) },
      track,
    );
  }

  /**
   * The issue as sent (issue 44 item 6): its links are noted as the issue's (newsletter_issue_links, each
   * once, so a second render for the same send finds the same ids) and each goes through the site's
   * counted redirect, `/r/{issueId}/{linkId}`.
   */
  async renderForSend(issue: NewsletterIssue, unsubscribeUrl: string): Promise<RenderedIssue> {
    const collector = linkCollector(this.config.siteUrl);
    await this.render(issue, unsubscribeUrl, collector.track);
    const ids = new Map<string, number>();
    if (collector.links.size) {
      const urls = [...collector.links.keys()];
      const rows: { id: number; url: string }[] = await this.issues.manager.query(
        `INSERT INTO "newsletter_issue_links" ("issueId", "url", "label")
         SELECT $1, u.url, u.label FROM unnest($2::varchar[], $3::varchar[]) AS u(url, label)
         ON CONFLICT ("issueId", "url") DO UPDATE SET "label" = EXCLUDED."label"
         RETURNING "id", "url"`,
        [issue.id, urls, urls.map((url) => collector.links.get(url)!)],
      );
      for (const row of rows) ids.set(row.url, row.id);
    }
    return this.render(issue, unsubscribeUrl, linkRewriter(this.config.siteUrl, issue.id, ids));
  }

  /** The issue rendered once for its send (again only after it changed); null when it is gone. */
  async prepare(issueId: number): Promise<PreparedIssue | null> {
    const issue = await this.issues.findOneBy({ id: issueId });
    if (!issue) return null;
    const kept = this.prepared.get(issueId);
    if (kept && kept.updatedAt === issue.updatedAt.getTime()) return kept.issue;
    const rendered = await this.renderForSend(issue, UNSUBSCRIBE_MARK);
    const prepared = { issueId, template: await this.mail.template({ ...rendered, listUnsubscribe: true }) };
    this.prepared.set(issueId, { updatedAt: issue.updatedAt.getTime(), issue: prepared });
    if (this.prepared.size > 8) this.prepared.delete(this.prepared.keys().next().value!);
    return prepared;
  }

  /**
   * One subscriber's copy: their own unsubscribe link in the text, the HTML and the List-Unsubscribe header,
   * and the delivery's own Message-ID (the same if it is ever sent again).
   */
  async copyFor(prepared: PreparedIssue, deliveryId: string, email: string, unsubscribeToken: string): Promise<ComposedMail> {
    // The link names the issue: an unsubscribe through it is one this issue caused (its figures).
    const unsubscribeUrl = `${this.newsletter.unsubscribeUrl({ unsubscribeToken } as Subscriber)}&issue=${prepared.issueId}`;
    const messageId = `<issue-${prepared.issueId}.delivery-${deliveryId}@${this.host}>`;
    return { to: email, raw: await prepared.template.fill({ to: email, unsubscribeUrl, messageId }) };
  }

  private get host(): string {
    return new URL(this.config.siteUrl).hostname;
  }
}
