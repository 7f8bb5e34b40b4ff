import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import type { SiteSource } from 'core/dive-sites/fields';
import {
  dayIn,
  inForce,
  NOTICE_TEXT,
  type AdminNotice,
  type Checker,
  type CheckQueueRow,
  type NoticeBrief,
  type SiteCheck as SiteCheckView,
} from 'core/dive-sites/provenance';
import { fromZonedInput, siteTimeZone } from 'core/site-time';
import type { Page } from 'src/lists/admin-page';
import { Clock } from 'src/common/clock';
import { errorBody } from 'src/common/error-body';
import { DiveSite } from './dive-site.entity';
import type { MarkCheckedDto, NoticeWriteDto } from './dto/site-facts.dto';
import { Notice, NoticeSite } from './notice.entity';
import { SiteCheck } from './site-check.entity';

export const NOTICE_NOT_FOUND = 'Notice not found';

/** A check to record: the day, what, by whom, against which sources (at least one). */
export interface CheckRecord {
  checkedOn: string;
  fields: string[];
  by: Checker;
  sources: SiteSource[];
}

function toNoticeBrief(notice: Notice): NoticeBrief {
  return {
    id: notice.id,
    title: notice.title,
    body: notice.body,
    startsOn: notice.startsOn,
    endsOn: notice.endsOn,
    source: { title: notice.sourceTitle, url: notice.sourceUrl },
  };
}

function toCheckView(check: SiteCheck): SiteCheckView {
  return { id: check.id, siteId: check.diveSiteId, checkedOn: check.checkedOn, fields: check.fields, by: check.by, sources: check.sources };
}

/**
 * Issue 43: a site's recorded checks (its page says 'Checked {date} against {sources}' only from one), the
 * notices covering sites while they are in force, and the administrator's 'needs checking' queue.
 */
