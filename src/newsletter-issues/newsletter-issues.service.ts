import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { slugFromTitle } from 'core/text';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { JobQueue } from 'src/job-queue/job-queue.service';
import { MailService } from 'src/mail/mail.service';
import type { CreateIssueDto, IssuePostDto, UpdateIssueDto } from './dto/issue-write.dto';
import { IssueRenderer } from './issue-renderer';
import { IssueSender } from './issue-sender';
import { NewsletterIssue, type IssuePostRef } from './newsletter-issue.entity';

/** The queue of send jobs: `{ issueId }`, each sending for a while and handing the rest on. */
export const SEND_QUEUE = 'newsletter-send';
/** The queue of scheduled starts: `{ issueId, at }`, run at the scheduled time. */
export const START_QUEUE = 'newsletter-start';

export interface IssueCounts {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Subscribers of this issue who unsubscribed after it was sent to them (through any email's link, or by the administrator). */
  unsubscribedSince: number;
  /** Subscribers who unsubscribed through this issue's own email (its link names the issue): the unsubscribes it caused. */
  unsubscribes: number;
}

export interface IssueFailure {
  email: string;
  error: string | null;
}

const NOT_EDITABLE = 'Only a draft or a scheduled issue can be changed';

/**
 * Newsletter issues: drafts, schedules, sends (the deliveries queued with one INSERT ... SELECT, which
 * never brings the subscribers into memory), the report, and the test message.
 */
@Injectable()
export class NewsletterIssuesService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Newsletter');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(NewsletterIssue) private readonly issues: Repository<NewsletterIssue>,
    private readonly renderer: IssueRenderer,
    private readonly sender: IssueSender,
    private readonly mail: MailService,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    // A job that dies with its process is retried by pg-boss once it expires; the deliveries it held are
    // queued again the moment its connections closed.
    this.queue.define<{ issueId: number }>(SEND_QUEUE, { retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 }, ({ issueId }) =>
      this.runSend(issueId),
    );
    this.queue.define<{ issueId: number; at: string }>(START_QUEUE, { retryLimit: 20, retryDelay: 10, retryBackoff: true }, ({ issueId, at }) =>
      this.runScheduled(issueId, at),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.resume().catch((error: Error) => this.logger.warn(`newsletter sends not resumed: ${error.message}`));
  }

