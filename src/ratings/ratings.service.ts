import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { keptCounts } from 'src/lists/kept-counts';
import { likePattern, type Page } from 'src/lists/admin-page';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { DiveSiteRating } from './dive-site-rating.entity';
import type { CreateRatingDto } from './dto/create-rating.dto';
import { RECENT_RATINGS, type AdminRatingResponse, type RatingResponse, type RatingsResponse } from 'core/api/dive-sites';
import type { ListSlice } from 'src/lists/list-slice.dto';
import { countHit } from 'src/rate-limit/counted-hit';
import { toRatingResponse } from './rating.response';

/**
 * A site's ratings, newest first (a slice of them when asked), and the average (one decimal) and count of
 * all of them, counted in SQL: a page showing the latest five reads five rows however many there are.
 * Through the service's repository or a transaction's.
 */
async function ratingsOf(repository: Repository<DiveSiteRating>, diveSiteId: number, slice: ListSlice = {}): Promise<RatingsResponse<Date>> {
  const [ratings, [totals]] = await Promise.all([
    repository.find({ where: { diveSiteId }, order: { createdAt: 'DESC', id: 'DESC' }, take: slice.limit, skip: slice.offset }),
    repository
      .createQueryBuilder('rating')
      .select('COUNT(*)::int', 'count')
      .addSelect('COALESCE(AVG(rating.rating), 0)::float8', 'mean')
      .where('rating.diveSiteId = :diveSiteId', { diveSiteId })
      .getRawMany<{ count: number; mean: number }>(),
  ]);
  return { ratings: ratings.map(toRatingResponse), summary: { average: Math.round(totals.mean * 10) / 10, count: totals.count } };
}

@Injectable()
export class RatingsService {
  constructor(
    @InjectRepository(DiveSiteRating) private readonly ratings: Repository<DiveSiteRating>,
    private readonly sites: DiveSitesService,
  ) {}

  /** A site's ratings, newest first (every one, or the slice asked for), with the average (one decimal) and the count of all. */
  async forSite(diveSiteId: number, slice?: ListSlice): Promise<RatingsResponse<Date>> {
    await this.sites.assertExists(diveSiteId);
    return ratingsOf(this.ratings, diveSiteId, slice);
  }

  /**
   * POST's answer: the new rating, the latest ratings (as many as the panel shows) and the summary, in one
   * transaction, so a rating is stored only when the answer says so (the database going away between the
   * two would otherwise keep a rating the client was told had failed).
   */
  async createAndList(diveSiteId: number, dto: CreateRatingDto, ipAddress: string): Promise<RatingsResponse<Date> & { rating: RatingResponse<Date> }> {
    if (dto.website) throw new BadRequestException('Rating rejected');
    await this.sites.assertExists(diveSiteId);
    // The rate limit's hit (both rating routes say `countedByRoute`): a missing site is never counted.
    await countHit();
    return this.ratings.manager.transaction(async (manager) => {
      const repository = manager.getRepository(DiveSiteRating);
      const rating = await repository.save(repository.create({ diveSiteId, rating: dto.rating, comment: dto.comment ?? null, ipAddress, userEmail: null }));
      return { rating: toRatingResponse(rating), ...(await ratingsOf(repository, diveSiteId, { limit: RECENT_RATINGS })) };
    });
  }

  /** A page of the latest ratings across every site, newest first, with their site (never the IP address), and how many match. */
  async latest(q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<AdminRatingResponse<Date>>> {
    const query = this.ratings.createQueryBuilder('rating').innerJoin('rating.diveSite', 'site');
    if (q) query.where('(site.name ILIKE :q OR rating.comment ILIKE :q)', { q: likePattern(q) });
    const [rows, total] = await Promise.all([this.latestRows(query.clone(), slice), q ? query.getCount() : this.allRatingsCount()]);
    return { rows, total };
  }

  /** How many ratings there are: the total the database keeps (src/lists/kept-counts.ts), one row instead of a count of a million. */
  private async allRatingsCount(): Promise<number> {
    return (await keptCounts(this.ratings, ['dive_site_ratings'])).dive_site_ratings;
  }

  private async latestRows(query: SelectQueryBuilder<DiveSiteRating>, slice: { limit: number; offset: number }): Promise<AdminRatingResponse<Date>[]> {
    const rows = await query
      .select(['rating.id', 'rating.rating', 'rating.comment', 'rating.createdAt', 'site.id', 'site.name'])
      .orderBy('rating.createdAt', 'DESC')
      .addOrderBy('rating.id', 'DESC')
      .limit(slice.limit)
      .offset(slice.offset)
      .getRawMany<{ rating_id: number; rating_rating: number; rating_comment: string | null; rating_createdAt: Date; site_id: number; site_name: string }>();
    return rows.map((row) => ({
      id: row.rating_id,
      rating: row.rating_rating,
      comment: row.rating_comment,
      createdAt: row.rating_createdAt,
      site: { id: row.site_id, name: row.site_name },
    }));
  }

  /** Deletes a rating; answers the id of its site (what the deletion changed, for the page cache). */
  async remove(id: number): Promise<number> {
    const result = await this.ratings.createQueryBuilder().delete().where('id = :id', { id }).returning('"diveSiteId"').execute();
    const [row] = result.raw as { diveSiteId: number }[];
    if (!row) throw new NotFoundException('Rating not found');
    return row.diveSiteId;
  }
}