@Injectable()
export class SiteFactsService {
  constructor(
    @InjectRepository(SiteCheck) private readonly checks: Repository<SiteCheck>,
    @InjectRepository(Notice) private readonly notices: Repository<Notice>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Today as it is where the site's readers are (SITE_TIMEZONE). */
  today(): string {
    return dayIn(this.clock.now(), siteTimeZone());
  }

  /** The site's newest recorded check, or null: nothing then says it was checked. */
  async latestCheck(siteId: number): Promise<SiteCheckView | null> {
    const check = await this.checks.findOne({ where: { diveSiteId: siteId }, order: { checkedOn: 'DESC', id: 'DESC' } });
    return check ? toCheckView(check) : null;
  }

  /**
   * Records a check and dates the site's last check (the API's `lastChecked`) by its newest one. A check
   * without a source is refused: a date of checking is only ever shown with what it was checked against.
   */
  async recordCheck(siteId: number, record: CheckRecord, manager: EntityManager = this.dataSource.manager): Promise<SiteCheckView> {
    if (!record.sources.length) throw new BadRequestException(errorBody(400, 'A check needs a source', { sources: ['A check needs a source'] }));
    if (record.checkedOn > this.today()) {
      const message = 'Checked on must not be in the future';
      throw new BadRequestException(errorBody(400, message, { checkedOn: [message] }));
    }
    const saved = await manager.save(
      manager.create(SiteCheck, { diveSiteId: siteId, checkedOn: record.checkedOn, fields: record.fields, by: record.by, sources: record.sources }),
    );
    await manager.query(`UPDATE "dive_sites" SET "lastChecked" = $2 WHERE "id" = $1 AND ("lastChecked" IS NULL OR "lastChecked" < $2::date)`, [
      siteId,
      record.checkedOn,
    ]);
    return toCheckView(saved);
  }

  /** 'Mark checked' from the admin screen: the editor's check of a site. */
  async markChecked(siteId: number, dto: MarkCheckedDto): Promise<SiteCheckView> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await manager.existsBy(DiveSite, { id: siteId }))) throw new NotFoundException('Dive site not found');
      return this.recordCheck(siteId, { checkedOn: dto.checkedOn, fields: [...new Set(dto.fields)], by: 'editor', sources: dto.sources }, manager);
    });
  }

  /**
   * How long (ms) the notices in force stay as they are: until the midnight (SITE_TIMEZONE) that begins the
   * next day on which a notice starts or is past its end. A page showing notices (or showing none where one
   * is about to start) is kept no longer (keepAnswerFor): an ended notice never lingers in the page cache.
   * Infinity when no notice will start or end.
   */
  async noticesStayFor(): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT least(min("startsOn") FILTER (WHERE "startsOn" > $1::date), min("endsOn") FILTER (WHERE "endsOn" >= $1::date) + 1)::text AS "next" FROM "notices"`,
      [this.today()],
    )) as { next: string | null }[];
    const next = row?.next ? fromZonedInput(`${row.next}T00:00`, siteTimeZone()) : null;
    return next ? Math.max(0, next.getTime() - this.clock.now().getTime()) : Infinity;
  }

  /** The notices in force today on each of the sites, oldest start first. */
  async noticesBySite(siteIds: number[]): Promise<Map<number, NoticeBrief[]>> {
    const bySite = new Map<number, NoticeBrief[]>();
    if (!siteIds.length) return bySite;
    const day = this.today();
    const rows = await this.dataSource
      .getRepository(NoticeSite)
      .createQueryBuilder('link')
      .innerJoinAndSelect('link.notice', 'notice')
      .where('link.diveSiteId IN (:...siteIds)', { siteIds })
      .andWhere('notice.startsOn <= :day', { day })
      .andWhere('(notice.endsOn IS NULL OR notice.endsOn >= :day)', { day })
      .orderBy('notice.startsOn', 'ASC')
      .addOrderBy('notice.id', 'ASC')
      .getMany();
    for (const row of rows) {
      const list = bySite.get(row.diveSiteId) ?? [];
      list.push(toNoticeBrief(row.notice!));
      bySite.set(row.diveSiteId, list);
    }
    return bySite;
  }

  /** The notices in force today on any site of the region (its page: /dive-sites?region=...). */
  async noticesInRegion(region: string): Promise<NoticeBrief[]> {
    const day = this.today();
    const rows = await this.notices
      .createQueryBuilder('notice')
      .where(
        `EXISTS (SELECT 1 FROM "notice_sites" link JOIN "dive_sites" site ON site."id" = link."diveSiteId" WHERE link."noticeId" = notice.id AND site."region" = :region)`,
        { region },
      )
      .andWhere('notice.startsOn <= :day', { day })
      .andWhere('(notice.endsOn IS NULL OR notice.endsOn >= :day)', { day })
      .orderBy('notice.startsOn', 'ASC')
      .addOrderBy('notice.id', 'ASC')
      .getMany();
    return rows.map(toNoticeBrief);
  }

  /** Every notice for the administrator, the newest start first, each with its sites. */
  async listNotices(): Promise<AdminNotice[]> {
    const rows = await this.notices.find({ order: { startsOn: 'DESC', id: 'DESC' } });
    return this.withSites(rows);
  }

  private async withSites(rows: Notice[]): Promise<AdminNotice[]> {
    const day = this.today();
    const links = rows.length
      ? await this.dataSource
          .getRepository(NoticeSite)
          .createQueryBuilder('link')
          .innerJoin('link.site', 'site')
          .select(['link.noticeId AS "noticeId"', 'site.id AS "id"', 'site.name AS "name"'])
          .where('link.noticeId IN (:...ids)', { ids: rows.map((row) => row.id) })
          .orderBy('site.name', 'ASC')
          .getRawMany<{ noticeId: number; id: number; name: string }>()
      : [];
    return rows.map((row) => ({
      ...toNoticeBrief(row),
      inForce: inForce(row, day),
      sites: links.filter((link) => link.noticeId === row.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  async createNotice(dto: NoticeWriteDto): Promise<AdminNotice> {
    const id = await this.dataSource.transaction(async (manager) => {
      await this.checkSites(manager, dto.siteIds);
      const saved = await manager.save(manager.create(Notice, this.noticeColumns(dto)));
      await this.linkSites(manager, saved.id, dto.siteIds);
      return saved.id;
    });
    return this.noticeById(id);
  }

  async updateNotice(id: number, dto: NoticeWriteDto): Promise<AdminNotice> {
    await this.dataSource.transaction(async (manager) => {
      const notice = await manager.findOne(Notice, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!notice) throw new NotFoundException(NOTICE_NOT_FOUND);
      await this.checkSites(manager, dto.siteIds);
      await manager.save(Object.assign(notice, this.noticeColumns(dto)));
      await manager.delete(NoticeSite, { noticeId: id });
      await this.linkSites(manager, id, dto.siteIds);
    });
    return this.noticeById(id);
  }

  /**
   * Ends a notice: in force until yesterday, so today's pages no longer show it. A notice that had not yet
   * begun never comes into force: it is removed (answers null).
   */
  async endNotice(id: number): Promise<AdminNotice | null> {
    const yesterday = dayIn(new Date(this.clock.now().getTime() - 86_400_000), siteTimeZone());
    const notice = await this.notices.findOneBy({ id });
    if (!notice) throw new NotFoundException(NOTICE_NOT_FOUND);
    if (notice.startsOn > yesterday) {
      await this.notices.delete(id);
      return null;
    }
    if (notice.endsOn === null || notice.endsOn > yesterday) await this.notices.update(id, { endsOn: yesterday });
    return this.noticeById(id);
  }

  private async noticeById(id: number): Promise<AdminNotice> {
    const notice = await this.notices.findOneBy({ id });
    if (!notice) throw new NotFoundException(NOTICE_NOT_FOUND);
    return (await this.withSites([notice]))[0];
  }

  private noticeColumns(dto: NoticeWriteDto): Partial<Notice> {
    return {
      title: dto.title,
      body: dto.body,
      startsOn: dto.startsOn,
      endsOn: dto.endsOn ?? null,
      sourceTitle: dto.sourceTitle,
      sourceUrl: dto.sourceUrl,
    };
  }

  private async checkSites(manager: EntityManager, siteIds: number[]): Promise<void> {
    const wanted = [...new Set(siteIds)];
    const found = await manager.countBy(DiveSite, { id: In(wanted) });
    if (found !== wanted.length) throw new BadRequestException(errorBody(400, NOTICE_TEXT.unknownSites, { siteIds: [NOTICE_TEXT.unknownSites] }));
  }

  private async linkSites(manager: EntityManager, noticeId: number, siteIds: number[]): Promise<void> {
    const rows = [...new Set(siteIds)].map((diveSiteId) => ({ noticeId, diveSiteId }));
    for (let i = 0; i < rows.length; i += 500) await manager.insert(NoticeSite, rows.slice(i, i + 500));
  }

  /**
   * 'Needs checking': the sites never checked first, then by their newest check, the oldest first; at the
   * same place, sites with notices in force or readers' corrections waiting come first, then by name.
   */
  async queue(slice: { limit: number; offset: number }): Promise<Page<CheckQueueRow>> {
    const day = this.today();
    const rows = (await this.dataSource.query(
      `SELECT * FROM (
         SELECT site."id", site."name", site."region", last."checkedOn"::text AS "checkedOn", last."fields", last."by",
           (SELECT count(*) FROM "notice_sites" link JOIN "notices" notice ON notice."id" = link."noticeId"
             WHERE link."diveSiteId" = site."id" AND notice."startsOn" <= $1 AND (notice."endsOn" IS NULL OR notice."endsOn" >= $1))::int AS "notices",
           (SELECT count(*) FROM "site_corrections" correction WHERE correction."diveSiteId" = site."id")::int AS "corrections"
         FROM "dive_sites" site
         LEFT JOIN LATERAL (SELECT "checkedOn", "fields", "by" FROM "dive_site_checks" check_row WHERE check_row."diveSiteId" = site."id"
           ORDER BY "checkedOn" DESC, "id" DESC LIMIT 1) last ON true) queue
       ORDER BY "checkedOn" ASC NULLS FIRST, ("notices" + "corrections") DESC, "name" ASC, "id" ASC
       LIMIT $2 OFFSET $3`,
      [day, slice.limit, slice.offset],
    )) as {
      id: number;
      name: string;
      region: string;
      checkedOn: string | null;
      fields: string[] | null;
      by: Checker | null;
      notices: number;
      corrections: number;
    }[];
    const total = await this.dataSource.getRepository(DiveSite).count();
    return {
      total,
      rows: rows.map((row) => ({
        site: { id: row.id, name: row.name, region: row.region },
        lastCheck: row.checkedOn ? { checkedOn: row.checkedOn, fields: row.fields ?? [], by: row.by ?? 'editor' } : null,
        notices: row.notices,
        corrections: row.corrections,
      })),
    };
  }
}
