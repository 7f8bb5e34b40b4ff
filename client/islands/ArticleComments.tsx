import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FORM_ACTIONS, outcomeFor, type FormOutcome } from 'core/form-outcome';
import { QueryProvider } from 'client/lib/QueryProvider';
import { ApiError, apiRequest, getJson } from '../lib/api';
import { formatDate } from 'core/text';
import { toast } from '../lib/toast';
import type { TextLink } from 'core/text-links';
import { UserText } from '../lib/user-text';

export interface CommentItem {
  id: number;
  name: string;
  content: string;
  /** Web links in the content (made links with rel="ugc nofollow"). */
  links?: TextLink[];
  createdAt: string;
}

export interface ArticleCommentsProps {
  articleId: number;
  initialComments: CommentItem[];
  /** The site's zone (SITE_TIMEZONE), so the dates read as the server rendered them. */
  timeZone?: string;
  /** The outcome of a comment posted without JavaScript, shown on the page it returned to. */
  outcome?: FormOutcome;
}

type Errors = Partial<Record<'name' | 'content' | 'email', string>>;

/** SPEC section 5, article comment. */
export function validateComment(values: { name: string; content: string; email: string }): Errors {
  const errors: Errors = {};
  const name = values.name.trim();
  const content = values.content.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > 100) errors.name = 'Name must be less than 100 characters';
  if (content.length < 10) errors.content = 'Comment must be at least 10 characters';
  else if (content.length > 1000) errors.content = 'Comment must be less than 1000 characters';
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  return errors;
}

export function ArticleComments(props: ArticleCommentsProps) {
  return (
    <QueryProvider>
      <Comments {...props} />
    </QueryProvider>
  );
}

function Comments({ articleId, initialComments, timeZone, outcome: given }: ArticleCommentsProps) {
  const url = `/api/articles/${articleId}/comments`;
  const outcome = outcomeFor(given, 'comment', articleId);
  // The page brings the list; it is fetched again only after a comment is posted.
  const comments = useQuery({ queryKey: ['articles', articleId, 'comments'], queryFn: () => getJson<CommentItem[]>(url), initialData: initialComments });
  // The fields' starting values: what a refused post without JavaScript had in them. The fields are read
  // from the form itself on submit, so what was typed before the island hydrated is what is sent.
  const [kept, setKept] = useState<Record<string, string>>(outcome?.done ? {} : (outcome?.values ?? {}));
  const [errors, setErrors] = useState<Errors>(outcome?.fields ?? {});
  // Refused for a reason no field shows (the rate limit, a missing article): written above the form.
  const [failure, setFailure] = useState<string | null>(outcome?.error && !outcome.fields ? outcome.error : null);
  const [posted, setPosted] = useState(!!outcome?.done);

  const post = useMutation({
    mutationFn: (body: Record<string, string>) => apiRequest('POST', url, body),
    onSuccess: () => {
      toast({ title: 'Comment submitted!', description: 'Your comment has been posted successfully.' });
      setKept({});
      setPosted(true);
      // Still posting until the list shows the new comment.
      return comments.refetch();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: 'Error', description: message ?? 'Failed to submit comment. Please try again.', variant: 'destructive' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => String(data.get(name) ?? '');
    const values = { name: read('name'), email: read('email'), content: read('content'), website: read('website') };
    setKept(values);
    setFailure(null);
    const found = validateComment(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, string> = { name: values.name.trim(), content: values.content.trim() };
    if (values.email.trim()) body.email = values.email.trim();
    if (values.website) body.website = values.website;
    post.mutate(body);
  }

  const field = (name: 'name' | 'email' | 'content' | 'website') => ({ name, defaultValue: kept[name] ?? '' });

  return (
    <section aria-labelledby="comments-heading" className="mt-14 border-t border-slate-200 pt-10">
      <h2 id="comments-heading" className="text-2xl font-bold text-slate-900">
        Comments ({comments.data.length})
      </h2>
      {comments.isError ? (
        <p className="mt-4 text-red-700">Failed to load comments. Please try again later.</p>
      ) : comments.data.length === 0 ? (
        <p className="mt-4 text-slate-600">No comments yet. Be the first to share your thoughts!</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {comments.data.map((comment) => (
            <li key={comment.id} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{comment.name}</span>
                <time dateTime={comment.createdAt} className="text-sm text-slate-500">
                  {formatDate(comment.createdAt, timeZone)}
                </time>
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                <UserText text={comment.content} links={comment.links} />
              </p>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {posted ? (
          <div role="status">
            <h3 className="text-lg font-semibold text-slate-900">Thanks for your comment!</h3>
            <p className="mt-1 text-slate-600">Your comment has been posted successfully.</p>
            {/* Without JavaScript the button opens the page again, which shows the form. */}
            <form
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                setPosted(false);
              }}
            >
              <button
                type="submit"
                className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800"
              >
                Add Another Comment
              </button>
            </form>
          </div>
        ) : (
          <form method="post" action={FORM_ACTIONS.comment(articleId)} onSubmit={submit} noValidate className="grid gap-4">
            <h3 className="text-lg font-semibold text-slate-900">Leave a comment</h3>
            {failure && (
              <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                <p className="font-semibold">Error</p>
                <p>{failure}</p>
              </div>
            )}
            <CommentField name="name" label="Name" error={errors.name} control={(attributes) => <input {...attributes} {...field('name')} maxLength={120} />} />
            <CommentField
              name="email"
              label="Email (optional, never shown)"
              error={errors.email}
              control={(attributes) => <input {...attributes} type="email" {...field('email')} />}
            />
            <div className="hidden" aria-hidden="true">
              <label htmlFor="comment-website">Website</label>
              <input id="comment-website" tabIndex={-1} autoComplete="off" {...field('website')} />
            </div>
            <CommentField
              name="content"
              label="Comment"
              error={errors.content}
              control={(attributes) => <textarea {...attributes} rows={5} {...field('content')} />}
            />
            <div>
              <button
                type="submit"
                disabled={post.isPending}
                className="inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800 disabled:opacity-60"
              >
                {post.isPending ? 'Posting...' : 'Post Comment'}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

interface ControlAttributes {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string;
  className: string;
}

/** A field of the comment form: its label, its control (an input or a text area) and its error under it. */
function CommentField({ name, label, error, control }: { name: string; label: string; error?: string; control: (attributes: ControlAttributes) => ReactNode }) {
  const id = `comment-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({ id, 'aria-invalid': !!error, 'aria-describedby': `${id}-error`, className: 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2' })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
