import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isScheduled } from 'core/publishing';
import { formatDateTimeIn } from 'core/site-time';
import { apiRequest } from '../../lib/api';
import { useAdminPages } from '../use-admin-pages';
import { reportFailure, reportSuccess } from '../feedback';
import { keys } from '../query-keys';
import { useSiteTimeZone } from '../site-time';

interface Saved {
  id: number;
  title: string;
  published: boolean;
  publishedAt?: string | null;
}

export interface ContentAdminOptions {
  /** '/api/articles' or '/api/reviews'. */
  endpoint: string;
  queryKey: typeof keys.articles | typeof keys.reviews;
  /** 'blog post' or 'gear review', as in 'Failed to create blog post. Please try again.' */
  noun: string;
  /** 'Post' or 'Review', as in 'Post Published'. */
  word: string;
}

/**
 * The lists and the writes shared by the blog and reviews tabs, with SPEC section 8's toasts. The drafts and
 * the published posts are each read from the server a page at a time, in SPEC's order, optionally only those
 * whose title or slug holds `search`.
 */
export function useContentAdmin<T extends Saved>({ endpoint, queryKey, noun, word }: ContentAdminOptions, search = '') {
  const queryClient = useQueryClient();
  const timeZone = useSiteTimeZone();
  // Not 'now live' when it is not: the time it will be, in the site's zone.
  const reportScheduled = (saved: Saved) =>
    reportSuccess(`${word} Scheduled`, `"${saved.title}" will go live on ${formatDateTimeIn(saved.publishedAt!, timeZone)} (${timeZone} time).`);
  const q = search ? `&q=${encodeURIComponent(search)}` : '';
  const drafts = useAdminPages<T>(queryKey, `${endpoint}?admin=true&status=draft${q}`);
  const published = useAdminPages<T>(queryKey, `${endpoint}?admin=true&status=published${q}`);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey });
    // A write makes the session a content-editing one; its remaining time changes.
    void queryClient.invalidateQueries({ queryKey: keys.session });
  };

  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null ? apiRequest<T>('POST', endpoint, body) : apiRequest<T>('PATCH', `${endpoint}/${id}`, body),
    onSuccess: (saved, { id }) => {
      refresh();
      if (!saved.published) reportSuccess('Draft Saved', `Your ${noun} has been saved as a draft.`);
      else if (isScheduled(saved)) reportScheduled(saved);
      else if (id === null) reportSuccess(`${word} Published`, `Your ${noun} is now live on the website.`);
      else reportSuccess(`${word} Updated`, 'Your changes have been published.');
    },
    onError: (error, { id }) =>
      id === null
        ? reportFailure(error, 'Creation Failed', `Failed to create ${noun}. Please try again.`)
        : reportFailure(error, 'Update Failed', `Failed to update ${noun}. Please try again.`),
  });

  const setPublished = useMutation({
    mutationFn: (item: T) => apiRequest<T>('PATCH', `${endpoint}/${item.id}`, { published: !item.published }),
    onSuccess: (saved) => {
      refresh();
      if (isScheduled(saved)) reportScheduled(saved);
      else if (saved.published) reportSuccess(`${word} Published`, `"${saved.title}" is now live on the website.`);
      else reportSuccess(`${word} Unpublished`, `"${saved.title}" has been moved back to drafts.`);
    },
    onError: (error) => reportFailure(error, 'Update Failed', `Failed to update ${noun}. Please try again.`),
  });

  const remove = useMutation({
    mutationFn: (item: T) => apiRequest<void>('DELETE', `${endpoint}/${item.id}`),
    onSuccess: () => {
      refresh();
      reportSuccess(`${word} Deleted`, `The ${noun} has been permanently deleted.`);
    },
    onError: (error) => reportFailure(error, 'Deletion Failed', `Failed to delete ${noun}. Please try again.`),
  });

  const busyId = setPublished.isPending ? setPublished.variables?.id : remove.isPending ? remove.variables?.id : null;
  return { drafts, published, save, setPublished, remove, busyId: busyId ?? null };
}
