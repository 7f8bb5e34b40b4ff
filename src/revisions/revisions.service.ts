import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { RevisionKind, RevisionSnapshot } from 'core/api/revisions';
import { ContentRevision } from './content-revision.entity';

/** How many versions each post keeps; a save past it drops the oldest. */
export const REVISIONS_KEPT = 50;

/** The column naming the post a revision belongs to (one foreign key per kind). */
const OWNER = { article: 'articleId', review: 'reviewId' } as const satisfies Record<RevisionKind, keyof ContentRevision>;

/** The stored versions of articles and reviews: kept by a save, listed newest first, read one at a time. */
@Injectable()
export class RevisionsService {
  constructor(@InjectRepository(ContentRevision) private readonly revisions: Repository<ContentRevision>) {}

  /**
   * Keeps the version a save replaces and drops all but the newest REVISIONS_KEPT of that post, in the
   * save's own transaction (`manager`), so a failed save leaves no version behind and a kept one no gap.
   */
  async record(manager: EntityManager, kind: RevisionKind, postId: number, snapshot: RevisionSnapshot, author: string): Promise<void> {
    const owner = OWNER[kind];
    await manager.getRepository(ContentRevision).insert({ kind, [owner]: postId, snapshot, author });
    await manager.query(
      `DELETE FROM "content_revisions" WHERE "${owner}" = $1 AND "id" < (SELECT "id" FROM "content_revisions" WHERE "${owner}" = $1 ORDER BY "id" DESC OFFSET $2 LIMIT 1)`,
      [postId, REVISIONS_KEPT - 1],
    );
  }

  /** A post's versions, newest first (ids grow with each save, so the id orders them without ties). */
  list(kind: RevisionKind, postId: number): Promise<ContentRevision[]> {
    return this.revisions.find({ where: { [OWNER[kind]]: postId }, order: { id: 'DESC' } });
  }

  /** One version of this post: a version of another post is as unknown as a missing one. */
  async find(kind: RevisionKind, postId: number, revisionId: number): Promise<ContentRevision> {
    const revision = await this.revisions.findOneBy({ id: revisionId, [OWNER[kind]]: postId });
    if (!revision) throw new NotFoundException('Revision not found');
    return revision;
  }
}
