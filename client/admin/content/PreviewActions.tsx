import { useMutation } from '@tanstack/react-query';
import { previewPath, type PreviewKind, type ShareLinkResponse } from 'core/api/previews';
import { apiRequest, getJson } from '../../lib/api';
import { reportFailure, reportSuccess } from '../feedback';
import { formatAdminDateTime } from '../format';
import { buttonClass } from '../ui/Button';

const shareLinksUrl = (kind: PreviewKind, id: number) => `/api/admin/${kind}/${id}/share-links`;

/** Puts a link on the clipboard; false where the browser will not (no permission, an insecure page). */
async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A draft's or scheduled post's 'Preview' (its page as it will look, in a new tab), 'Copy share link' (a
 * signed link for 7 days that opens the preview without signing in; issue 32) and 'Withdraw share links'.
 */
export function PreviewActions({ kind, id, title }: { kind: PreviewKind; id: number; title: string }) {
  const share = useMutation({
    mutationFn: () => apiRequest<ShareLinkResponse>('POST', shareLinksUrl(kind, id), {}),
    onSuccess: async (link) => {
      const until = formatAdminDateTime(link.expiresAt);
      if (await copied(link.url)) reportSuccess('Share Link Copied', `Anyone with the link can open this preview until ${until}.`);
      else reportSuccess('Share Link Created', `Copy it from here (it opens this preview until ${until}): ${link.url}`);
    },
    onError: (error) => reportFailure(error, 'Creation Failed', 'Failed to create the share link. Please try again.'),
  });
  const withdraw = useMutation({
    mutationFn: async () => {
      const links = await getJson<ShareLinkResponse[]>(shareLinksUrl(kind, id));
      for (const link of links) await apiRequest<void>('DELETE', `${shareLinksUrl(kind, id)}/${link.id}`);
      return links.length;
    },
    onSuccess: (count) =>
      reportSuccess(
        'Share Links Withdrawn',
        count === 0 ? 'No link to this preview was open.' : count === 1 ? 'Its share link no longer opens it.' : `Its ${count} share links no longer open it.`,
      ),
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to withdraw the share links. Please try again.'),
  });
  return (
    <span className="flex flex-wrap gap-2">
      <a href={previewPath(kind, id)} target="_blank" rel="noopener" className={buttonClass('outline', true)}>
        Preview<span className="sr-only"> {title} (opens in a new tab)</span>
      </a>
      <button type="button" className={buttonClass('outline', true)} disabled={share.isPending} onClick={() => share.mutate()}>
        Copy share link<span className="sr-only"> for {title}</span>
      </button>
      <button type="button" className={buttonClass('ghost', true)} disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
        Withdraw share links<span className="sr-only"> for {title}</span>
      </button>
    </span>
  );
}
