import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { RevisionListItem, RevisionResponse } from 'core/api/revisions';
import { REVIEW_REQUIREMENTS } from 'core/publishing';
import { Repository } from 'typeorm';
import { assignDefined } from 'src/common/assign-defined';
import type { ListSlice } from 'src/lists/list-slice.dto';
import { Clock } from 'src/common/clock';
import type { Page } from 'src/lists/admin-page';
import { adminPostPage, type AdminPostFilter } from 'src/publishing/admin-post-page';
import { PublishingService, type PublishingRules } from 'src/publishing/publishing.service';
import { visibleAt } from 'src/publishing/visibility';
import type { CreateReviewDto, UpdateReviewDto } from './dto/review-write.dto';
import { Review } from './review.entity';

/** What a list of reviews shows (SPEC section 7's list fields): never the body. */
const REVIEW_LIST_COLUMNS = [
  'id',
  'title',
  'slug',
  'excerpt',
  'category',
  'imageUrl',
  'author',
  'publishedAt',
  'createdAt',
  'purchaseLink',
  'rating',
  'price',
] as const;

export interface ReviewFilter {
  category?: string;
  search?: string;
}

const REVIEW_PUBLISHING: PublishingRules<Review> = {
  ...REVIEW_REQUIREMENTS,
  slugTaken: 'A review with this URL slug already exists',
  revisions: { kind: 'review', fields: ['price', 'purchaseLink', 'rating'] },
};

@Injectable()
export class ReviewsService {
  constructor(
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly publishing: PublishingService,
    private readonly clock: Clock,
  ) {}

  /**
   * Published reviews whose publish date has come, newest first (publish date, else creation date), without their bodies; optionally
   * one category or a search term, and a slice. The order is the one IDX_reviews_published_newest holds.
   */
  listPublished(filter: ReviewFilter & ListSlice = {}): Promise<Review[]> {
    return this.publishedQuery(filter).limit(filter.limit).offset(filter.offset).getMany();
  }

  /** One page of the published reviews and how many match in all (for the page links). */
  pagePublished(filter: ReviewFilter & ListSlice): Promise<[Review[], number]> {
    return Promise.all([this.listPublished(filter), this.publishedQuery(filter).getCount()]);
  }

  private publishedQuery(filter: ReviewFilter) {
    const query = this.reviews
      .createQueryBuilder('review')
      .select(REVIEW_LIST_COLUMNS.map((column) => `review.${column}`))
      .orderBy('COALESCE(review.publishedAt, review.createdAt)', 'DESC')
      .addOrderBy('review.id', 'DESC');
    visibleAt(query, 'review', this.clock.now());
    if (filter.category) query.andWhere('review.category = :category', { category: filter.category });
    if (filter.search) {
      query.andWhere('(review.title ILIKE :term OR review.category ILIKE :term OR review.excerpt ILIKE :term OR review.content ILIKE :term)', {
        term: `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    }
    return query;
  }

  /** The newest published review by creation date (the 'Latest Gear Review' highlight). */
  latestCreated(): Promise<Review | null> {
    return (
      visibleAt(this.reviews.createQueryBuilder('review'), 'review', this.clock.now())
        .orderBy('review.createdAt', 'DESC')
        .addOrderBy('review.id', 'DESC')
        // getOne() reads every row it is given and keeps the first: LIMIT 1 reads one.
        .limit(1)
        .getOne()
    );
  }

  /** One page of the administrator's list (drafts included) and how many match in all: src/publishing/admin-post-page.ts. */
  adminPage(filter: AdminPostFilter): Promise<Page<Review>> {
    return adminPostPage(this.reviews, filter);
  }

  /** A published review whose publish date has come (a scheduled one is not found until then). */
  async findPublishedBySlug(slug: string): Promise<Review> {
    const review = await visibleAt(this.reviews.createQueryBuilder('review').where({ slug }), 'review', this.clock.now()).getOne();
    if (!review) throw new NotFoundException('Review not found');
    return review;
  }

  async findById(id: number): Promise<Review> {
    const review = await this.reviews.findOneBy({ id });
    if (!review) throw new NotFoundException('Review not found');
    return review;
  }

  async create(dto: CreateReviewDto): Promise<Review> {
    const review = this.reviews.create({
      title: dto.title,
      content: dto.content ?? '',
      category: dto.category ?? '',
      imageUrl: dto.imageUrl ?? '',
      price: dto.price ?? null,
      purchaseLink: dto.purchaseLink ?? '',
      rating: dto.rating ?? null,
      author: dto.author ?? undefined,
      published: dto.published ?? false,
      // SPEC section 3: always false when created from the admin form.
      featured: false,
    });
    return this.publishing.save(this.reviews, review, dto, REVIEW_PUBLISHING);
  }

  /** Applies the fields the body sent; the version it replaces is kept, credited to `editor`. */
  async update(id: number, dto: UpdateReviewDto, editor: string): Promise<Review> {
    const review = await this.findById(id);
    const { slug, excerpt, publishedAt, ...fields } = dto;
    assignDefined(review, fields as Partial<Review>);
    if (dto.purchaseLink === null) review.purchaseLink = '';
    return this.publishing.save(this.reviews, review, { slug, excerpt, publishedAt }, REVIEW_PUBLISHING, editor);
  }

  async revisions(id: number): Promise<RevisionListItem<Date>[]> {
    return this.publishing.revisions(await this.findById(id), REVIEW_PUBLISHING);
  }

  async revision(id: number, revisionId: number): Promise<RevisionResponse<Date>> {
    return this.publishing.revision(await this.findById(id), revisionId, REVIEW_PUBLISHING);
  }

  async restore(id: number, revisionId: number, editor: string): Promise<Review> {
    return this.publishing.restore(this.reviews, await this.findById(id), revisionId, REVIEW_PUBLISHING, editor);
  }

  async remove(id: number): Promise<void> {
    const result = await this.reviews.delete(id);
    if (!result.affected) throw new NotFoundException('Review not found');
  }
}
