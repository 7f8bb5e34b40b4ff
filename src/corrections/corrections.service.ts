import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { CORRECTION_FIELDS, correctionLabel, type AdminCorrectionResponse, type CorrectionField } from 'core/dive-sites/corrections';
import type { CheckField } from 'core/dive-sites/provenance';
import { sourceTitle, type SiteSource } from 'core/dive-sites/fields';
import type { Page } from 'src/common/admin-page';
import { errorBody } from 'src/common/error-body';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';
import type { CreateCorrectionDto } from './dto/create-correction.dto';
import { SiteCorrection } from './site-correction.entity';

export const CORRECTION_NOT_FOUND = 'Correction not found';

/** What a check by an accepted correction covers (core/dive-sites/provenance.ts CHECK_FIELDS), by the field corrected. */
const CHECKED_AS: Record<CorrectionField, CheckField> = {
  statusNote: 'status',
  description: 'description',
  depthRange: 'depth',
  waterTemp: 'conditions',
  visibility: 'conditions',
  bestTime: 'conditions',
  marineLife: 'marineLife',
  hazards: 'hazards',
  facilities: 'facilities',
};

/** Visitors' suggested corrections of a site's facts, and the administrator's queue of them (issue 30). */
@Injectable()
export class CorrectionsService {
  constructor(
    @InjectRepository(SiteCorrection) private readonly corrections: Repository<SiteCorrection>,
    private readonly sites: DiveSitesService,
    private readonly dataSource: DataSource,
    private readonly facts: SiteFactsService,
  ) {}

  async create(siteId: number, dto: CreateCorrectionDto, ipAddress: string): Promise<SiteCorrection> {
    if (dto.website) throw new BadRequestException('Correction rejected');
    const { max } = CORRECTION_FIELDS.find((entry) => entry.field === dto.field)!;
    if (dto.suggestion.length > max) {
      const message = `${correctionLabel(dto.field)} holds at most ${max} characters`;
      throw new BadRequestException(errorBody(400, message, { suggestion: [message] }));
    }
    await this.sites.findById(siteId);
    return this.corrections.save(
      this.corrections.create({
        diveSiteId: siteId,
        field: dto.field,
        suggestion: dto.suggestion,
        sourceUrl: dto.sourceUrl,
        email: dto.email?.toLowerCase() ?? null,
        ipAddress,
      }),
      { transaction: false },
    );
  }

  /** The queue, oldest first (the longest waiting at the top), a page at a time, each with its site's present value. */
  async page(slice: { limit: number; offset: number }): Promise<Page<AdminCorrectionResponse<Date>>> {
    const query = this.corrections
      .createQueryBuilder('correction')
      .leftJoinAndSelect('correction.site', 'site')
      .orderBy('correction.createdAt', 'ASC')
      .addOrderBy('correction.id', 'ASC');
    const [rows, total] = await Promise.all([query.clone().limit(slice.limit).offset(slice.offset).getMany(), query.getCount()]);
    return { rows: rows.map((row) => toAdminCorrection(row)), total };
  }

  /**
   * Accepting writes the suggestion into the site's field, adds its source to the site's sources (once),
   * records today's check of that field by a reader's correction against its source (issue 43) and takes
   * the correction off the queue, in one transaction.
   */
  async accept(id: number): Promise<DiveSite> {
    return this.dataSource.transaction(async (manager) => {
      const correction = await manager.findOne(SiteCorrection, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!correction) throw new NotFoundException(CORRECTION_NOT_FOUND);
      const site = await manager.findOneByOrFail(DiveSite, { id: correction.diveSiteId });
      (site as unknown as Record<string, unknown>)[correction.field] = correction.suggestion;
      if (!site.sources.some((source) => source.url === correction.sourceUrl)) {
        site.sources = [...site.sources, { title: sourceTitle(correction.sourceUrl), url: correction.sourceUrl } satisfies SiteSource];
      }
      await manager.save(site);
      await this.facts.recordCheck(
        site.id,
        {
          checkedOn: this.facts.today(),
          fields: [CHECKED_AS[correction.field]],
          by: 'reader',
          sources: [{ title: sourceTitle(correction.sourceUrl), url: correction.sourceUrl }],
        },
        manager,
      );
      await manager.delete(SiteCorrection, id);
      return manager.findOneByOrFail(DiveSite, { id: site.id });
    });
  }

  async reject(id: number): Promise<void> {
    const result = await this.corrections.delete(id);
    if (!result.affected) throw new NotFoundException(CORRECTION_NOT_FOUND);
  }
}

export function toAdminCorrection(row: SiteCorrection): AdminCorrectionResponse<Date> {
  const current = row.site ? (row.site as unknown as Record<string, unknown>)[row.field] : null;
  return {
    id: row.id,
    field: row.field,
    suggestion: row.suggestion,
    sourceUrl: row.sourceUrl,
    email: row.email,
    createdAt: row.createdAt,
    site: { id: row.diveSiteId, name: row.site?.name ?? '', current: typeof current === 'string' ? current : null },
  };
}
