import type { DiveSiteField } from './fields';

/**
 * Issue 30's 'Suggest a correction': the facts of a site a visitor may suggest new words for, as the form
 * names them, each with the most its column holds. Accepting one writes the suggestion into that field.
 */
export const CORRECTION_FIELDS = [
  { field: 'statusNote', label: 'Status (open, restricted or closed)', max: 2000 },
  { field: 'description', label: 'Description', max: 20_000 },
  { field: 'depthRange', label: 'Depth', max: 50 },
  { field: 'waterTemp', label: 'Water temperature', max: 50 },
  { field: 'visibility', label: 'Visibility', max: 100 },
  { field: 'bestTime', label: 'Best time to dive', max: 200 },
  { field: 'marineLife', label: 'Marine life', max: 5000 },
  { field: 'hazards', label: 'Hazards', max: 5000 },
  { field: 'facilities', label: 'Facilities and getting there', max: 5000 },
] as const satisfies readonly { field: DiveSiteField; label: string; max: number }[];

export type CorrectionField = (typeof CORRECTION_FIELDS)[number]['field'];
export const CORRECTION_FIELD_NAMES: readonly CorrectionField[] = CORRECTION_FIELDS.map((entry) => entry.field);

export const correctionLabel = (field: string): string => CORRECTION_FIELDS.find((entry) => entry.field === field)?.label ?? field;

/** The words of the form and its answers (where SPEC says nothing, kept short). */
export const CORRECTION_TEXT = {
  thanks: 'Thank you. We will check your correction against its source before changing the page.',
  fieldRequired: 'Choose the fact to correct',
  suggestionRequired: 'Write the correction (at least 10 characters)',
  sourceRequired: 'Give the web address of a published source (https://...)',
  email: 'Please enter a valid email address',
  tooMany: 'Too many corrections from your network. Please wait a few minutes and try again.',
} as const;

/** A suggested correction as the administrator's queue lists it. */
export interface AdminCorrectionResponse<T = string> {
  id: number;
  field: CorrectionField;
  suggestion: string;
  sourceUrl: string;
  email: string | null;
  createdAt: T;
  site: { id: number; name: string; current: string | null };
}
