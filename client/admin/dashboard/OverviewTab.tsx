import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FLAGGED_LINK_STATES } from 'core/api/link-health';
import { isScheduled } from 'core/publishing';
import { getJson } from '../../lib/api';
import { formatAdminDate } from '../format';
import { useLinkHealth } from '../reviews/LinkHealthPanel';
import { useSiteTimeZone } from '../site-time';
import { Badge } from '../ui/Badge';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { useAdminPages } from '../use-admin-pages';
import { keys } from '../query-keys';
import { QuickNavigation } from './QuickNavigation';
import type { IssueFiguresData } from '../newsletter/IssueFigures';

/** What the overview reads of the newsletter's issues (the list the Newsletter tab reads too). */
interface IssueSummary {
  id: number;
  subject: string;
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  scheduledAt: string | null;
  sentAt: string | null;
}

interface IssueCounts {
  counts: { queued: number; sent: number; failed: number; skipped: number; unsubscribedSince: number };
  /** Present once the issue has been sent (issue 44 item 6). */
  figures?: Pick<IssueFiguresData, 'delivered' | 'failed' | 'unsubscribes' | 'clicks'>;
}

const ISSUES_URL = '/api/admin/newsletter/issues';
const ISSUES_KEY = ['admin', 'newsletter-issues'] as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Issue 44: the dashboard's home, what needs the administrator's attention, each a link to where it is
 * dealt with: readers' corrections and condition reports waiting, purchase links that fail, posts
 * scheduled to go live, dive sites whose facts need checking, and the last newsletter issue. It reads the
 * same lists (and cache keys) as the screens it links to, first page only: their totals are the server's.
 */
export function OverviewTab({ onOpen }: { onOpen: (tab: string) => void }) {
  const corrections = useAdminPages<unknown>(['admin', 'corrections'], '/api/admin/corrections');
  const reports = useAdminPages<unknown>(['admin', 'reports'], '/api/admin/reports?status=pending');
  const checks = useAdminPages<{ lastCheck: unknown }>(['admin', 'site-checks'], '/api/admin/dive-site-checks');
  // The queue holds every site, never-checked first: those of its first page are the real count unless the page is all of them.
  const neverChecked = checks.data ? checks.data.filter((row) => row.lastCheck === null).length : undefined;
  const atLeast = neverChecked !== undefined && neverChecked === checks.data?.length && checks.total > neverChecked;
  const links = useLinkHealth();
  // Published lists are newest first by published date: the scheduled posts come first.
  const articles = useAdminPages<{ published: boolean; publishedAt: string | null }>(keys.articles, '/api/articles?admin=true&status=published');
  const reviews = useAdminPages<{ published: boolean; publishedAt: string | null }>(keys.reviews, '/api/reviews?admin=true&status=published');
  const flagged = links.data?.links.filter((link) => link.state !== null && FLAGGED_LINK_STATES.includes(link.state)).length;
  const scheduled = (list: typeof articles) => (list.data ? list.data.filter((post) => isScheduled(post)).length : undefined);

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader title="Needs attention" description="What waits for you across the site. Each item opens where it is dealt with." />
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Needs attention">
            <AttentionItem href="/admin/dive-sites#corrections" count={corrections.data ? corrections.total : undefined} failed={corrections.isError}>
              {(n) => `${plural(n, 'suggested correction')} waiting`}
            </AttentionItem>
            <AttentionItem href="/admin/dive-sites#reports" count={reports.data ? reports.total : undefined} failed={reports.isError}>
              {(n) => `${plural(n, 'condition report')} waiting`}
            </AttentionItem>
            <AttentionItem href="#reviews" onOpen={() => onOpen('reviews')} count={flagged} failed={links.isError}>
              {(n) => `${plural(n, 'purchase link')} broken or not reachable`}
            </AttentionItem>
            <AttentionItem href="#blog" onOpen={() => onOpen('blog')} count={scheduled(articles)} failed={articles.isError} calm>
              {(n) => `${plural(n, 'blog post')} scheduled`}
            </AttentionItem>
            <AttentionItem href="#reviews" onOpen={() => onOpen('reviews')} count={scheduled(reviews)} failed={reviews.isError} calm>
              {(n) => `${plural(n, 'gear review')} scheduled`}
            </AttentionItem>
            <AttentionItem href="/admin/dive-sites#checks" count={neverChecked} failed={checks.isError}>
              {(n) => `${atLeast ? `${n} or more dive sites` : plural(n, 'dive site')} never checked against a source`}
            </AttentionItem>
          </ul>
        </CardContent>
      </Card>
      <LastIssue onOpen={() => onOpen('newsletter')} />
      <QuickNavigation />
    </div>
  );
}

