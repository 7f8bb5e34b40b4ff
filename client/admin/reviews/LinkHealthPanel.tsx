import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureReason, FLAGGED_LINK_STATES, linkHealthSummary, tallyByShop, type CheckedLink, type LinkHealthReport } from 'core/api/link-health';
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
  if (link.state === 'home') return "Link goes to the shop's home page";
  if (link.state === 'failed') return 'Could not check the link';
  return `Link broken (${link.httpStatus ?? 'no answer'})`;
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
  return link && isFlagged(link) ? <Badge tone={link.state === 'failed' ? 'yellow' : 'red'}>{flagText(link)}</Badge> : null;
}

/**
 * 'Purchase links' (issue 32, issue 44): when the links were last checked, the button that checks them again
 * (one request a second per shop, so a check takes a while: the panel follows it), a summary that says every
 * link works only when every one was reached and worked, the counts per shop, and every link that answers
 * 404/410, now sends readers to the shop's home page, or could not be checked, with the reason.
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
        ) : (
          <>
            <p role="status" className="text-sm text-slate-700">
              {linkHealthSummary(data.links)}
            </p>
            {data.lastCheckedAt && data.links.length > 0 && <ShopTable links={data.links} />}
            {flagged.length > 0 && (
              <ul aria-label="Links that need attention" className="mt-3 grid gap-2 text-sm">
                {flagged.map((link) => (
                  <li key={`${link.kind}-${link.slug}`} className="flex flex-wrap items-center gap-2">
                    <Badge tone={link.state === 'failed' ? 'yellow' : 'red'}>{flagText(link)}</Badge>
                    <span className="font-medium text-slate-900">{link.title}</span>
                    <span className="text-slate-500">({link.kind})</span>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" className="break-all text-cyan-800 underline">
                      {link.url}
                    </a>
                    {link.state === 'failed' && <span className="text-slate-600">{failureReason(link)}</span>}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Each shop's links by outcome: a dead shop domain shows as a row of links that could not be checked. */
function ShopTable({ links }: { links: CheckedLink[] }) {
  const cell = 'px-2 py-1 text-right tabular-nums';
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="sr-only">Purchase links by shop</caption>
      <thead className="text-left text-slate-600">
        <tr>
          <th scope="col" className="px-2 py-1 font-medium">
            Shop
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Working
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Broken
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Moved to home page
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Could not check
          </th>
        </tr>
      </thead>
      <tbody>
        {tallyByShop(links).map((shop) => (
          <tr key={shop.shop} className="border-t border-slate-100">
            <th scope="row" className="px-2 py-1 text-left font-normal">
              {shop.shop}
            </th>
            <td className={cell}>{shop.working}</td>
            <td className={cell}>{shop.broken}</td>
            <td className={cell}>{shop.home}</td>
            <td className={cell}>{shop.couldNotCheck}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
