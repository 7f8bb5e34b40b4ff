import type { ArticleResponse } from 'core/api/articles';
import { ARTICLE_REQUIREMENTS, saveProblem } from 'core/publishing';
import { EMPTY_POST_FORM, postPayload, postToForm, type PostForm, type PostFormKind } from '../content/post-form';
import { textOrNull } from '../form-text';
import { firstDevelopmentUrl } from '../urls';

export interface ArticleForm extends PostForm {
  videoUrl: string;
}

export const EMPTY_ARTICLE_FORM: ArticleForm = { ...EMPTY_POST_FORM, videoUrl: '' };

export const PUBLISH_REQUIRED = ARTICLE_REQUIREMENTS.incomplete;

export const articleToForm = (article: ArticleResponse, timeZone: string): ArticleForm => ({
  ...postToForm(article, timeZone),
  videoUrl: article.videoUrl ?? '',
});

/** SPEC section 5: publishing needs title, content, category and header image; a draft only a title. */
export const articleProblem = (form: ArticleForm, publish: boolean) => saveProblem(form, ARTICLE_REQUIREMENTS, publish);

export const articleUrlProblem = (form: ArticleForm) =>
  firstDevelopmentUrl([
    ['Header Image URL', form.imageUrl],
    ['Video URL', form.videoUrl],
  ]);

/** The body of POST/PATCH /api/articles. */
export const articlePayload = (form: ArticleForm, published: boolean, timeZone?: string) => ({
  ...postPayload(form, published, timeZone),
  videoUrl: textOrNull(form.videoUrl),
});

/** The blog tab's form. */
export const ARTICLE_FORM: PostFormKind<ArticleResponse, ArticleForm> = {
  empty: EMPTY_ARTICLE_FORM,
  toForm: articleToForm,
  requirements: ARTICLE_REQUIREMENTS,
  urlProblem: articleUrlProblem,
  payload: articlePayload,
};
