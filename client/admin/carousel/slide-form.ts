import type { ArticleResponse } from 'core/api/articles';
import type { AdminSlide } from 'core/api/carousel';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { firstDevelopmentUrl } from '../urls';

export interface SlideForm {
  title: string;
  videoUrl: string;
  description: string;
  posterImageUrl: string;
  ctaText: string;
  ctaUrl: string;
  published: boolean;
}

/** A new slide goes to the homepage unless unchecked (SPEC section 3: the admin form defaults to published). */
export const EMPTY_SLIDE_FORM: SlideForm = { title: '', videoUrl: '', description: '', posterImageUrl: '', ctaText: '', ctaUrl: '', published: true };

export const SLIDE_REQUIRED = 'Please provide a title and video URL before saving the carousel slide.';

export function slideToForm(slide: AdminSlide): SlideForm {
  return {
    title: slide.title,
    videoUrl: slide.videoUrl,
    description: slide.description ?? '',
    posterImageUrl: slide.posterImageUrl ?? '',
    ctaText: slide.ctaText ?? '',
    ctaUrl: slide.ctaUrl ?? '',
    published: slide.published,
  };
}

export const slideProblem = (form: SlideForm) => (!form.title.trim() || !form.videoUrl.trim() ? SLIDE_REQUIRED : null);

/** Where slideProblem's message applies (issue 44): each missing field, by name, with its own message. */
export function slideFieldProblems(form: SlideForm): Record<string, string> {
  return {
    ...(!form.title.trim() && { title: 'Title is required.' }),
    ...(!form.videoUrl.trim() && { videoUrl: 'Video URL is required.' }),
  };
}

export const slideUrlProblem = (form: SlideForm) =>
  firstDevelopmentUrl([
    ['Video URL', form.videoUrl],
    ['Poster Image URL', form.posterImageUrl],
  ]);

/** SPEC section 5: optional fields are sent as null when empty. A new slide goes after the others. */
export function slidePayload(form: SlideForm, ordering: number) {
  const optional = (value: string) => value.trim() || null;
  return {
    title: form.title.trim(),
    videoUrl: form.videoUrl.trim(),
    description: optional(form.description),
    posterImageUrl: optional(form.posterImageUrl),
    ctaText: optional(form.ctaText),
    ctaUrl: optional(form.ctaUrl),
    ordering,
    published: form.published,
  };
}

export const nextOrdering = (slides: AdminSlide[]) => slides.reduce((max, slide) => Math.max(max, slide.ordering + 1), 0);

export interface ExistingVideo {
  key: string;
  label: string;
  form: SlideForm;
}

const clip = (text: string | null, length: number) => {
  const value = (text ?? '').trim();
  return value.length <= length ? value : `${value.slice(0, length).trimEnd()}...`;
};

/** 'Load from Existing Video': the videos of dive sites and articles, each a ready-made slide. */
export function existingVideos(sites: DiveSiteResponse[], articles: ArticleResponse[]): { sites: ExistingVideo[]; articles: ExistingVideo[] } {
  return {
    sites: sites
      .filter((site) => site.videoUrl)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((site) => ({
        key: `site-${site.id}`,
        label: `${site.name} (${site.region})`,
        form: {
          ...EMPTY_SLIDE_FORM,
          title: site.name,
          videoUrl: site.videoUrl ?? '',
          description: clip(site.description, 200),
          posterImageUrl: site.videoThumbnail ?? site.imageUrl ?? '',
          ctaText: 'Explore This Dive Site',
          ctaUrl: `/dive-sites/${site.id}`,
        },
      })),
    articles: articles
      .filter((article) => article.videoUrl)
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((article) => ({
        key: `article-${article.id}`,
        label: article.title,
        form: {
          ...EMPTY_SLIDE_FORM,
          title: article.title,
          videoUrl: article.videoUrl ?? '',
          description: clip(article.excerpt, 200),
          posterImageUrl: article.videoThumbnail ?? article.imageUrl ?? '',
          ctaText: 'Read the Article',
          ctaUrl: `/blog/${article.slug}`,
        },
      })),
  };
}
