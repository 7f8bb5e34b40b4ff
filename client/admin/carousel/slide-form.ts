import type { ArticleResponse } from 'core/api/articles';
import type { AdminSlide } from 'core/api/carousel';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { textsOrEmpty, textsOrNull } from '../form-text';
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

/** The slide's optional text: '' in the form where the slide has none, null in the payload where left blank. */
const SLIDE_OPTIONAL_TEXT = ['description', 'posterImageUrl', 'ctaText', 'ctaUrl'] as const;

export function slideToForm(slide: AdminSlide): SlideForm {
  return { title: slide.title, videoUrl: slide.videoUrl, ...textsOrEmpty(slide, SLIDE_OPTIONAL_TEXT), published: slide.published };
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
  return {
    title: form.title.trim(),
    videoUrl: form.videoUrl.trim(),
    ...textsOrNull(form, SLIDE_OPTIONAL_TEXT),
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

/** A page's video as a slide: the page's title, its text clipped, its video's thumbnail (else its image) as the poster. */
function videoSlide(
  title: string,
  text: string | null,
  media: { videoUrl: string | null; videoThumbnail: string | null; imageUrl: string | null },
  ctaText: string,
  ctaUrl: string,
): SlideForm {
  return {
    ...EMPTY_SLIDE_FORM,
    title,
    videoUrl: media.videoUrl ?? '',
    description: clip(text, 200),
    posterImageUrl: media.videoThumbnail ?? media.imageUrl ?? '',
    ctaText,
    ctaUrl,
  };
}

/** 'Load from Existing Video': the videos of dive sites and articles, each a ready-made slide. */
export function existingVideos(sites: DiveSiteResponse[], articles: ArticleResponse[]): { sites: ExistingVideo[]; articles: ExistingVideo[] } {
  return {
    sites: sites
      .filter((site) => site.videoUrl)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((site) => ({
        key: `site-${site.id}`,
        label: `${site.name} (${site.region})`,
        form: videoSlide(site.name, site.description, site, 'Explore This Dive Site', `/dive-sites/${site.id}`),
      })),
    articles: articles
      .filter((article) => article.videoUrl)
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((article) => ({
        key: `article-${article.id}`,
        label: article.title,
        form: videoSlide(article.title, article.excerpt, article, 'Read the Article', `/blog/${article.slug}`),
      })),
  };
}
