import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ContentList } from '../content/ContentList';
import { splitByStatus } from '../content/sort';
import { useContentAdmin } from '../content/useContentAdmin';
import { reportMissing } from '../feedback';
import { formatAdminDate } from '../format';
import { keys } from '../query-keys';
import type { ReviewResponse } from 'core/api/reviews';
import { Badge } from '../ui/Badge';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import { EMPTY_REVIEW_FORM, reviewPayload, reviewProblem, reviewToForm, reviewUrlProblem, type ReviewForm as ReviewFormState } from './review-form';
import { ReviewForm } from './ReviewForm';

const ratingText = (rating: string | null) => (!rating ? null : /^★+$/.test(rating) ? rating : `${rating}★`);

/** Gear reviews: the form, then 'Draft Reviews (n)' and 'Published Reviews (n)' (SPEC section 2). */
export function ReviewsTab() {
  const content = useContentAdmin<ReviewResponse>({ endpoint: '/api/reviews', queryKey: keys.reviews, noun: 'gear review', word: 'Review' });
  const [form, setForm] = useState<ReviewFormState>(EMPTY_REVIEW_FORM);
  const [editing, setEditing] = useState<ReviewResponse | null>(null);
  const confirm = useConfirm();
  const { drafts, published } = splitByStatus(content.list.data ?? []);

  const reset = () => {
    setForm(EMPTY_REVIEW_FORM);
    setEditing(null);
  };

  function save(publish: boolean) {
    const problem = reviewProblem(form, publish);
    if (problem) return reportMissing(problem);
    const urlProblem = reviewUrlProblem(form);
    if (urlProblem) return toast({ title: 'Invalid URL', description: urlProblem, variant: 'destructive' });
    content.save.mutate({ id: editing?.id ?? null, body: reviewPayload(form, publish) }, { onSuccess: reset });
  }

  function edit(review: ReviewResponse) {
    setEditing(review);
    setForm(reviewToForm(review));
    document.getElementById('admin-tabs')?.scrollIntoView({ behavior: 'smooth' });
  }

  function remove(review: ReviewResponse) {
    confirm.ask({
      title: 'Delete Gear Review',
      description: 'Are you sure you want to delete this gear review?',
      onConfirm: () => content.remove.mutate(review, { onSuccess: () => editing?.id === review.id && reset() }),
    });
  }

  const meta = (review: ReviewResponse) => (
    <>
      {review.category && <Badge>{review.category}</Badge>}
      {review.price && <span>{review.price}</span>}
      {ratingText(review.rating) && <span className="text-amber-600">{ratingText(review.rating)}</span>}
      <span>{review.published ? `Published ${formatAdminDate(review.publishedAt ?? review.createdAt)}` : `Created ${formatAdminDate(review.createdAt)}`}</span>
    </>
  );

  return (
    <div className="grid gap-6">
      <ReviewForm form={form} onChange={setForm} editing={editing} saving={content.save.isPending} onSave={save} onCancel={reset} />
      {content.list.isPending ? (
        <p className="text-sm text-slate-500">Loading reviews...</p>
      ) : content.list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load gear reviews. Please try again.
        </p>
      ) : (
        <>
          <ContentList
            heading="Draft Reviews"
            items={drafts}
            empty="No draft reviews."
            meta={meta}
            onEdit={edit}
            onTogglePublished={(item) => content.setPublished.mutate(item)}
            onDelete={remove}
            busyId={content.busyId}
          />
          <ContentList
            heading="Published Reviews"
            items={published}
            empty="No published reviews yet."
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
