import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, getJson } from '../../lib/api';
import { toast } from '../../lib/toast';
import { reportFailure, reportMissing, reportSuccess } from '../feedback';
import { keys } from '../query-keys';
import type { ArticleResponse } from 'core/api/articles';
import type { AdminSlide } from 'core/api/carousel';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import { CarouselForm } from './CarouselForm';
import { EMPTY_SLIDE_FORM, existingVideos, nextOrdering, slidePayload, slideProblem, slideToForm, slideUrlProblem, type SlideForm } from './slide-form';
import { SlideList } from './SlideList';
import { scrollToEditor } from '../ui/scroll';

const byOrdering = (a: AdminSlide, b: AdminSlide) => a.ordering - b.ordering || a.id - b.id;

/** The homepage carousel's slides (SPEC section 2, carousel tab). */
export function CarouselTab() {
  const queryClient = useQueryClient();
  const slides = useQuery({ queryKey: keys.carousel, queryFn: () => getJson<AdminSlide[]>('/api/carousel-videos?admin=true') });
  // Only what has a video, the most one page holds (the lists are paged on the server: issue 31).
  const sites = useQuery({ queryKey: [...keys.diveSites, 'video'], queryFn: () => getJson<DiveSiteResponse[]>('/api/dive-sites?video=true&limit=100') });
  const articles = useQuery({
    queryKey: [...keys.articles, 'video'],
    queryFn: () => getJson<ArticleResponse[]>('/api/articles?admin=true&video=true&limit=100'),
  });
  const [form, setForm] = useState<SlideForm>(EMPTY_SLIDE_FORM);
  const [editing, setEditing] = useState<AdminSlide | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Issue 44: the slides first; the form shows once 'New slide' or a slide's Edit opens it.
  const [creating, setCreating] = useState(false);
  const confirm = useConfirm();
  const list = [...(slides.data ?? [])].sort(byOrdering);

  const reset = () => {
    setForm(EMPTY_SLIDE_FORM);
    setEditing(null);
    setCreating(false);
    setFormKey((key) => key + 1);
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.carousel });
    void queryClient.invalidateQueries({ queryKey: keys.session });
  };

  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      id === null ? apiRequest<AdminSlide>('POST', '/api/carousel-videos', body) : apiRequest<AdminSlide>('PATCH', `/api/carousel-videos/${id}`, body),
    onSuccess: (_saved, { id }) => {
      refresh();
      reset();
      reportSuccess(
        id === null ? 'Slide Created' : 'Slide Updated',
        id === null ? 'The carousel slide has been created.' : 'The carousel slide has been updated.',
      );
    },
    onError: (error, { id }) =>
      id === null
        ? reportFailure(error, 'Creation Failed', 'Failed to create carousel slide. Please try again.', { preferServerMessage: true })
        : reportFailure(error, 'Update Failed', 'Failed to update carousel slide. Please try again.', { preferServerMessage: true }),
  });

  const remove = useMutation({
    mutationFn: (slide: AdminSlide) => apiRequest<void>('DELETE', `/api/carousel-videos/${slide.id}`),
    onSuccess: (_result, slide) => {
      refresh();
      if (editing?.id === slide.id) reset();
      reportSuccess('Slide Deleted', 'The carousel slide has been deleted.');
    },
    onError: (error) => reportFailure(error, 'Deletion Failed', 'Failed to delete carousel slide. Please try again.', { preferServerMessage: true }),
  });

  function submit() {
    const problem = slideProblem(form);
    if (problem) return reportMissing(problem);
    const urlProblem = slideUrlProblem(form);
    if (urlProblem) return toast({ title: 'Invalid URL', description: urlProblem, variant: 'destructive' });
    save.mutate({ id: editing?.id ?? null, body: slidePayload(form, editing ? editing.ordering : nextOrdering(list)) });
  }

  function edit(slide: AdminSlide) {
    setEditing(slide);
    setForm(slideToForm(slide));
    scrollToEditor();
  }

  function askDelete(slide: AdminSlide) {
    confirm.ask({
      title: 'Delete Carousel Slide',
      description: `Are you sure you want to delete "${slide.title}"? This action cannot be undone.`,
      onConfirm: () => remove.mutate(slide),
    });
  }

  return (
    <div className="grid gap-6">
      {!creating && !editing && (
        <div className="flex justify-end">
          <Button
            onClick={() => {
              reset();
              setCreating(true);
            }}
          >
            New slide
          </Button>
        </div>
      )}
      {(creating || editing) && (
        <CarouselForm
          key={formKey}
          form={form}
          onChange={setForm}
          editing={!!editing}
          saving={save.isPending}
          existing={existingVideos(sites.data ?? [], articles.data ?? [])}
          onSave={submit}
          onReset={
            editing
              ? reset
              : () => {
                  setForm(EMPTY_SLIDE_FORM);
                  setFormKey((key) => key + 1);
                }
          }
          onClose={reset}
        />
      )}
      {slides.isPending ? (
        <p className="text-sm text-slate-500">Loading slides...</p>
      ) : slides.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load carousel slides. Please try again.
        </p>
      ) : (
        <SlideList slides={list} onEdit={edit} onDelete={askDelete} busyId={remove.isPending ? (remove.variables?.id ?? null) : null} />
      )}
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </div>
  );
}
