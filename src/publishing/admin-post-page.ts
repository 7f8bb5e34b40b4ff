import type { ObjectLiteral, Repository } from 'typeorm';
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
  const [rows, total] = await Promise.all([query.clone().limit(limit).offset(offset).getMany(), query.getCount()]);
  return { rows, total };
}
