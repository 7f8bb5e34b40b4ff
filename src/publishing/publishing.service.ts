import { BadRequestException, Injectable } from '@nestjs/common';
import type { FindOptionsWhere, Repository } from 'typeorm';
import { TEAM_NAME } from 'core/constants';
import type { RevisionKind, RevisionListItem, RevisionResponse, RevisionSnapshot } from 'core/api/revisions';
import { missingToPublish, type PublishRequirements } from 'core/publishing';
import { autoExcerpt } from 'core/text';
import { Clock } from 'src/common/clock';
import { toRevisionListItem, toRevisionResponse } from 'src/revisions/revision.response';
import { snapshotOf } from 'src/revisions/revision-snapshot';
import { RevisionsService } from 'src/revisions/revisions.service';
import type { PublishableWriteDto } from './dto/publishable-write.dto';
import type { Publishable } from './publishable.entity';
import { resolvePublishedAt } from './published-at';
import { uniqueSlug } from './unique-slug';

export type PublishingChanges = Pick<PublishableWriteDto, 'slug' | 'excerpt' | 'publishedAt'>;

/** The fields of every post a version keeps and a restore brings back. */
const RESTORED_FIELDS = ['title', 'slug', 'excerpt', 'content', 'category', 'imageUrl', 'author'] as const;
/**
 * Kept with each version so the editor sees them, never restored: bringing back old words must not take
 * a live post off the site or move its date.
 */
const PUBLICATION_FIELDS = ['published', 'publishedAt'] as const;

/** What a feature tells the publisher about its kind of post: what publishing needs (core/publishing.ts) and its slug conflict text. */
export interface PublishingRules<T extends Publishable> extends PublishRequirements<keyof T & string> {
  /** 409 text when an explicit slug is taken, e.g. 'An article with this URL slug already exists'. */
  slugTaken: string;
  /** How its versions are stored: the kind, and its own restorable fields beside the shared ones. */
  revisions: { kind: RevisionKind; fields: readonly (keyof T & string)[] };
}

/**
 * The publishing rules articles and reviews share (SPEC sections 5 and 9): a slug from the title unless
 * one is chosen, an excerpt from the content unless one is written, the team as author by default, the
 * publish date set on first publish, and nothing published without its required fields. Every edit
 * keeps the version it replaces (src/revisions).
 */
@Injectable()
export class PublishingService {
  constructor(
    private readonly clock: Clock,
    private readonly revisionStore: RevisionsService,
  ) {}

  /**
   * Finishes a post the feature has filled from a create (no id yet) or update body, checks it and saves
   * it. `changes` are the body's publishing fields, where undefined means 'not sent'. An edit that changes
   * anything also stores the post as it was, credited to `editor`, in the same transaction; a create
   * replaces nothing and names no editor.
   */
  async save<T extends Publishable>(repository: Repository<T>, post: T, changes: PublishingChanges, rules: PublishingRules<T>, editor?: string): Promise<T> {
    return repository.manager.transaction(async (manager) => {
      const posts = manager.getRepository<T>(repository.target);
      const isNew = post.id === undefined;
      // Locked, so two saves of one post each keep the version the other replaced.
      const stored = isNew ? null : await posts.findOne({ where: { id: post.id } as FindOptionsWhere<T>, lock: { mode: 'pessimistic_write' } });
      post.author ||= TEAM_NAME;
      if (isNew || changes.slug !== undefined) {
        post.slug = await uniqueSlug(posts as unknown as Repository<Publishable>, changes.slug ?? null, post.title, isNew ? null : post.id, rules.slugTaken);
      }
      if (isNew || changes.excerpt !== undefined) post.excerpt = changes.excerpt || autoExcerpt(post.content);
      post.publishedAt = resolvePublishedAt(post.published, changes.publishedAt, isNew ? null : post.publishedAt, this.clock.now());
      this.assertPublishable(post, rules);
      if (stored) {
        if (!editor) throw new Error('An edit must name the administrator who makes it');
        const previous = this.snapshot(stored, rules);
        if (JSON.stringify(previous) !== JSON.stringify(this.snapshot(post, rules))) {
          await this.revisionStore.record(manager, rules.revisions.kind, stored.id, previous, editor);
        }
      }
      return posts.save(post);
    });
  }

  /** A post's fields as a version keeps them. */
  snapshot<T extends Publishable>(post: T, rules: PublishingRules<T>): RevisionSnapshot {
    return snapshotOf(post, [...RESTORED_FIELDS, ...rules.revisions.fields, ...PUBLICATION_FIELDS]);
  }

  /** The post's stored versions, newest first, each with the fields in which it differs from the post now. */
  async revisions<T extends Publishable>(post: T, rules: PublishingRules<T>): Promise<RevisionListItem<Date>[]> {
    const current = this.snapshot(post, rules);
    return (await this.revisionStore.list(rules.revisions.kind, post.id)).map((revision) => toRevisionListItem(revision, current));
  }

  /** One stored version of this post, whole (404 for a version of another post). */
  async revision<T extends Publishable>(post: T, revisionId: number, rules: PublishingRules<T>): Promise<RevisionResponse<Date>> {
    return toRevisionResponse(await this.revisionStore.find(rules.revisions.kind, post.id, revisionId), this.snapshot(post, rules));
  }

  /**
   * Puts a stored version's words back into the post and saves it like any edit, so the version it
   * replaces is kept in turn. Whether and when the post is published stays as it is now.
   */
  async restore<T extends Publishable>(repository: Repository<T>, post: T, revisionId: number, rules: PublishingRules<T>, editor: string): Promise<T> {
    const { snapshot } = await this.revisionStore.find(rules.revisions.kind, post.id, revisionId);
    const values = post as Record<string, unknown>;
    for (const field of [...RESTORED_FIELDS, ...rules.revisions.fields]) {
      if (field in snapshot) values[field] = snapshot[field];
    }
    return this.save(repository, post, { slug: post.slug, excerpt: post.excerpt }, rules, editor);
  }

  private assertPublishable<T extends Publishable>(post: T, rules: PublishingRules<T>): void {
    if (!post.published) return;
    const missing = missingToPublish<keyof T & string>(post as Partial<Record<keyof T & string, unknown>>, rules);
    if (missing.length) {
      throw new BadRequestException({ message: rules.incomplete, fields: Object.fromEntries(missing.map((field) => [field, ['Required to publish']])) });
    }
  }
}
