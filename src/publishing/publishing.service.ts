import { BadRequestException, Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { TEAM_NAME } from 'core/constants';
import { missingToPublish, type PublishRequirements } from 'core/publishing';
import { autoExcerpt } from 'core/text';
import { Clock } from 'src/common/clock';
import type { PublishableWriteDto } from './dto/publishable-write.dto';
import type { Publishable } from './publishable.entity';
import { resolvePublishedAt } from './published-at';
import { uniqueSlug } from './unique-slug';

export type PublishingChanges = Pick<PublishableWriteDto, 'slug' | 'excerpt' | 'publishedAt'>;

/** What a feature tells the publisher about its kind of post: what publishing needs (core/publishing.ts) and its slug conflict text. */
export interface PublishingRules<T extends Publishable> extends PublishRequirements<keyof T & string> {
  /** 409 text when an explicit slug is taken, e.g. 'An article with this URL slug already exists'. */
  slugTaken: string;
}

/**
 * The publishing rules articles and reviews share (SPEC sections 5 and 9): a slug from the title unless
 * one is chosen, an excerpt from the content unless one is written, the team as author by default, the
 * publish date set on first publish, and nothing published without its required fields.
 */
@Injectable()
export class PublishingService {
  constructor(private readonly clock: Clock) {}

  /**
   * Finishes a post the feature has filled from a create (no id yet) or update body, checks it and saves
   * it. `changes` are the body's publishing fields, where undefined means 'not sent'.
   */
  async save<T extends Publishable>(repository: Repository<T>, post: T, changes: PublishingChanges, rules: PublishingRules<T>): Promise<T> {
    const isNew = post.id === undefined;
    post.author ||= TEAM_NAME;
    if (isNew || changes.slug !== undefined) {
      post.slug = await uniqueSlug(repository as unknown as Repository<Publishable>, changes.slug ?? null, post.title, isNew ? null : post.id, rules.slugTaken);
    }
    if (isNew || changes.excerpt !== undefined) post.excerpt = changes.excerpt || autoExcerpt(post.content);
    post.publishedAt = resolvePublishedAt(post.published, changes.publishedAt, isNew ? null : post.publishedAt, this.clock.now());
    this.assertPublishable(post, rules);
    return repository.save(post);
  }

  private assertPublishable<T extends Publishable>(post: T, rules: PublishingRules<T>): void {
    if (!post.published) return;
    const missing = missingToPublish<keyof T & string>(post as Partial<Record<keyof T & string, unknown>>, rules);
    if (missing.length) {
      throw new BadRequestException({ message: rules.incomplete, fields: Object.fromEntries(missing.map((field) => [field, ['Required to publish']])) });
    }
  }
}
