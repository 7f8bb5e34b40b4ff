import type { Moment } from './moment';

export type RevisionKind = 'article' | 'review';

/** A stored version's editable fields, as JSON holds them (a date is ISO 8601 text). */
export type RevisionSnapshot = Record<string, string | number | boolean | null>;

/** GET /api/admin/{articles|reviews}/{id}/revisions, newest first. */
export interface RevisionListItem<T extends Moment = string> {
  id: number;
  /** When this version was replaced by a save. */
  createdAt: T;
  /** The administrator whose save replaced it. */
  author: string;
  title: string;
  /** The fields in which this version differs from the post as it is now. */
  changedFields: string[];
}

/** GET /api/admin/{articles|reviews}/{id}/revisions/{revisionId}: the whole version. */
export interface RevisionResponse<T extends Moment = string> extends RevisionListItem<T> {
  snapshot: RevisionSnapshot;
}
