/**
 * What a post needs before it can be saved or published (SPEC section 5). The admin form checks it as
 * the editor saves; the server enforces the same lists with the same messages.
 */
export interface PublishRequirements<F extends string = string> {
  /** The fields publishing needs, in the order the form shows them. */
  requiredToPublish: readonly F[];
  /** The message when one of them is missing. */
  incomplete: string;
}

export const DRAFT_REQUIRED = 'Please provide at least a title to save the draft.';

export const ARTICLE_REQUIREMENTS = {
  requiredToPublish: ['title', 'content', 'category', 'imageUrl'],
  incomplete: 'Please fill in all required fields to publish the article.',
} as const satisfies PublishRequirements;

export const REVIEW_REQUIREMENTS = {
  requiredToPublish: ['title', 'content', 'category', 'imageUrl', 'purchaseLink'],
  incomplete: 'Please fill in all required fields to publish the review.',
} as const satisfies PublishRequirements;

const isBlank = (value: unknown) => (typeof value === 'string' ? !value.trim() : !value);

/** The required fields a post lacks (empty when it can be published). */
export function missingToPublish<F extends string>(post: Partial<Record<F, unknown>>, requirements: PublishRequirements<F>): F[] {
  return requirements.requiredToPublish.filter((field) => isBlank(post[field]));
}

/** The message that stops a save, or null: publishing needs every required field, a draft only a title. */
export function saveProblem<F extends string>(
  post: Partial<Record<F | 'title', unknown>>,
  requirements: PublishRequirements<F>,
  publish: boolean,
): string | null {
  if (publish && missingToPublish(post, requirements).length) return requirements.incomplete;
  if (isBlank(post.title)) return DRAFT_REQUIRED;
  return null;
}

/** The labels the admin forms give the fields publishing needs, for their messages. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  content: 'Content',
  category: 'Category',
  imageUrl: 'Image URL',
  purchaseLink: 'Purchase Link',
};

/**
 * Each field that stops a save, with its message under the field (issue 44): every required field a
 * publish lacks, or the title a draft lacks. Empty when the post can be saved. The form's toast keeps
 * SPEC's message (saveProblem); these say where.
 */
export function fieldProblems<F extends string>(
  post: Partial<Record<F | 'title', unknown>>,
  requirements: PublishRequirements<F>,
  publish: boolean,
): Record<string, string> {
  if (publish) {
    const missing = missingToPublish(post, requirements);
    return Object.fromEntries(missing.map((field) => [field, `${FIELD_LABELS[field] ?? field} is required to publish.`]));
  }
  return isBlank(post.title) ? { title: 'Title is required to save the draft.' } : {};
}

/** Published with a Published Date still ahead: on no public page until then (scheduled publishing). */
export function isScheduled(post: { published: boolean; publishedAt?: string | Date | null }, now = Date.now()): boolean {
  return post.published && !!post.publishedAt && new Date(post.publishedAt).getTime() > now;
}
