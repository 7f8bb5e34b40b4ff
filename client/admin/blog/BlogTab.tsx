import { useState } from 'react';
import { ContentList } from '../content/ContentList';
import { splitByStatus } from '../content/sort';
import { useContentAdmin } from '../content/useContentAdmin';
import { reportMissing } from '../feedback';
import { formatAdminDate } from '../format';
import { keys } from '../query-keys';
import { toast } from '../../lib/toast';
import { Badge } from '../ui/Badge';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import type { ArticleResponse } from 'core/api/articles';
import { articlePayload, articleProblem, articleToForm, articleUrlProblem, EMPTY_ARTICLE_FORM, type ArticleForm } from './article-form';
import { BlogForm } from './BlogForm';

/** Blog Creator: the post form, then the draft and published lists (SPEC section 2). */
export function BlogTab() {
  const content = useContentAdmin<ArticleResponse>({ endpoint: '/api/articles', queryKey: keys.articles, noun: 'blog post', word: 'Post' });
  const [form, setForm] = useState<ArticleForm>(EMPTY_ARTICLE_FORM);
  const [editing, setEditing] = useState<ArticleResponse | null>(null);
  const confirm = useConfirm();
  const { drafts, published } = splitByStatus(content.list.data ?? []);

  const reset = () => {
    setForm(EMPTY_ARTICLE_FORM);
    setEditing(null);
  };

  function save(publish: boolean) {
    const problem = articleProblem(form, publish);
    if (problem) return reportMissing(problem);
    const urlProblem = articleUrlProblem(form);
    if (urlProblem) return toast({ title: 'Invalid URL', description: urlProblem, variant: 'destructive' });
    content.save.mutate({ id: editing?.id ?? null, body: articlePayload(form, publish) }, { onSuccess: reset });
  }

  function edit(article: ArticleResponse) {
    setEditing(article);
    setForm(articleToForm(article));
    document.getElementById('admin-tabs')?.scrollIntoView({ behavior: 'smooth' });
  }

  function remove(article: ArticleResponse) {
    const run = () => content.remove.mutate(article, { onSuccess: () => editing?.id === article.id && reset() });
    if (!article.published) return run();
    confirm.ask({
      title: 'Delete Published Post',
      description: `Are you sure you want to delete "${article.title}"? This action cannot be undone and will permanently remove the published post from your website.`,
      onConfirm: run,
    });
  }

  const meta = (article: ArticleResponse) => (
    <>
      {article.category && <Badge>{article.category}</Badge>}
      <span>
        {article.published ? `Published ${formatAdminDate(article.publishedAt ?? article.createdAt)}` : `Created ${formatAdminDate(article.createdAt)}`}
      </span>
      <span className="font-mono">/blog/{article.slug}</span>
    </>
  );

  return (
    <div className="grid gap-6">
      <BlogForm form={form} onChange={setForm} editing={editing} saving={content.save.isPending} onSave={save} onCancel={reset} />
      {content.list.isPending ? (
        <p className="text-sm text-slate-500">Loading posts...</p>
      ) : content.list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load blog posts. Please try again.
        </p>
      ) : (
        <>
          <ContentList
            heading="Draft Posts"
            items={drafts}
            empty="No draft posts."
            meta={meta}
            onEdit={edit}
            onTogglePublished={(item) => content.setPublished.mutate(item)}
            onDelete={remove}
            busyId={content.busyId}
          />
          <ContentList
            heading="Published Posts"
            items={published}
            empty="No published posts yet."
            meta={meta}
            onEdit={edit}
            onTogglePublished={(item) => content.setPublished.mutate(item)}
            onDelete={remove}
            busyId={content.busyId}
          />
        </>
      )}
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </div>
  );
}
