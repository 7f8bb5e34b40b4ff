import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { DiveSiteRating } from './dive-site-rating.entity';
import type { CreateRatingDto } from './dto/create-rating.dto';
import type { AdminRatingResponse, RatingResponse, RatingsResponse } from 'core/api/dive-sites';
import { toRatingResponse } from './rating.response';

/** How many of the latest ratings the moderation list shows. */
export const ADMIN_RATINGS_LIMIT = 200;

/** A site's ratings, newest first (through the service's repository or a transaction's). */
const newestFirst = (repository: Repository<DiveSiteRating>, diveSiteId: number) =>
  repository.find({ where: { diveSiteId }, order: { createdAt: 'DESC', id: 'DESC' } });

@Injectable()
export class RatingsService {
  constructor(
    @InjectRepository(DiveSiteRating) private readonly ratings: Repository<DiveSiteRating>,
    private readonly sites: DiveSitesService,
  ) {}

  /** Every rating of a site, newest first, with the average (one decimal) and the count. */
  async forSite(diveSiteId: number): Promise<RatingsResponse<Date>> {
    await this.sites.findById(diveSiteId);
    return this.summarise(await newestFirst(this.ratings, diveSiteId));
  }

  /**
   * POST's answer: the new rating and the site's list, in one transaction, so a rating is stored only
   * when the answer says so (the database going away between the two would otherwise keep a rating the
   * client was told had failed).
   */
  async createAndList(diveSiteId: number, dto: CreateRatingDto, ipAddress: string): Promise<RatingsResponse<Date> & { rating: RatingResponse<Date> }> {
    if (dto.website) throw new BadRequestException('Rating rejected');
    await this.sites.findById(diveSiteId);
    return this.ratings.manager.transaction(async (manager) => {
      const repository = manager.getRepository(DiveSiteRating);
      const rating = await repository.save(repository.create({ diveSiteId, rating: dto.rating, comment: dto.comment ?? null, ipAddress, userEmail: null }));
      const list = await newestFirst(repository, diveSiteId);
      return { rating: toRatingResponse(rating), ...this.summarise(list) };
    });
  }

  /** The latest ratings across every site, newest first, with their site; never the IP address. */
  async latest(): Promise<AdminRatingResponse<Date>[]> {
    const rows = await this.ratings
      .createQueryBuilder('rating')
      .innerJoin('rating.diveSite', 'site')
      .select(['rating.id', 'rating.rating', 'rating.comment', 'rating.createdAt', 'site.id', 'site.name'])
      .orderBy('rating.createdAt', 'DESC')
      .addOrderBy('rating.id', 'DESC')
      .limit(ADMIN_RATINGS_LIMIT)
      .getRawMany<{ rating_id: number; rating_rating: number; rating_comment: string | null; rating_createdAt: Date; site_id: number; site_name: string }>();
    return rows.map((row) => ({
      id: row.rating_id,
      rating: row.rating_rating,
      comment: row.rating_comment,
      createdAt: row.rating_createdAt,
      site: { id: row.site_id, name: row.site_name },
    }));
  }

  async remove(id: number): Promise<void> {
    const result = await this.ratings.delete(id);
    if (!result.affected) throw new NotFoundException('Rating not found');
  }

  private summarise(ratings: DiveSiteRating[]): RatingsResponse<Date> {
    const count = ratings.length;
    const average = count ? Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / count) * 10) / 10 : 0;
    return { ratings: ratings.map(toRatingResponse), summary: { average, count } };
  }
}
