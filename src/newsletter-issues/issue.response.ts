import type { IssueClickFigures } from './issue-clicks.service';
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

/**
 * The report: the send's counts and failures, and the issue's figures (issue 44 item 6): delivered and
 * failed (its deliveries), the unsubscribes it caused (through its own email's link), and the clicks on
 * each of its links (counted through the site's redirect, nothing about who clicked).
 */
export function toIssueReport(issue: NewsletterIssue, archiveUrl: string, counts: IssueCounts, failures: IssueFailure[], clicks: IssueClickFigures) {
  return {
    ...toIssueResponse(issue, archiveUrl),
    counts,
    failures,
    figures: { delivered: counts.sent, failed: counts.failed, unsubscribes: counts.unsubscribes, ...clicks },
  };
}
