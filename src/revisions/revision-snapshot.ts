import type { RevisionSnapshot } from 'core/api/revisions';

/** The named fields of a post as JSON keeps them: a date as ISO 8601 text, so a snapshot compares with one read back. */
export function snapshotOf(post: object, fields: readonly string[]): RevisionSnapshot {
  const values = post as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field];
      return [field, value instanceof Date ? value.toISOString() : ((value ?? null) as RevisionSnapshot[string])];
    }),
  );
}

/** The fields of `snapshot` whose value differs in `current`, in the snapshot's order. */
export function changedFields(snapshot: RevisionSnapshot, current: RevisionSnapshot): string[] {
  return Object.keys(snapshot).filter((field) => snapshot[field] !== current[field]);
}