/**
 * One line of 'Needs attention': the count and what it counts, as a link to where it is dealt with. A link
 * within the dashboard (`onOpen`) opens its tab; one to another screen is followed. Quiet when nothing
 * waits, or when the count is one of plans rather than of problems (`calm`: scheduled posts).
 */
function AttentionItem({
  href,
  onOpen,
  count,
  failed,
  calm = false,
  children,
}: {
  href: string;
  onOpen?: () => void;
  count: number | undefined;
  failed: boolean;
  calm?: boolean;
  children: (count: number) => string;
}) {
  const waiting = count !== undefined && count > 0 && !calm;
  return (
    <li>
      <a
        href={href}
        onClick={
          onOpen &&
          ((event) => {
            event.preventDefault();
            onOpen();
          })
        }
        className={`flex min-h-12 items-center gap-3 rounded-lg px-4 py-3 text-sm font-medium ring-1 hover:bg-slate-50 ${
          waiting ? 'text-slate-900 ring-amber-300' : 'text-slate-700 ring-slate-200'
        }`}
      >
        <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${waiting ? 'bg-amber-500' : 'bg-slate-300'}`} />
        {failed ? `Could not load: ${children(0).replace(/^0 /, '')}` : count === undefined ? 'Loading...' : children(count)}
      </a>
    </li>
  );
}

/** The newest issue: its subject, status and recipients so far, a link to the Newsletter tab. */
function LastIssue({ onOpen }: { onOpen: () => void }) {
  const timeZone = useSiteTimeZone();
  const issues = useQuery({ queryKey: ISSUES_KEY, queryFn: () => getJson<IssueSummary[]>(ISSUES_URL) });
  const last = issues.data?.[0];
  const report = useQuery({
    queryKey: [...ISSUES_KEY, last?.id ?? null],
    queryFn: () => getJson<IssueCounts>(`${ISSUES_URL}/${last?.id}`),
    enabled: !!last,
  });
  const when = last?.sentAt
    ? `Sent ${formatAdminDate(last.sentAt, timeZone)}`
    : last?.scheduledAt
      ? `Scheduled for ${formatAdminDate(last.scheduledAt, timeZone)}`
      : null;
  return (
    <Card>
      <CardHeader title="Last newsletter issue" />
      <CardContent>
        {issues.isPending ? (
          <p className="text-sm text-slate-500">Loading issues...</p>
        ) : issues.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load issues. Please try again.
          </p>
        ) : !last ? (
          <p className="text-sm text-slate-600">
            No issue written yet. <NewsletterLink onOpen={onOpen}>Write one in the Newsletter tab</NewsletterLink>
          </p>
        ) : (
          <div className="grid gap-3">
            <p className="flex flex-wrap items-center gap-2">
              <NewsletterLink onOpen={onOpen}>{last.subject || '(no subject)'}</NewsletterLink>
              <Badge tone={last.status === 'sent' ? 'green' : last.status === 'draft' ? 'slate' : 'blue'}>{last.status}</Badge>
              {when && <span className="text-sm text-slate-600">{when}</span>}
            </p>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label="Last issue figures">
              <Figure label="Recipients">{report.data ? report.data.counts.queued + report.data.counts.sent + report.data.counts.failed : '…'}</Figure>
              <Figure label="Status">{last.status}</Figure>
              {report.data?.figures && (
                <>
                  <Figure label="Delivered">{report.data.figures.delivered}</Figure>
                  <Figure label="Failed">{report.data.figures.failed}</Figure>
                  <Figure label="Link clicks">{report.data.figures.clicks}</Figure>
                  <Figure label="Unsubscribed through it">{report.data.figures.unsubscribes}</Figure>
                </>
              )}
            </dl>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function NewsletterLink({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <a
      href="#newsletter"
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      className="font-medium text-cyan-700 hover:underline"
    >
      {children}
    </a>
  );
}
