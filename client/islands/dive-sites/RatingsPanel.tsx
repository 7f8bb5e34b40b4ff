import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_ACTIONS, outcomeFor, type FormOutcome } from 'core/form-outcome';
import { ApiError, apiRequest, getJson } from '../../lib/api';
import { FormNoticeBox, type FormNotice } from '../../lib/form-notice';
import { timeAgo } from '../../lib/dive-sites/relative-time';
import { RECENT_RATINGS, type RatingsResponse } from 'core/api/dive-sites';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/user-text';

export const COMMENT_MAX = 500;

interface RatingsPanelProps {
  site: { id: number; name: string };
  initial: RatingsResponse | null;
  /** The server's clock when the page was rendered, so that hydration shows the same 'x ago' text. */
  renderedAt: string;
  /** The outcome of a rating posted without JavaScript, shown on the page it returned to. */
  outcome?: FormOutcome;
}

const NO_STAR = 'Please select a rating';

/** SPEC section 8's toasts, also written on the panel when the form was posted without JavaScript. */
function noticeOf(outcome: FormOutcome | undefined, siteName: string): FormNotice | null {
  if (outcome?.done) return { title: 'Rating submitted!', description: `Thanks for rating ${siteName}`, failed: false };
  if (!outcome?.error) return null;
  if (outcome.fields?.rating === NO_STAR) return { title: NO_STAR, description: 'Choose 1-5 stars to rate this dive site', failed: true };
  return { title: 'Failed to submit rating', description: outcome.error, failed: true };
}

/** The star a refused post had chosen, to choose it again. */
function keptStar(outcome: FormOutcome | undefined): number {
  const star = Number(outcome?.done ? 0 : outcome?.values?.rating);
  return Number.isInteger(star) && star >= 1 && star <= 5 ? star : 0;
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
export function RatingsPanel({ site, initial, renderedAt, outcome: given }: RatingsPanelProps) {
  const url = `/api/dive-sites/${site.id}/ratings`;
  // The panel shows the latest few: it asks for those and the summary, not every rating of the site.
  const listUrl = `${url}?limit=${RECENT_RATINGS}`;
  // Kept in the page's cache by site, so a panel shown again starts from the latest list. A list that
  // cannot load reads as no ratings yet.
  const ratings = useQuery({
    queryKey: ['dive-sites', site.id, 'ratings'],
    queryFn: () => getJson<RatingsResponse>(listUrl),
    initialData: initial ?? undefined,
  });
  const data = ratings.data;
  const [now, setNow] = useState(() => new Date(renderedAt));
  const outcome = outcomeFor(given, 'rating', site.id);
  const keptComment = outcome?.done ? '' : (outcome?.values?.comment ?? '');
  const [notice, setNotice] = useState(() => noticeOf(outcome, site.name));
  // The star and comment live in the form (a star is a radio button), so what was chosen or typed before
  // the island hydrated is what is sent; the state follows them for the stars' colours and the counter.
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(() => keptStar(outcome));
  const [commentLength, setCommentLength] = useState(keptComment.length);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setNow(new Date()), [data]);
  useEffect(() => {
    const fields = new FormData(form.current!);
    setRating(Number(fields.get('rating') ?? 0));
    setCommentLength(String(fields.get('comment') ?? '').length);
    setHydrated(true);
  }, []);

  const rate = useMutation({
    mutationFn: (body: { rating: number; comment?: string; website?: string }) => apiRequest('POST', url, body),
    onSuccess: () => {
      toast({ title: 'Rating submitted!', description: `Thanks for rating ${site.name}` });
      // Defaults may hold a refused post's values: the fields are emptied, not reset to them.
      for (const star of form.current!.querySelectorAll<HTMLInputElement>('input[name="rating"]')) star.checked = false;
      form.current!.querySelector<HTMLTextAreaElement>('textarea[name="comment"]')!.value = '';
      setRating(0);
      setCommentLength(0);
      // Still submitting until the list shows the new rating.
      return ratings.refetch();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: 'Failed to submit rating', description: message ?? 'Please try again later', variant: 'destructive' });
    },
  });
  const submitting = rate.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setNotice(null);
    const data = new FormData(event.currentTarget);
    const star = Number(data.get('rating') ?? 0);
    if (star < 1) {
      toast({ title: NO_STAR, description: 'Choose 1-5 stars to rate this dive site' });
      return;
    }
    const comment = String(data.get('comment') ?? '').trim();
    const website = String(data.get('website') ?? '');
    const body: { rating: number; comment?: string; website?: string } = { rating: star };
    if (comment) body.comment = comment;
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

      <form ref={form} method="post" action={FORM_ACTIONS.rating(site.id)} onSubmit={submit} className="mt-6 grid gap-4 border-t border-slate-200 pt-6">
        {notice && <FormNoticeBox notice={notice} />}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Your rating</legend>
          <div className="star-choice mt-2 flex gap-1">
            {/* Radio buttons drawn as stars: without JavaScript the chosen one and those before it are lit by
                CSS (client/styles.css, .star-choice). */}
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className={`relative inline-flex h-11 w-11 items-center justify-center rounded-lg text-3xl leading-none hover:bg-amber-50 has-checked:text-amber-500 has-focus-visible:ring-2 has-focus-visible:ring-cyan-600 ${n <= rating ? 'text-amber-500' : 'text-slate-300'}`}
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  defaultChecked={n === keptStar(outcome)}
                  onChange={() => setRating(n)}
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg focus:outline-none"
                />
                <span aria-hidden="true">★</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`rating-comment-${site.id}`} className="block text-sm font-medium text-slate-800">
            Comment (optional)
          </label>
          <textarea
            id={`rating-comment-${site.id}`}
            name="comment"
            rows={3}
            defaultValue={keptComment}
            maxLength={COMMENT_MAX}
            onInput={(event) => setCommentLength(event.currentTarget.value.length)}
            aria-describedby={`rating-comment-count-${site.id}`}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <p id={`rating-comment-count-${site.id}`} className="mt-1 text-sm text-slate-500">
            {`${commentLength}/${COMMENT_MAX} characters`}
          </p>
        </div>
        <div className="hidden" aria-hidden="true">
          <label htmlFor={`rating-website-${site.id}`}>Website</label>
          <input id={`rating-website-${site.id}`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div>
          {/* Once hydrated, without a star the button stays focusable (aria-disabled) so a click can say why it does nothing; before, the server says it. */}
          <button
            type="submit"
            disabled={submitting}
            aria-disabled={hydrated && (noStar || submitting)}
            className={`inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800 ${hydrated && (noStar || submitting) ? 'cursor-not-allowed opacity-50' : ''}`}
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
