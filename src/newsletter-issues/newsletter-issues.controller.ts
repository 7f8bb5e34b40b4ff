import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Invalidates } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { CreateIssueDto, TestIssueDto, UpdateIssueDto } from './dto/issue-write.dto';
import { IssueClicksService } from './issue-clicks.service';
import { IssueRenderer } from './issue-renderer';
import { toIssueReport, toIssueResponse } from './issue.response';
import { NewsletterIssuesService } from './newsletter-issues.service';

const issueId = idParam('Newsletter issue id');

/** The administrator's newsletter issues: write, preview, test, schedule, send, and watch the send. */
@Controller('api/admin/newsletter/issues')
export class NewsletterIssuesController {
  constructor(
    private readonly issues: NewsletterIssuesService,
    private readonly renderer: IssueRenderer,
    private readonly clicks: IssueClicksService,
  ) {}

  @Get()
  @AdminOnly()
  async list() {
    return (await this.issues.list()).map((issue) => toIssueResponse(issue, this.renderer.archiveUrl(issue)));
  }

  /** The latest posts an issue offers by default, as cards (the compose screen's choice). */
  @Get('posts')
  @AdminOnly()
  async posts() {
    return this.renderer.cards(await this.renderer.latestPosts(20));
  }

  @Post()
  @AdminOnly()
  @Invalidates()
  async create(@Body() dto: CreateIssueDto) {
    const issue = await this.issues.create(dto);
    return toIssueResponse(issue, this.renderer.archiveUrl(issue));
  }

  /**
   * The issue with `{status, counts: {queued, sent, failed, skipped, unsubscribedSince, unsubscribes}}`, the
   * failures' SMTP answers, and its figures: `{delivered, failed, unsubscribes, clicks, links: [{id, url,
   * label, clicks}], daily: [{day, clicks}]}`.
   */
  @Get(':id')
  @AdminOnly()
  async get(@Param('id', issueId) id: number) {
    const issue = await this.issues.get(id);
    const [counts, failures, clicks] = await Promise.all([this.issues.counts(id), this.issues.failures(id), this.clicks.figures(id)]);
    return toIssueReport(issue, this.renderer.archiveUrl(issue), counts, failures, clicks);
  }

  /** The issue as the email: subject, HTML and text parts (the footer's unsubscribe link is a stand-in). */
  @Get(':id/preview')
  @AdminOnly()
  async preview(@Param('id', issueId) id: number) {
    const issue = await this.issues.get(id);
    return this.renderer.render(issue, `${this.renderer.frame.siteUrl}/newsletter/unsubscribe?token=preview`);
  }

  @Patch(':id')
  @AdminOnly()
  @Invalidates()
  async update(@Param('id', issueId) id: number, @Body() dto: UpdateIssueDto) {
    const issue = await this.issues.update(id, dto);
    return toIssueResponse(issue, this.renderer.archiveUrl(issue));
  }

  @Post(':id/test')
  @AdminOnly()
  @Invalidates()
  @HttpCode(200)
  async test(@Param('id', issueId) id: number, @Body() dto: TestIssueDto) {
    return this.issues.sendTest(id, dto.email);
  }

  /** Starts the send: 202, then GET the issue to watch its counts. */
  @Post(':id/send')
  @AdminOnly()
  // The archive's pages list the issue once it is sent; the index is dropped when it finishes (sender).
  @Invalidates()
  @HttpCode(202)
  async send(@Param('id', issueId) id: number) {
    const issue = await this.issues.send(id);
    return toIssueResponse(issue, this.renderer.archiveUrl(issue));
  }
}
