import type { ObjectLiteral, Repository } from 'typeorm';
import { keptCounts } from 'src/lists/kept-counts';
import { likePattern, type Page } from 'src/lists/admin-page';

/** Which posts an administrator's list shows: drafts, published (scheduled ones included), or both. */
export type PostStatus = 'draft' | 'published';

export interface AdminPostFilter {
  status?: PostStatus;
  /** Case-insensitive text in the title or slug. */
  q?: string;
  /** Only posts with a video (articles). */
  video?: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of an administrator's list of articles or reviews and how many match in all, in the order the
 * dashboard shows (SPEC section 2): drafts newest first by creation, published newest first by publish date
 * falling back to creation date (the order IDX_<table>_published_newest holds), both newest first by creation.
 */
export async function adminPostPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  { status, q, video, limit, offset }: AdminPostFilter,
): Promise<Page<T>> {
  const table = repository.metadata.tableName;
  const query = repository.createQueryBuilder('post');
  if (status === 'published') {
    query.where('post.published = true').orderBy('COALESCE(post.publishedAt, post.createdAt)', 'DESC');
  } else {
    if (status === 'draft') query.where('post.published = false');
    query.orderBy('post.createdAt', 'DESC');
  }
  query.addOrderBy('post.id', 'DESC');
  if (video) query.andWhere(`COALESCE(post.videoUrl, '') <> ''`);
  if (q) query.andWhere('(post.title ILIKE :q OR post.slug ILIKE :q)', { q: likePattern(q) });
  // Unsearched and unfiltered by video, the total is one the database keeps (src/lists/kept-counts.ts), not a count of every post.
  const kept = !q && !video && (table === 'articles' || table === 'reviews');
  const [rows, total] = await Promise.all([
    query.clone().limit(limit).offset(offset).getMany(),
    kept ? keptTotal(repository, table, status) : query.getCount(),
  ]);
  return { rows, total };
}

async function keptTotal(repository: Repository<ObjectLiteral>, table: 'articles' | 'reviews', status: PostStatus | undefined): Promise<number> {
  const published = `${table}:published` as const;
  const kept = await keptCounts(repository, [table, published]);
  if (status === 'published') return kept[published];
  return status === 'draft' ? kept[table] - kept[published] : kept[table];
}
