import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, apiRequest, getJson } from '../../lib/api';
import { timeAgo } from '../../lib/dive-sites/relative-time';
import type { RatingsResponse } from 'core/api/dive-sites';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/user-text';

export const COMMENT_MAX = 500;
export const RECENT_RATINGS = 5;

interface RatingsPanelProps {
  site: { id: number; name: string };
  initial: RatingsResponse | null;
  /** The server's clock when the page was rendered, so that hydration shows the same 'x ago' text. */
  renderedAt: string;
}

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="whitespace-nowrap text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(value) ? '' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** SPEC section 2's 'Ratings & Reviews' panel with section 4's rating form states and section 8's toasts. */
export function RatingsPanel({ site, initial, renderedAt }: RatingsPanelProps) {
  const url = `/api/dive-sites/${site.id}/ratings`;
  // Kept in the page's cache by site, so a panel shown again starts from the latest list. A list that
  // cannot load reads as no ratings yet.
  const ratings = useQuery({ queryKey: ['dive-sites', site.id, 'ratings'], queryFn: () => getJson<RatingsResponse>(url), initialData: initial ?? undefined });
  const data = ratings.data;
  const [now, setNow] = useState(() => new Date(renderedAt));
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [website, setWebsite] = useState('');

  useEffect(() => setNow(new Date()), [data]);

  const rate = useMutation({
    mutationFn: (body: { rating: number; comment?: string; website?: string }) => apiRequest('POST', url, body),
    onSuccess: () => {
      toast({ title: 'Rating submitted!', description: `Thanks for rating ${site.name}` });
      setRating(0);
      setComment('');
      // Still submitting until the list shows the new rating.
      return ratings.refetch();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: 'Failed to submit rating', description: message ?? 'Please try again later', variant: 'destructive' });
    },
  });
  const submitting = rate.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (rating < 1) {
      toast({ title: 'Please select a rating', description: 'Choose 1-5 stars to rate this dive site' });
      return;
    }
    const body: { rating: number; comment?: string; website?: string } = { rating };
    if (comment.trim()) body.comment = comment.trim();
    if (website) body.website = website;
    rate.mutate(body);
  }

  const count = data?.summary.count ?? 0;
  const average = data?.summary.average ?? 0;
  const recent = data?.ratings.slice(0, RECENT_RATINGS) ?? [];
  const more = count - recent.length;
  const noStar = rating < 1;

  return (
    <section aria-labelledby="ratings-heading" className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="ratings-heading" className="text-2xl font-bold text-slate-900">
        Ratings &amp; Reviews
      </h2>
      <p className="mt-1 text-slate-600">{site.name}</p>
      <p className="mt-3 flex items-center gap-3" aria-live="polite">
        {count === 0 ? (
          <span className="text-lg font-semibold text-slate-700">No ratings yet</span>
        ) : (
          <>
            <span className="text-3xl font-black text-slate-900">{average.toFixed(1)}</span>
            <Stars value={average} label={`Average rating ${average.toFixed(1)} out of 5`} />
            <span className="text-slate-600">{`${count} ${count === 1 ? 'review' : 'reviews'}`}</span>
          </>
        )}
      </p>

      <form onSubmit={submit} className="mt-6 grid gap-4 border-t border-slate-200 pt-6">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Your rating</legend>
          <div className="mt-2 flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                onClick={() => setRating(n)}
                aria-pressed={rating === n}
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                className={`inline-flex h-11 w-11 items-center justify-center rounded-lg text-3xl leading-none hover:bg-amber-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 ${n <= rating ? 'text-amber-500' : 'text-slate-300'}`}
              >
                <span aria-hidden="true">★</span>
              </button>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`rating-comment-${site.id}`} className="block text-sm font-medium text-slate-800">
            Comment (optional)
          </label>
          <textarea
            id={`rating-comment-${site.id}`}
            rows={3}
            value={comment}
            maxLength={COMMENT_MAX}
            onChange={(event) => setComment(event.target.value.slice(0, COMMENT_MAX))}
            aria-describedby={`rating-comment-count-${site.id}`}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <p id={`rating-comment-count-${site.id}`} className="mt-1 text-sm text-slate-500">
            {`${comment.length}/${COMMENT_MAX} characters`}
          </p>
        </div>
        <div className="hidden" aria-hidden="true">
          <label htmlFor={`rating-website-${site.id}`}>Website</label>
          <input id={`rating-website-${site.id}`} tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
        </div>
        <div>
          {/* Without a star the button stays focusable (aria-disabled) so a click can say why it does nothing. */}
          <button
            type="submit"
            disabled={submitting}
            aria-disabled={noStar || submitting}
            className={`inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800 ${noStar || submitting ? 'cursor-not-allowed opacity-50' : ''}`}
          >
            {submitting ? 'Submitting...' : 'Submit Rating'}
          </button>
        </div>
      </form>

      <div className="mt-8 border-t border-slate-200 pt-6">
        {recent.length === 0 ? (
          <p className="text-slate-600">No reviews yet. Be the first to rate this dive site!</p>
        ) : (
          <ol className="grid gap-4" aria-label="Recent reviews">
            {recent.map((item) => (
              <li key={item.id} className="rounded-xl bg-slate-50 p-4">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <Stars value={item.rating} label={`${item.rating} out of 5 stars`} />
                  <time dateTime={item.createdAt} className="text-sm text-slate-500">
                    {timeAgo(item.createdAt, now)}
                  </time>
                </p>
                {item.comment && (
                  <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                    <UserText text={item.comment} links={item.links} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {more > 0 && <p className="mt-4 text-sm font-medium text-slate-600">{`+ ${more} more reviews`}</p>}
      </div>
    </section>
  );
}
