import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { keys } from '../query-keys';
import { isUnauthorized } from '../session';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import type { sitePayload } from './site-form';

type Payload = ReturnType<typeof sitePayload>;

const success = (description: string) => toast({ title: 'Success', description });
const failure = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/** The server's `error` field, or with `details` its validation messages (e.g. 'Latitude must be ...'). */
function serverText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as { error?: unknown; details?: unknown; fields?: Record<string, string[]> };
    if (typeof body.details === 'string') return body.details;
    if (body.fields) return Object.values(body.fields).flat().join(' ');
    if (typeof body.error === 'string') return body.error;
  } catch {
    /* not JSON */
  }
  return null;
}

/**
 * The writes of /admin/dive-sites with SPEC section 8's toasts (title 'Success', or 'Error' in the
 * destructive style). A 401 is not toasted: AdminSessionGate signs the screen out on it.
 */
export function useDiveSiteAdmin() {
  const queryClient = useQueryClient();
  // Every list (all, search, region) starts with the same key.
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.diveSites });
  const fail = (message: (error: unknown) => string) => (error: unknown) => {
    if (!isUnauthorized(error)) failure(message(error));
  };

  const create = useMutation({
    mutationFn: (body: Payload) => apiRequest<DiveSiteResponse>('POST', '/api/dive-sites', body),
    onSuccess: () => {
      void refresh();
      success('Dive site created successfully');
    },
    onError: fail((error) => (error instanceof ApiError ? (serverText(error) ?? `Server error: ${error.status}`) : 'Failed to create dive site')),
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Payload }) => apiRequest<DiveSiteResponse>('PUT', `/api/dive-sites/${id}`, body),
    onSuccess: () => {
      void refresh();
      success('Dive site updated successfully');
    },
    onError: fail((error) => serverText(error) ?? 'Failed to update dive site'),
  });

  // SPEC section 7: featured is toggled by sending the whole site back with the changed value.
  const toggleFeatured = useMutation({
    mutationFn: (site: DiveSiteResponse) => apiRequest<DiveSiteResponse>('PUT', `/api/dive-sites/${site.id}`, { ...site, featured: !site.featured }),
    onSuccess: () => {
      void refresh();
      success('Featured status updated successfully');
    },
    onError: fail(() => 'Failed to update featured status'),
  });

  const remove = useMutation({
    mutationFn: (site: DiveSiteResponse) => apiRequest<void>('DELETE', `/api/dive-sites/${site.id}`),
    onSuccess: () => {
      void refresh();
      success('Dive site deleted successfully');
    },
    onError: fail(() => 'Failed to delete dive site'),
  });

  const photo = useMutation({
    mutationFn: ({ site, imageUrl }: { site: DiveSiteResponse; imageUrl: string }) =>
      apiRequest<DiveSiteResponse>('PATCH', `/api/dive-sites/${site.id}/photo`, { imageUrl }),
    onSuccess: () => {
      void refresh();
      success('Photo updated successfully');
    },
    onError: fail(() => 'Failed to update photo'),
  });

  const video = useMutation({
    mutationFn: ({ site, videoUrl, videoThumbnail }: { site: DiveSiteResponse; videoUrl: string; videoThumbnail: string | null }) =>
      apiRequest<DiveSiteResponse>('PATCH', `/api/dive-sites/${site.id}/video`, { videoUrl, videoThumbnail }),
    onSuccess: () => {
      void refresh();
      success('Video updated successfully');
    },
    onError: fail(() => 'Failed to update video'),
  });

  const reviewLink = useMutation({
    mutationFn: ({ site, reviewLink }: { site: DiveSiteResponse; reviewLink: string }) =>
      apiRequest<DiveSiteResponse>('PATCH', `/api/dive-sites/${site.id}/review-link`, { reviewLink }),
    onSuccess: () => {
      void refresh();
      success('Review link updated successfully');
    },
    onError: fail(() => 'Failed to update review link'),
  });

  return {
    create,
    update,
    toggleFeatured,
    remove,
    quick: {
      updatePhoto: (site: DiveSiteResponse, imageUrl: string) => photo.mutateAsync({ site, imageUrl }),
      updateVideo: (site: DiveSiteResponse, videoUrl: string, videoThumbnail: string | null) => video.mutateAsync({ site, videoUrl, videoThumbnail }),
      updateReviewLink: (site: DiveSiteResponse, link: string) => reviewLink.mutateAsync({ site, reviewLink: link }),
    },
  };
}
