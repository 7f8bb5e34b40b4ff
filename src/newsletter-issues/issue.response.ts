import type { IssueCounts, IssueFailure } from './newsletter-issues.service';
import type { NewsletterIssue } from './newsletter-issue.entity';

export function toIssueResponse(issue: NewsletterIssue, archiveUrl: string) {
  return {
    id: issue.id,
    subject: issue.subject,
    preheader: issue.preheader,
    intro: issue.intro,
    posts: issue.posts,
    slug: issue.slug,
    status: issue.status,
    scheduledAt: issue.scheduledAt?.toISOString() ?? null,
    sendingAt: issue.sendingAt?.toISOString() ?? null,
    sentAt: issue.sentAt?.toISOString() ?? null,
    createdAt: issue.createdAt.toISOString(),
    updatedAt: issue.updatedAt.toISOString(),
    archiveUrl: issue.status === 'sent' ? archiveUrl : null,
  };
}

export function toIssueReport(issue: NewsletterIssue, archiveUrl: string, counts: IssueCounts, failures: IssueFailure[]) {
  return { ...toIssueResponse(issue, archiveUrl), counts, failures };
}
