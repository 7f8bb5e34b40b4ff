import { createContext } from 'react';
import type { FormName, FormOutcome } from 'core/form-outcome';

/** The outcome of a form posted without JavaScript, for the page that shows it (set by the render). */
export const FormOutcomeContext = createContext<FormOutcome | undefined>(undefined);

/** The islands that are public forms, by the form each one posts. */
export const FORM_ISLANDS: Partial<Record<string, FormName>> = {
  NewsletterSignup: 'newsletter',
  ContactForm: 'contact',
  ArticleComments: 'comment',
  SiteRatings: 'rating',
  SuggestCorrection: 'correction',
  SiteReportForm: 'report',
};
