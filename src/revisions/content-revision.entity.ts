import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { RevisionKind, RevisionSnapshot } from 'core/api/revisions';

/**
 * A version of an article or review as it was before a save replaced it. One foreign key per kind, so
 * deleting the post (or emptying its table) takes its versions with it and an id is never shared by two
 * kinds. The relations name their entities, not import them: the posts' folders import this one.
 */
@Entity({ name: 'content_revisions' })
@Check(
  'CHK_content_revisions_kind',
  `("kind" = 'article' AND "articleId" IS NOT NULL AND "reviewId" IS NULL) OR ("kind" = 'review' AND "reviewId" IS NOT NULL AND "articleId" IS NULL)`,
)
@Index('IDX_content_revisions_article_newest', ['articleId', 'id'])
@Index('IDX_content_revisions_review_newest', ['reviewId', 'id'])
export class ContentRevision {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 10 })
  kind: RevisionKind;

  @Column({ type: 'int', nullable: true })
  articleId: number | null;

  @ManyToOne('Article', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'articleId', foreignKeyConstraintName: 'FK_content_revisions_article' })
  article?: unknown;

  @Column({ type: 'int', nullable: true })
  reviewId: number | null;

  @ManyToOne('Review', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reviewId', foreignKeyConstraintName: 'FK_content_revisions_review' })
  review?: unknown;

  @Column({ type: 'jsonb' })
  snapshot: RevisionSnapshot;

  /** The administrator's user name, never anything of their credentials. */
  @Column({ type: 'varchar', length: 100 })
  author: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
