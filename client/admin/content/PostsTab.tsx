import { useState, type ComponentType, type ReactNode } from 'react';
import { SearchField, useSearchText } from '../ui/SearchField';
import type { AdminPages } from '../use-admin-pages';
import type { ArticleListItem } from 'core/api/articles';
import type { PreviewKind } from 'core/api/previews';
import { toast } from '../../lib/toast';
import { reportMissing } from '../feedback';
import { formatDateTimeIn, fromZonedInput } from 'core/site-time';
import { formatAdminDate } from '../format';
import { useSiteTimeZone } from '../site-time';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import { ContentList } from './ContentList';
import type { PostEditorProps } from './PostEditor';
import type { PostForm, PostFormKind } from './post-form';
import { PreviewActions } from './PreviewActions';
import { RevisionsPanel } from './RevisionsPanel';
import { useContentAdmin, type ContentAdminOptions } from './useContentAdmin';
import { fieldProblems, isScheduled, saveProblem } from 'core/publishing';
import { scrollToEditor } from '../ui/scroll';

type Post = ArticleListItem & { content: string; published: boolean };

/** What one kind of post (articles, reviews) brings to the shared tab. */
export interface PostsTabConfig<P extends Post, F extends PostForm> {
  api: ContentAdminOptions;
  Editor: ComponentType<PostEditorProps<F>>;
  form: PostFormKind<P, F>;
  /** The post's own details in the list, between its category and date. */
  details?: (post: P) => ReactNode;
  /** Its public address, shown after the date. */
  path?: (post: P) => string;
  /** Its kind on the preview page: drafts and scheduled posts get 'Preview' and share links (issue 32). */
  previewKind: PreviewKind;
  /** What deleting this post asks first (its title and text): every delete asks (issue 44). */
  deleteConfirmation: (post: P) => { title: string; description: string };
  /** 'Posts' or 'Reviews': 'Draft Posts', 'Loading posts...'. */
  plural: string;
  /** 'blog posts': 'Failed to load blog posts. Please try again.' */
  listNoun: string;
}

const NO_ERRORS: Record<string, string> = {};

/** 'Published 4 July 2025', or 'Scheduled for 4 July 2025, 9:30 am' (the site's time) while its date is ahead. */
function publishedLabel(post: { published: boolean; publishedAt: string | null; createdAt: string }, timeZone: string): string {
  if (post.publishedAt && isScheduled(post)) return `Scheduled for ${formatDateTimeIn(post.publishedAt, timeZone)}`;
  return `Published ${formatAdminDate(post.publishedAt ?? post.createdAt, timeZone)}`;
}

