import type { RevisionListItem, RevisionResponse, RevisionSnapshot } from 'core/api/revisions';
import type { ContentRevision } from './content-revision.entity';
import { changedFields } from './revision-snapshot';

/** A version in the list: who replaced it and when, its title, and how it differs from the post now. */
export function toRevisionListItem(revision: ContentRevision, current: RevisionSnapshot): RevisionListItem<Date> {
  return {
    id: revision.id,
    createdAt: revision.createdAt,
    author: revision.author,
    title: String(revision.snapshot.title ?? ''),
    changedFields: changedFields(revision.snapshot, current),
  };
}

export function toRevisionResponse(revision: ContentRevision, current: RevisionSnapshot): RevisionResponse<Date> {
  return { ...toRevisionListItem(revision, current), snapshot: revision.snapshot };
}
