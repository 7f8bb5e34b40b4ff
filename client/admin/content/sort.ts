interface Publishable {
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
}

const time = (value: string | null) => (value ? new Date(value).getTime() : 0);

/**
 * Drafts newest first by creation; published items newest first by published date, falling back to
 * the creation date (SPEC section 2).
 */
export function splitByStatus<T extends Publishable>(items: T[]): { drafts: T[]; published: T[] } {
  const drafts = items.filter((item) => !item.published).sort((a, b) => time(b.createdAt) - time(a.createdAt));
  const published = items.filter((item) => item.published).sort((a, b) => time(b.publishedAt ?? b.createdAt) - time(a.publishedAt ?? a.createdAt));
  return { drafts, published };
}
