import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { CORRECTION_FIELDS, correctionLabel, type AdminCorrectionResponse, type CorrectionField } from 'core/dive-sites/corrections';
import type { CheckField } from 'core/dive-sites/provenance';
import { sourceTitle, type SiteSource } from 'core/dive-sites/fields';
import type { Page } from 'src/lists/admin-page';
import { errorBody } from 'src/common/error-body';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';
import type { CreateCorrectionDto } from './dto/create-correction.dto';
import type { AcceptCorrectionDto } from './dto/accept-correction.dto';
import { SiteCorrection } from './site-correction.entity';
import { SiteFieldRevision } from './site-field-revision.entity';

export const CORRECTION_NOT_FOUND = 'Correction not found';
export const REVISION_NOT_FOUND = 'Change not found';

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
   * Accepting writes the value the administrator settled on (the reader's suggestion unless edited) into the
   * site's field, adds the source to the site's sources (once), records today's check of that field by a
   * reader's correction against it (issue 43), keeps the value before and after as a revision that can be
   * undone (issue 44), and takes the correction off the queue, in one transaction.
   */
  async accept(id: number, choice: AcceptCorrectionDto = {}): Promise<{ site: DiveSite; revisionId: number }> {
    return this.dataSource.transaction(async (manager) => {
      const correction = await manager.findOne(SiteCorrection, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!correction) throw new NotFoundException(CORRECTION_NOT_FOUND);
      const site = await manager.findOneByOrFail(DiveSite, { id: correction.diveSiteId });
      const fields = site as unknown as Record<string, unknown>;
      const previous = fields[correction.field];
      const value = choice.value ?? correction.suggestion;
      const sourceUrl = choice.sourceUrl ?? correction.sourceUrl;
      fields[correction.field] = value;
      if (!site.sources.some((source) => source.url === sourceUrl)) {
        site.sources = [...site.sources, { title: sourceTitle(sourceUrl), url: sourceUrl } satisfies SiteSource];
      }
      await manager.save(site);
      await this.facts.recordCheck(
        site.id,
        { checkedOn: this.facts.today(), fields: [CHECKED_AS[correction.field]], by: 'reader', sources: [{ title: sourceTitle(sourceUrl), url: sourceUrl }] },
        manager,
      );
      const revision = await manager.save(
        manager.create(SiteFieldRevision, {
          diveSiteId: site.id,
          field: correction.field,
          previousValue: typeof previous === 'string' ? previous : null,
          newValue: value,
          sourceUrl,
          suggestion: correction.suggestion,
        }),
      );
      await manager.delete(SiteCorrection, id);
      return { site: await manager.findOneByOrFail(DiveSite, { id: site.id }), revisionId: revision.id };
    });
  }

  /**
   * Undoes an accepted correction (issue 44): the field takes its value from before, as long as it still holds
   * the value the acceptance wrote (a later edit is not overwritten: 409). The source stays among the site's.
   */
  async undo(revisionId: number): Promise<DiveSite> {
    return this.dataSource.transaction(async (manager) => {
      const revision = await manager.findOne(SiteFieldRevision, { where: { id: revisionId }, lock: { mode: 'pessimistic_write' } });
      if (!revision) throw new NotFoundException(REVISION_NOT_FOUND);
      if (revision.undoneAt) throw new ConflictException('This change has been undone already');
      const site = await manager.findOneByOrFail(DiveSite, { id: revision.diveSiteId });
      const fields = site as unknown as Record<string, unknown>;
      if (fields[revision.field] !== revision.newValue) {
        throw new ConflictException("The field has been changed since; edit it in the site's editor");
      }
      fields[revision.field] = revision.previousValue;
      await manager.save(site);
      await manager.update(SiteFieldRevision, revision.id, { undoneAt: new Date() });
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
