import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from 'src/common/clock';
import { TEAM_NAME } from 'core/constants';
import { resolvePublishedAt } from 'src/common/publishing';
import { autoExcerpt } from 'core/text';
import { assignDefined, uniqueSlug } from 'src/common/unique-slug';
import type { CreateReviewDto, UpdateReviewDto } from './dto/review-write.dto';
import { Review } from './review.entity';

export const REVIEW_PUBLISH_REQUIREMENTS_MESSAGE = 'Please fill in all required fields to publish the review.';

@Injectable()
export class ReviewsService {
  constructor(
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly clock: Clock,
  ) {}

  /** Published reviews, newest first (publish date, else creation date); optionally one category or a search term. */
  listPublished(filter: { category?: string; search?: string } = {}): Promise<Review[]> {
    const query = this.reviews
      .createQueryBuilder('review')
      .where('review.published = true')
      .orderBy('COALESCE(review.publishedAt, review.createdAt)', 'DESC')
      .addOrderBy('review.id', 'DESC');
    if (filter.category) query.andWhere('review.category = :category', { category: filter.category });
    if (filter.search) {
      query.andWhere('(review.title ILIKE :term OR review.category ILIKE :term OR review.excerpt ILIKE :term OR review.content ILIKE :term)', {
        term: `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    }
    return query.getMany();
  }

  /** The newest published review by creation date (the 'Latest Gear Review' highlight). */
  latestCreated(): Promise<Review | null> {
    return this.reviews.findOne({ where: { published: true }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  listAll(): Promise<Review[]> {
    return this.reviews.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async findPublishedBySlug(slug: string): Promise<Review> {
    const review = await this.reviews.findOneBy({ slug, published: true });
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
      author: dto.author || TEAM_NAME,
      published: dto.published ?? false,
      // SPEC section 3: always false when created from the admin form.
      featured: false,
    });
    review.slug = await uniqueSlug(this.reviews, dto.slug ?? null, review.title, null, 'A review with this URL slug already exists');
    review.excerpt = dto.excerpt || autoExcerpt(review.content);
    review.publishedAt = resolvePublishedAt(review.published, dto.publishedAt, null, this.clock.now());
    this.assertPublishable(review);
    return this.reviews.save(review);
  }

  async update(id: number, dto: UpdateReviewDto): Promise<Review> {
    const review = await this.reviews.findOneBy({ id });
    if (!review) throw new NotFoundException('Review not found');
    const { slug, excerpt, publishedAt, ...fields } = dto;
    assignDefined(review, fields as Partial<Review>);
    if (dto.author === null) review.author = TEAM_NAME;
    if (dto.purchaseLink === null) review.purchaseLink = '';
    if (slug !== undefined) review.slug = await uniqueSlug(this.reviews, slug, review.title, review.id, 'A review with this URL slug already exists');
    if (excerpt !== undefined) review.excerpt = excerpt || autoExcerpt(review.content);
    review.publishedAt = resolvePublishedAt(review.published, publishedAt, review.publishedAt, this.clock.now());
    this.assertPublishable(review);
    return this.reviews.save(review);
  }

  async remove(id: number): Promise<void> {
    const result = await this.reviews.delete(id);
    if (!result.affected) throw new NotFoundException('Review not found');
  }

  /** SPEC section 5: publishing needs Title, Category, Image URL, Content and Purchase Link. */
  private assertPublishable(review: Review): void {
    if (!review.published) return;
    const missing = {
      title: !review.title,
      content: !review.content.trim(),
      category: !review.category,
      imageUrl: !review.imageUrl,
      purchaseLink: !review.purchaseLink,
    };
    const fields = Object.fromEntries(Object.entries(missing).filter(([, absent]) => absent).map(([name]) => [name, ['Required to publish']]));
    if (Object.keys(fields).length) throw new BadRequestException({ message: REVIEW_PUBLISH_REQUIREMENTS_MESSAGE, fields });
  }
}
