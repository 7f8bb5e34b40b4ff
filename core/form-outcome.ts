/** The public forms that also post without JavaScript (src/forms): each island shows its own outcome. */
export type FormName = 'newsletter' | 'contact' | 'comment' | 'rating' | 'correction' | 'report';

/**
 * What became of a form posted without JavaScript, carried to the page it came back to (a flash cookie,
 * read once) and handed to the form's island as its `outcome` prop.
 */
export interface FormOutcome {
  form: FormName;
  /** The article or dive site the form belongs to (comment, rating, correction, report). */
  target?: number;
  /** Set when the post was taken: what the success state shows. */
  done?: { emailSent?: boolean; guideUrl?: string; published?: boolean; photos?: number };
  /** Set when refused: the message the API would have answered. */
  error?: string;
  /** Each refused field's message. */
  fields?: Record<string, string>;
  /** What the visitor had typed, given back to the fields when refused. */
  values?: Record<string, string>;
}

/** The outcome when it belongs to this form (and this article or site), else undefined. */
export function outcomeFor(outcome: FormOutcome | undefined, form: FormName, target?: number): FormOutcome | undefined {
  return outcome && outcome.form === form && outcome.target === target ? outcome : undefined;
}

/** Where each form posts when the browser sends it itself (no JavaScript yet): src/forms answers. */
export const FORM_ACTIONS = {
  newsletter: '/forms/newsletter',
  contact: '/forms/contact',
  comment: (articleId: number) => `/forms/articles/${articleId}/comments`,
  rating: (siteId: number) => `/forms/dive-sites/${siteId}/ratings`,
  correction: (siteId: number) => `/forms/dive-sites/${siteId}/corrections`,
  report: (siteId: number) => `/forms/dive-sites/${siteId}/reports`,
} as const;
