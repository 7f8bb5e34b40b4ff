import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FLAGGED_LINK_STATES, type CheckedLink, type LinkHealthReport } from 'core/api/link-health';
import { apiRequest, getJson } from '../../lib/api';
import { reportFailure } from '../feedback';
import { formatAdminDateTime } from '../format';
import { keys } from '../query-keys';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';

const LINK_HEALTH_URL = '/api/admin/link-health';
/** How often the panel asks again while a check runs. */
const RUNNING_REFRESH_MS = 2_000;

const isFlagged = (link: CheckedLink) => link.state !== null && FLAGGED_LINK_STATES.includes(link.state);

/** What a flag says, in a few words. */
export function flagText(link: CheckedLink): string {
  return link.state === 'home' ? "Link goes to the shop's home page" : `Link broken (${link.httpStatus ?? 'no answer'})`;
}

/** The last check of every purchase link, asked again every 2 s while a check runs. */
export function useLinkHealth() {
  return useQuery({
    queryKey: keys.linkHealth,
    queryFn: () => getJson<LinkHealthReport>(LINK_HEALTH_URL),
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_REFRESH_MS : false),
  });
}

/** A review's flag for its row in the list: nothing when its link is fine or not checked yet. */
export function ReviewLinkFlag({ slug }: { slug: string }) {
  const link = useLinkHealth().data?.links.find((candidate) => candidate.kind === 'review' && candidate.slug === slug);
  return link && isFlagged(link) ? <Badge tone="red">{flagText(link)}</Badge> : null;
}

/**
 * 'Purchase links' (issue 32): when the links were last checked, the button that checks them again (one
 * request a second per shop, so a check takes a while: the panel follows it), and every review or product
 * link that answers 404/410 or now sends readers to the shop's home page.
 */
export function LinkHealthPanel() {
  const queryClient = useQueryClient();
  const report = useLinkHealth();
  const check = useMutation({
    mutationFn: () => apiRequest<LinkHealthReport>('POST', `${LINK_HEALTH_URL}/check`),
    onSuccess: (data) => queryClient.setQueryData(keys.linkHealth, data),
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to start the link check. Please try again.'),
  });
  const data = report.data;
  const flagged = data?.links.filter(isFlagged) ?? [];
  const running = Boolean(data?.running) || check.isPending;
  return (
    <Card className="mb-6">
      <CardHeader
        title="Purchase links"
        description={
          !data
            ? 'Checks that each review\u2019s and product\u2019s purchase link still leads to a product.'
            : data.lastCheckedAt
              ? `${data.links.length} links, last checked ${formatAdminDateTime(data.lastCheckedAt)}.`
              : `${data.links.length} links, not checked yet.`
        }
        actions={
          <Button variant="outline" small disabled={running} onClick={() => check.mutate()}>
            {running ? 'Checking links...' : 'Check purchase links'}
          </Button>
        }
      />
      <CardContent>
        {report.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load the link check. Please try again.
          </p>
        ) : !data ? (
          <p className="text-sm text-slate-500">Loading the link check...</p>
        ) : flagged.length === 0 ? (
          <p role="status" className="text-sm text-slate-600">
            {data.lastCheckedAt ? 'Every checked link leads to a page.' : 'Press \u2018Check purchase links\u2019 to ask every shop.'}
          </p>
        ) : (
          <ul aria-label="Links that need attention" className="grid gap-2 text-sm">
            {flagged.map((link) => (
              <li key={`${link.kind}-${link.slug}`} className="flex flex-wrap items-center gap-2">
                <Badge tone="red">{flagText(link)}</Badge>
                <span className="font-medium text-slate-900">{link.title}</span>
                <span className="text-slate-500">({link.kind})</span>
                <a href={link.url} target="_blank" rel="noopener noreferrer" className="break-all text-cyan-800 underline">
                  {link.url}
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