/** A posts tab of the dashboard (SPEC section 2: blog and reviews): the editor, then the draft and published lists. */
export function PostsTab<P extends Post, F extends PostForm>({
  api,
  Editor,
  form: { empty: emptyForm, toForm, requirements, urlProblem, payload },
  details,
  path,
  previewKind,
  deleteConfirmation,
  plural,
  listNoun,
}: PostsTabConfig<P, F>) {
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  const content = useContentAdmin<P>(api, search);
  const [form, setForm] = useState<F>(emptyForm);
  const [editing, setEditing] = useState<P | null>(null);
  // Issue 44: the lists come first; the editor shows once 'New post' or a row's Edit opens it.
  const [creating, setCreating] = useState(false);
  // The last save that stopped on missing fields (publish or draft), and how many times it was tried, so
  // that each try moves focus to the first field to fix; the marks follow the form as it is filled in.
  const [attempt, setAttempt] = useState<{ publish: boolean; count: number } | null>(null);
  const confirm = useConfirm();
  const lower = plural.toLowerCase();
  const timeZone = useSiteTimeZone();

  const reset = () => {
    setForm(emptyForm);
    setEditing(null);
    setCreating(false);
    setAttempt(null);
  };

  function create() {
    reset();
    setCreating(true);
    scrollToEditor();
  }

  function save(publish: boolean) {
    const missing = saveProblem(form, requirements, publish);
    if (missing) {
      setAttempt({ publish, count: (attempt?.count ?? 0) + 1 });
      return reportMissing(missing);
    }
    setAttempt(null);
    const badUrl = urlProblem(form);
    if (badUrl) return toast({ title: 'Invalid URL', description: badUrl, variant: 'destructive' });
    const run = () => content.save.mutate({ id: editing?.id ?? null, body: payload(form, publish, timeZone) }, { onSuccess: reset });
    // Putting a post before readers asks first; saving a draft, or an edit of a live post (its revisions can
    // restore the last version), does not.
    if (publish && !editing?.published) return confirm.ask(publishQuestion(form.title.trim(), fromZonedInput(form.publishedAt, timeZone), run));
    run();
  }

  function publishQuestion(title: string, at: Date | null, onConfirm: () => void) {
    const noun = lower.replace(/s$/, '');
    return {
      title: `Publish \u201c${title}\u201d?`,
      description:
        at && at.getTime() > Date.now()
          ? `The ${noun} is scheduled: it appears on the site at its Published Date.`
          : `The ${noun} appears on the site, in its lists and feeds, for every reader now.`,
      confirmLabel: 'Publish',
      tone: 'primary' as const,
      onConfirm,
    };
  }

  function edit(post: P) {
    setAttempt(null);
    setEditing(post);
    setForm(toForm(post, timeZone));
    scrollToEditor();
  }

  function remove(post: P) {
    const run = () => content.remove.mutate(post, { onSuccess: () => editing?.id === post.id && reset() });
    confirm.ask({ ...deleteConfirmation(post), onConfirm: run });
  }

  /** Publishing puts a post before every reader and unpublishing takes a live one down: both ask first. */
  function togglePublished(post: P) {
    const noun = lower.replace(/s$/, '');
    confirm.ask(
      post.published
        ? {
            title: `Unpublish \u201c${post.title}\u201d?`,
            description: `The ${noun} comes off the site and back to the drafts; readers following a link to it will find nothing until it is published again.`,
            confirmLabel: 'Unpublish',
            onConfirm: () => content.setPublished.mutate(post),
          }
        : publishQuestion(post.title, post.publishedAt ? new Date(post.publishedAt) : null, () => content.setPublished.mutate(post)),
    );
  }

  const meta = (post: P) => (
    <>
      {post.category && <Badge>{post.category}</Badge>}
      {details?.(post)}
      <span>{post.published ? publishedLabel(post, timeZone) : `Created ${formatAdminDate(post.createdAt)}`}</span>
      {path && <span className="font-mono">{path(post)}</span>}
      {(!post.published || isScheduled(post)) && <PreviewActions kind={previewKind} id={post.id} title={post.title} />}
    </>
  );

  const list = (heading: string, pages: AdminPages<P>, empty: string) => (
    <ContentList
      heading={heading}
      items={pages.data ?? []}
      total={pages.total}
      hasMore={pages.hasMore}
      loadingMore={pages.loadingMore}
      onMore={pages.more}
      empty={empty}
      meta={meta}
      onEdit={edit}
      onTogglePublished={togglePublished}
      onDelete={remove}
      busyId={content.busyId}
    />
  );

  return (
    <div className="grid gap-6">
      {(creating || editing) && (
        <Editor
          form={form}
          onChange={setForm}
          editing={editing}
          saving={content.save.isPending}
          onSave={save}
          onCancel={reset}
          errors={attempt ? fieldProblems(form, requirements, attempt.publish) : NO_ERRORS}
          attempt={attempt?.count ?? 0}
        />
      )}
      {editing && <RevisionsPanel<P> key={editing.id} api={api} postId={editing.id} onRestored={edit} />}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchField label={`Search ${lower}`} placeholder="Title or URL slug" value={searchText} onChange={setSearchText} className="w-full sm:max-w-md" />
        {!creating && !editing && <Button onClick={create}>{`New ${api.word.toLowerCase()}`}</Button>}
      </div>
      {content.drafts.isPending || content.published.isPending ? (
        <p className="text-sm text-slate-500">Loading {lower}...</p>
      ) : content.drafts.isError || content.published.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load {listNoun}. Please try again.
        </p>
      ) : (
        <>
          {list(`Draft ${plural}`, content.drafts, search ? `No draft ${lower} match.` : `No draft ${lower}.`)}
          {list(`Published ${plural}`, content.published, search ? `No published ${lower} match.` : `No published ${lower} yet.`)}
        </>
      )}
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </div>
  );
}