  /** On start: every issue left sending (a process died, or stopped mid-send) gets a job again. */
  async resume(): Promise<void> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT "id" FROM "newsletter_issues" WHERE "status" = 'sending'`);
    for (const { id } of rows) await this.queue.send(SEND_QUEUE, { issueId: id });
  }

  list(): Promise<NewsletterIssue[]> {
    return this.issues.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async get(id: number): Promise<NewsletterIssue> {
    const issue = await this.issues.findOneBy({ id });
    if (!issue) throw new NotFoundException('Newsletter issue not found');
    return issue;
  }

  async create(dto: CreateIssueDto): Promise<NewsletterIssue> {
    const posts = dto.posts ? await this.checkPosts(dto.posts) : await this.renderer.latestPosts();
    const scheduledAt = this.scheduleFrom(dto.scheduledAt);
    const issue = this.issues.create({
      subject: dto.subject.trim(),
      preheader: dto.preheader?.trim() ?? '',
      intro: dto.intro ?? '',
      posts,
      slug: await this.freeSlug(dto.subject),
      status: scheduledAt ? 'scheduled' : 'draft',
      scheduledAt,
    });
    const saved = await this.issues.save(issue);
    if (scheduledAt) await this.queue.send(START_QUEUE, { issueId: saved.id, at: scheduledAt.toISOString() }, { startAfter: scheduledAt });
    return saved;
  }

  async update(id: number, dto: UpdateIssueDto): Promise<NewsletterIssue> {
    const issue = await this.get(id);
    if (issue.status !== 'draft' && issue.status !== 'scheduled') throw new ConflictException(NOT_EDITABLE);
    if (dto.subject !== undefined) issue.subject = dto.subject.trim();
    if (dto.preheader !== undefined) issue.preheader = dto.preheader.trim();
    if (dto.intro !== undefined) issue.intro = dto.intro;
    if (dto.posts !== undefined) issue.posts = await this.checkPosts(dto.posts);
    if (dto.scheduledAt !== undefined) {
      issue.scheduledAt = this.scheduleFrom(dto.scheduledAt);
      issue.status = issue.scheduledAt ? 'scheduled' : 'draft';
    }
    // Only while still a draft or scheduled: a send that began meanwhile wins.
    const result = await this.issues.update(
      { id, status: In(['draft', 'scheduled']) },
      { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, posts: issue.posts, scheduledAt: issue.scheduledAt, status: issue.status },
    );
    if (!result.affected) throw new ConflictException(NOT_EDITABLE);
    if (dto.scheduledAt && issue.scheduledAt) {
      await this.queue.send(START_QUEUE, { issueId: id, at: issue.scheduledAt.toISOString() }, { startAfter: issue.scheduledAt });
    }
    return this.get(id);
  }

  /**
   * Sends the issue now: in one transaction the issue becomes 'sending', a delivery is queued for every
   * subscriber (INSERT ... SELECT: no subscriber passes through this process) and the first send job is
   * added, so either all of it happens or none.
   */
  async send(id: number, expectScheduledAt?: string): Promise<NewsletterIssue> {
    await this.get(id);
    // 'Send Now' starts NEWSLETTER_SEND_DELAY_SECONDS later (issue 44): a scheduled start the administrator can
    // still clear, on the queue like any scheduled issue. A scheduled start itself sends at once.
    const delay = this.config.newsletterSendDelaySeconds;
    if (!expectScheduledAt && delay > 0) {
      const issue = await this.get(id);
      if (issue.status !== 'draft' && issue.status !== 'scheduled') throw new ConflictException('This issue has been sent already');
      return this.update(id, { scheduledAt: new Date(this.clock.now().getTime() + delay * 1000).toISOString() });
    }
    const started = await this.dataSource.transaction(async (manager) => {
      const runner = manager.queryRunner!;
      const [rows] = (await manager.query(
        `UPDATE "newsletter_issues" SET "status" = 'sending', "sendingAt" = now(), "updatedAt" = now()
          WHERE "id" = $1 AND ("status" = 'draft' OR ("status" = 'scheduled' AND ($2::timestamptz IS NULL OR "scheduledAt" = $2::timestamptz)))
          RETURNING "id"`,
        [id, expectScheduledAt ?? null],
      )) as [{ id: number }[], number];
      if (!rows.length) return false;
      await manager.query(
        `INSERT INTO "newsletter_deliveries" ("issueId", "subscriberId", "email")
         SELECT $1, "id", "email" FROM "newsletters" WHERE "subscribed" ORDER BY "id"
         ON CONFLICT ("issueId", "subscriberId") DO NOTHING`,
        [id],
      );
      await this.queue.send(SEND_QUEUE, { issueId: id }, {}, runner);
      return true;
    });
    if (!started && !expectScheduledAt) throw new ConflictException('This issue has been sent already');
    return this.get(id);
  }

  /** A send job: sends for a while, then hands what is left to a new job (at once, or when a retry is due). */
  async runSend(issueId: number): Promise<void> {
    const { next } = await this.sender.send(issueId);
    if (next) await this.queue.send(SEND_QUEUE, { issueId }, { startAfter: next > this.clock.now() ? next : undefined });
  }

  /** A scheduled start: sends the issue if it is still scheduled for that time (a changed schedule has its own job). */
  async runScheduled(issueId: number, at: string): Promise<void> {
    const issue = await this.issues.findOneBy({ id: issueId });
    if (!issue || issue.status !== 'scheduled' || issue.scheduledAt?.toISOString() !== at) return;
    await this.send(issueId, at);
  }

  /** Sends one copy to `email` or CONTACT_EMAIL, marked as a test; no delivery is recorded. */
  async sendTest(id: number, email: string | undefined): Promise<{ to: string; sent: boolean }> {
    const issue = await this.get(id);
    const to = email?.trim().toLowerCase() || this.config.contactEmail;
    if (!to) throw new BadRequestException('No address to send the test to: type the address the test should go to');
    const rendered = await this.renderer.render(issue, `${this.config.siteUrl}/newsletter`);
    const result = await this.mail.send({ to, subject: `[Test] ${rendered.subject}`, text: rendered.text, html: rendered.html });
    return { to, sent: result.sent };
  }

  async counts(id: number): Promise<IssueCounts> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE d."state" = 'queued')::int AS "queued",
              count(*) FILTER (WHERE d."state" = 'sent')::int AS "sent",
              count(*) FILTER (WHERE d."state" = 'failed')::int AS "failed",
              count(*) FILTER (WHERE d."state" = 'skipped')::int AS "skipped",
              count(*) FILTER (WHERE d."state" = 'sent' AND n."unsubscribedAt" > d."doneAt")::int AS "unsubscribedSince",
              count(*) FILTER (WHERE d."unsubscribedAt" IS NOT NULL)::int AS "unsubscribes"
         FROM "newsletter_deliveries" d LEFT JOIN "newsletters" n ON n."id" = d."subscriberId" AND NOT n."subscribed"
        WHERE d."issueId" = $1`,
      [id],
    );
    return row as IssueCounts;
  }

  /** The failed deliveries with the SMTP server's answer (the first 100). */
  failures(id: number): Promise<IssueFailure[]> {
    return this.dataSource.query(
      `SELECT "email", "lastError" AS "error" FROM "newsletter_deliveries" WHERE "issueId" = $1 AND "state" = 'failed' ORDER BY "id" LIMIT 100`,
      [id],
    );
  }

  /** The sent issues, newest first (the web archive). */
  archive(): Promise<NewsletterIssue[]> {
    return this.issues.find({ where: { status: 'sent' }, order: { sentAt: 'DESC', id: 'DESC' } });
  }

  async archived(slug: string): Promise<NewsletterIssue | null> {
    if (slug.length > 200) return null;
    return this.issues.findOneBy({ slug, status: 'sent' });
  }

  private scheduleFrom(value: string | null | undefined): Date | null {
    if (value === undefined || value === null) return null;
    const at = new Date(value);
    if (at.getTime() <= this.clock.now().getTime()) throw new BadRequestException('scheduledAt must be in the future');
    return at;
  }

  /**
   * The chosen posts exist and are published (the public can read them now): the ids are checked, one
   * message naming those that are missing and one naming the drafts (by title), so no draft goes into an issue.
   */
  private async checkPosts(posts: IssuePostDto[]): Promise<IssuePostRef[]> {
    const refs = posts.map(({ type, id }) => ({ type, id }));
    const chosen = await this.renderer.chosenPosts(refs);
    const postOf = (ref: IssuePostRef) => chosen.find((post) => post.type === ref.type && post.id === ref.id);
    const missing = refs.filter((ref) => !postOf(ref));
    if (missing.length) throw new BadRequestException(`posts: no ${missing.map((ref) => `${ref.type} ${ref.id}`).join(', ')}`);
    const drafts = refs.filter((ref) => !postOf(ref)!.visible);
    if (drafts.length) {
      const named = drafts.map((ref) => `${ref.type} ${ref.id} "${postOf(ref)!.title}"`).join(', ');
      throw new BadRequestException(`posts: only published posts can go in an issue; not published: ${named}`);
    }
    return refs.filter((ref, index) => refs.findIndex((other) => other.type === ref.type && other.id === ref.id) === index);
  }

  private async freeSlug(subject: string): Promise<string> {
    const base = slugFromTitle(subject).slice(0, 180) || 'issue';
    if (!(await this.issues.existsBy({ slug: base }))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }
}
