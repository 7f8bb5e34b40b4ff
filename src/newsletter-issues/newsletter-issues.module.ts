import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Article } from 'src/articles/article.entity';
import { MailModule } from 'src/mail/mail.module';
import { NewsletterModule } from 'src/newsletter/newsletter.module';
import { Review } from 'src/reviews/review.entity';
import { IssueClicksService } from './issue-clicks.service';
import { IssueLinksController } from './issue-links.controller';
import { IssueRenderer } from './issue-renderer';
import { IssueSender } from './issue-sender';
import { NewsletterIssue } from './newsletter-issue.entity';
import { NewsletterIssuesController } from './newsletter-issues.controller';
import { NewsletterIssuesPagesController } from './newsletter-issues.pages.controller';
import { NewsletterIssuesService } from './newsletter-issues.service';

/** Newsletter issues: compose, send through the job queue, report, and the web archive. */
@Module({
  imports: [TypeOrmModule.forFeature([NewsletterIssue, Article, Review]), MailModule, NewsletterModule],
  controllers: [NewsletterIssuesController, NewsletterIssuesPagesController, IssueLinksController],
  providers: [NewsletterIssuesService, IssueRenderer, IssueSender, IssueClicksService],
})
export class NewsletterIssuesModule {}
