import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { projectRoot } from 'src/common/project-root';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Product } from 'src/products/product.entity';
import { Review } from 'src/reviews/review.entity';
import { SeedHistory } from './seed-history.entity';
import { notifyContentChanged } from 'src/page-cache/notify';
import { sourceTitle, type SiteSource } from 'core/dive-sites/fields';
import { isWebUrl } from 'src/validation/validators';

interface Dataset {
  name: string;
  entity: EntityTarget<ObjectLiteral>;
  /** The field that identifies a seeded row, so that `npm run seed` only adds what is missing. */
  key: string;
  rows: () => ObjectLiteral[];
}

const AFFILIATE_PLACEHOLDER = '{{AFFILIATE_TAG}}';

/** One change of a seeded value, applied only where the row still holds `from`. */
export interface Correction {
  /** 'article' corrects the article with the slug `site`; otherwise `site` names a dive site. */
  kind?: 'article';
  site: string;
  field: string;
  from: string | number | null;
  to: string | number | null;
}

/** One version of the seed's corrections, applied once (seed_history remembers it). */
export interface CorrectionsVersion {
  version: string;
  corrections: Correction[];
  /** Sites whose seed position is a published GPS mark. */
  positions: Record<string, 'mark'>;
  /** Sites added to the seed, by name, inserted when the database has none of that name. */
  added: string[];
}

/** data/dive-site-corrections.json: the seed's corrections, version after version, applied in order. */
interface Corrections {
  versions: CorrectionsVersion[];
}

/**
 * The facts about a site added after its first seed (issue 30: kind, access, status and its provenance,
 * sources): a database seeded before their columns existed gets them once from the data files, on the rows
 * whose lastChecked is still empty (seed_history remembers `PROVENANCE_ENTRY`). They never date a check
 * (issue 43: only a recorded check does).
 */
const PROVENANCE_FIELDS = ['kind', 'access', 'status', 'statusNote', 'statusSince', 'statusSource', 'sources'] as const;
export const PROVENANCE_ENTRY = 'dive-site-provenance:2026-11-25';
/** The exposure profiles' fill (issue 46), once per database. */
export const EXPOSURE_ENTRY = 'dive-site-exposure:2026-11-28';

/** The dive-site columns a correction may change; anything else in the file is refused. */
const CORRECTABLE_SITE_FIELDS = new Set([
  'latitude',
  'longitude',
  'skillLevel',
  'depthRange',
  'description',
  'hazards',
  'facilities',
  'marineLife',
  'bestTime',
  'visibility',
  'waterTemp',
  // Issue 43: a site's status can be wrong too (Rapid Bay Jetty was 'open' over a prohibited zone).
  'status',
  'statusNote',
  'statusSince',
  'statusSource',
]);
const NUMERIC_SITE_FIELDS = new Set(['latitude', 'longitude']);

function readJson(path: string): ObjectLiteral[] {
  return JSON.parse(readFileSync(path, 'utf8')) as ObjectLiteral[];
}

/**
 * Loads the JSON files in data/ into the database. At start each data set loads once, into a database
 * that has never had it (seed_history remembers), so nothing the administrator changed or deleted comes
 * back. `npm run seed` adds the seeded rows that are missing, by their natural key, and never updates one.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');
  private readonly dataDir = join(projectRoot(), 'data');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Affiliate links in the seed carry a placeholder for the tag from AFFILIATE_TAG. */
  withAffiliateTag(link: string): string {
    if (!link.includes(AFFILIATE_PLACEHOLDER)) return link;
    const url = new URL(link.replace(AFFILIATE_PLACEHOLDER, 'placeholder'));
    for (const [name, value] of url.searchParams) {
      if (value !== 'placeholder') continue;
      if (this.config.affiliateTag) url.searchParams.set(name, this.config.affiliateTag);
      else url.searchParams.delete(name);
    }
    return url.toString();
  }

  private diveSiteRows(): ObjectLiteral[] {
    const dir = join(this.dataDir, 'dive-sites');
    if (!existsSync(dir)) return [];
    const positions: Record<string, 'mark'> = Object.assign({}, ...(this.corrections()?.versions ?? []).map((version) => version.positions));
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .flatMap((name) => readJson(join(dir, name)))
      .map(({ lastChecked: _invented, ...site }) => ({
        ...site,
        // Issue 43: a date of checking comes only from a recorded check (data/dive-site-checks.json), never from the site's own record.
        lastChecked: null,
        // The data files list a site's sources by address; the column keeps a title with each.
        sources: ((site.sources as string[] | undefined) ?? []).map((url) => ({ title: sourceTitle(url), url })),
        latitude: String(site.latitude),
        longitude: String(site.longitude),
        positionPrecision: positions[site.name as string] ?? 'approximate',
      }));
  }

  private corrections(): Corrections | null {
    const path = join(this.dataDir, 'dive-site-corrections.json');
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Corrections) : null;
  }

  datasets(): Dataset[] {
    const file = (name: string) => join(this.dataDir, name);
    return [
      { name: 'dive-sites', entity: DiveSite, key: 'name', rows: () => this.diveSiteRows() },
      {
        name: 'articles',
        entity: Article,
        key: 'slug',
        rows: () => this.optional(file('articles.json')).map((a) => ({ ...a, published: a.published ?? true, ...this.datedAsPublished(a) })),
      },
      {
        name: 'reviews',
        entity: Review,
        key: 'slug',
        rows: () =>
          this.optional(file('reviews.json')).map((r) => ({ ...r, purchaseLink: this.withAffiliateTag(r.purchaseLink), ...this.datedAsPublished(r) })),
      },
      {
        name: 'products',
        entity: Product,
        key: 'name',
        rows: () =>
          this.optional(file('products.json')).map((p) => ({
            ...p,
            price: p.price === null || p.price === undefined ? null : Number(p.price).toFixed(2),
            rating: p.rating === null || p.rating === undefined ? null : Number(p.rating).toFixed(1),
            affiliateLink: this.withAffiliateTag(p.affiliateLink),
          })),
      },
      { name: 'carousel-videos', entity: CarouselVideo, key: 'title', rows: () => this.optional(file('carousel-videos.json')) },
    ];
  }

  /** Seeded posts were written on their publish date, so that is their creation date too. */
  private datedAsPublished(row: ObjectLiteral): ObjectLiteral {
    return row.publishedAt && !row.createdAt ? { createdAt: new Date(row.publishedAt as string) } : {};
  }

  private optional(path: string): ObjectLiteral[] {
    return existsSync(path) ? readJson(path) : [];
  }

  /** At start: every data set this database has never had, each in its own transaction. */
  async loadNewDatasets(): Promise<string[]> {
    const loaded: string[] = [];
    for (const dataset of this.datasets()) {
      const done = await this.dataSource.transaction(async (manager) => {
        // Two processes starting together must not both seed: the row lock on seed_history decides.
        await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
        if (await manager.existsBy(SeedHistory, { dataset: dataset.name })) return false;
        const rows = dataset.rows();
        if (rows.length === 0) return false;
        await this.insertInChunks(manager, dataset.entity, rows);
        await manager.insert(SeedHistory, { dataset: dataset.name });
        return true;
      });
      if (done) loaded.push(dataset.name);
    }
    loaded.push(...(await this.applyCorrections()));
    loaded.push(...(await this.loadFacts()));
    if (loaded.length) await notifyContentChanged(this.dataSource);
    return loaded;
  }

  /** On demand (`npm run seed`): add the seeded rows that are missing, leave every existing row alone. */
  async addMissing(): Promise<Record<string, number>> {
    const added: Record<string, number> = {};
    for (const dataset of this.datasets()) {
      added[dataset.name] = await this.dataSource.transaction(async (manager) => {
        const rows = dataset.rows();
        const existing = await manager
          .getRepository(dataset.entity)
          .createQueryBuilder('row')
          .select(`row.${dataset.key}`, 'key')
          .getRawMany<{ key: string }>();
        const present = new Set(existing.map((row) => row.key));
        const missing = rows.filter((row) => !present.has(row[dataset.key]));
        await this.insertInChunks(manager, dataset.entity, missing);
        await manager.createQueryBuilder().insert().into(SeedHistory).values({ dataset: dataset.name }).orIgnore().execute();
        return missing.length;
      });
    }
    const corrected = [...(await this.applyCorrections()), ...(await this.loadFacts())];
    if (corrected.length || Object.values(added).some((count) => count > 0)) await notifyContentChanged(this.dataSource);
    this.logger.log(
      `Added ${Object.entries(added)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')}`,
    );
    return added;
  }

  /**
   * The corrections file, each version once and in order (its seed_history entry is
   * `dive-site-corrections:{version}`), into a database that already holds the seed. A value changes only
   * where the row still holds the old seeded value, so whatever the administrator edited stays as they left
   * it, and a later version may correct what an earlier one set; on a fresh database the seed already holds
   * the newest values and nothing matches. Answers the entries of the versions applied now.
   */
  async applyCorrections(): Promise<string[]> {
    const applied: string[] = [];
    for (const version of this.corrections()?.versions ?? []) {
      if (await this.applyCorrectionsVersion(version)) applied.push(`dive-site-corrections:${version.version}`);
    }
    if (await this.fillProvenance()) applied.push(PROVENANCE_ENTRY);
    if (await this.fillExposure()) applied.push(EXPOSURE_ENTRY);
    return applied;
  }

  /**
   * Issue 46, once: each site's exposure profile from data/exposure-profiles.json (scripts/exposure-profiles.mjs),
   * by name, on the rows that have none yet; a profile the administrator set stays. 'not profiled' rows stay null.
   */
  private async fillExposure(): Promise<boolean> {
    const path = join(this.dataDir, 'exposure-profiles.json');
    if (!existsSync(path)) return false;
    return this.dataSource.transaction(async (manager) => {
      await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
      if (await manager.existsBy(SeedHistory, { dataset: EXPOSURE_ENTRY })) return false;
      if (!(await manager.existsBy(SeedHistory, { dataset: 'dive-sites' }))) return false;
      const { sites } = JSON.parse(readFileSync(path, 'utf8')) as { sites: { name: string; swellExposure: string[] | null; onshoreWinds: string[] | null }[] };
      const rows = sites.filter((site) => site.swellExposure !== null || site.onshoreWinds !== null);
      const result = await manager.query(
        `UPDATE "dive_sites" AS site SET
           "swellExposure" = CASE WHEN data."swellExposure" IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(data."swellExposure"))::varchar(2)[] END,
           "onshoreWinds" = CASE WHEN data."onshoreWinds" IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(data."onshoreWinds"))::varchar(2)[] END
         FROM jsonb_to_recordset($1::jsonb) AS data("name" text, "swellExposure" jsonb, "onshoreWinds" jsonb)
         WHERE site."name" = data."name" AND site."swellExposure" IS NULL AND site."onshoreWinds" IS NULL`,
        [JSON.stringify(rows)],
      );
      await manager.insert(SeedHistory, { dataset: EXPOSURE_ENTRY });
      const changed = (result as [unknown, number])[1];
      if (changed) this.logger.log(`Filled the exposure profiles of ${changed} dive sites`);
      return true;
    });
  }

  /**
   * Once, into a database that had the dive sites before their kind, access, status and sources existed:
   * those facts from the data files, by name, on the rows never checked (lastChecked empty). A row the
   * administrator has since filled in keeps its values.
   */
  private async fillProvenance(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
      if (await manager.existsBy(SeedHistory, { dataset: PROVENANCE_ENTRY })) return false;
      if (!(await manager.existsBy(SeedHistory, { dataset: 'dive-sites' }))) return false;
      const rows = this.diveSiteRows().map((row) => ({
        name: row.name as string,
        ...Object.fromEntries(PROVENANCE_FIELDS.map((field) => [field, row[field] ?? null])),
      }));
      const result = await manager.query(
        `UPDATE "dive_sites" AS site SET "kind" = data."kind", "access" = data."access", "status" = data."status", "statusNote" = data."statusNote",
           "statusSince" = data."statusSince", "statusSource" = data."statusSource", "sources" = coalesce(data."sources", '[]'::jsonb), "updatedAt" = now()
         FROM jsonb_to_recordset($1::jsonb) AS data("name" text, "kind" text, "access" text, "status" text, "statusNote" text, "statusSince" date,
           "statusSource" text, "sources" jsonb)
         WHERE site."name" = data."name" AND site."lastChecked" IS NULL AND data."kind" IS NOT NULL
           AND (site."kind", site."access", site."status", site."statusNote", site."statusSince", site."statusSource", site."sources")
             IS DISTINCT FROM (data."kind", data."access", data."status", data."statusNote", data."statusSince", data."statusSource", coalesce(data."sources", '[]'::jsonb))`,
        [JSON.stringify(rows)],
      );
      await manager.insert(SeedHistory, { dataset: PROVENANCE_ENTRY });
      const changed = (result as [unknown, number])[1];
      if (changed) this.logger.log(`Filled the kind, access, status and sources of ${changed} dive sites`);
      return true;
    });
  }

  /**
   * Issue 43: data/dive-site-checks.json (the recorded checks of the sites' facts) and data/notices.json
   * (dated notices covering sites), each version of each file once (seed_history: `{file}:{hash}`), so the
   * files may grow: a new version adds the checks (by site and day) and the notices (by title and start)
   * this database does not have yet. A check without a source is never loaded; the site's `lastChecked`
   * becomes the day of its newest recorded check, and nothing else dates it.
   */
  async loadFacts(): Promise<string[]> {
    const loaded: string[] = [];
    for (const [file, load] of [
      ['dive-site-checks.json', (manager: EntityManager, rows: ObjectLiteral[]) => this.loadChecks(manager, rows)],
      ['notices.json', (manager: EntityManager, rows: ObjectLiteral[]) => this.loadNotices(manager, rows)],
    ] as const) {
      const path = join(this.dataDir, file);
      if (!existsSync(path)) continue;
      const text = readFileSync(path, 'utf8');
      const entry = `${file.replace(/\.json$/, '')}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
      const done = await this.dataSource.transaction(async (manager) => {
        await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
        if (await manager.existsBy(SeedHistory, { dataset: entry })) return false;
        if (!(await manager.existsBy(SeedHistory, { dataset: 'dive-sites' }))) return false;
        const added = await load(manager, JSON.parse(text) as ObjectLiteral[]);
        await manager.insert(SeedHistory, { dataset: entry });
        if (added) this.logger.log(`Loaded ${added} rows of ${file}`);
        return true;
      });
      if (done) loaded.push(entry);
    }
    return loaded;
  }

  private async siteIdsByName(manager: EntityManager, names: string[]): Promise<Map<string, number>> {
    const rows = (await manager.query(`SELECT "id", "name" FROM "dive_sites" WHERE "name" = ANY($1) ORDER BY "id"`, [[...new Set(names)]])) as {
      id: number;
      name: string;
    }[];
    const ids = new Map<string, number>();
    for (const row of rows) if (!ids.has(row.name)) ids.set(row.name, row.id);
    return ids;
  }

  private async loadChecks(manager: EntityManager, rows: ObjectLiteral[]): Promise<number> {
    const checks = rows.map(seedCheck).filter((check): check is SeedCheck => check !== null);
    const ids = await this.siteIdsByName(
      manager,
      checks.map((check) => check.site),
    );
    const known = checks.filter((check) => ids.has(check.site));
    if (known.length === 0) return 0;
    const result = await manager.query(
      `INSERT INTO "dive_site_checks" ("diveSiteId", "checkedOn", "fields", "by", "sources")
       SELECT data."siteId", data."checkedOn", data."fields", data."by", data."sources"
       FROM jsonb_to_recordset($1::jsonb) AS data("siteId" int, "checkedOn" date, "fields" jsonb, "by" text, "sources" jsonb)
       WHERE NOT EXISTS (SELECT 1 FROM "dive_site_checks" existing WHERE existing."diveSiteId" = data."siteId" AND existing."checkedOn" = data."checkedOn")
       RETURNING "id"`,
      [
        JSON.stringify(
          known.map((check) => ({ siteId: ids.get(check.site), checkedOn: check.date, fields: check.fields, by: check.by, sources: check.sources })),
        ),
      ],
    );
    await manager.query(
      `UPDATE "dive_sites" site SET "lastChecked" = newest."day"
       FROM (SELECT "diveSiteId", max("checkedOn") AS "day" FROM "dive_site_checks" GROUP BY "diveSiteId") newest
       WHERE site."id" = newest."diveSiteId" AND site."lastChecked" IS DISTINCT FROM newest."day"`,
    );
    return (result as unknown[]).length;
  }

  private async loadNotices(manager: EntityManager, rows: ObjectLiteral[]): Promise<number> {
    let added = 0;
    for (const notice of rows.map(seedNotice).filter((row): row is SeedNotice => row !== null)) {
      const present = (await manager.query(`SELECT 1 FROM "notices" WHERE "title" = $1 AND "startsOn" = $2`, [notice.title, notice.startsOn])) as unknown[];
      if (present.length) continue;
      const ids = await this.siteIdsByName(manager, notice.sites);
      if (ids.size === 0) continue;
      const [{ id }] = (await manager.query(
        `INSERT INTO "notices" ("title", "body", "startsOn", "endsOn", "sourceTitle", "sourceUrl") VALUES ($1, $2, $3, $4, $5, $6) RETURNING "id"`,
        [notice.title, notice.body, notice.startsOn, notice.endsOn, notice.source.title, notice.source.url],
      )) as { id: number }[];
      await manager.query(`INSERT INTO "notice_sites" ("noticeId", "diveSiteId") SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [id, [...ids.values()]]);
      added++;
    }
    return added;
  }

  private async applyCorrectionsVersion(file: CorrectionsVersion): Promise<boolean> {
    const entry = `dive-site-corrections:${file.version}`;
    return this.dataSource.transaction(async (manager) => {
      await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
      if (await manager.existsBy(SeedHistory, { dataset: entry })) return false;
      // A database that never had the dive sites gets them, corrected, with the dive-sites data set.
      if (!(await manager.existsBy(SeedHistory, { dataset: 'dive-sites' }))) return false;
      let changed = 0;
      for (const correction of file.corrections) changed += await this.applyCorrection(manager, correction);
      const marks = Object.keys(file.positions);
      if (marks.length) {
        const result = await manager.query(`UPDATE "dive_sites" SET "position_precision" = 'mark' WHERE "name" = ANY($1) AND "position_precision" <> 'mark'`, [
          marks,
        ]);
        changed += (result as [unknown, number])[1];
      }
      const addedNames = new Set(file.added);
      const present = new Set(
        ((await manager.query(`SELECT "name" FROM "dive_sites" WHERE "name" = ANY($1)`, [file.added])) as { name: string }[]).map((row) => row.name),
      );
      const missing = this.diveSiteRows().filter((row) => addedNames.has(row.name as string) && !present.has(row.name as string));
      await this.insertInChunks(manager, DiveSite, missing);
      changed += missing.length;
      await manager.insert(SeedHistory, { dataset: entry });
      if (changed) this.logger.log(`Applied ${changed} dive-site corrections (${file.version})`);
      return true;
    });
  }

  private async applyCorrection(manager: EntityManager, correction: Correction): Promise<number> {
    if (correction.kind === 'article') {
      if (correction.field !== 'content') throw new Error(`Unknown article field in a correction: ${correction.field}`);
      const result = await manager.query(`UPDATE "articles" SET "content" = $1 WHERE "slug" = $2 AND "content" = $3`, [
        correction.to,
        correction.site,
        correction.from,
      ]);
      return (result as [unknown, number])[1];
    }
    if (!CORRECTABLE_SITE_FIELDS.has(correction.field)) throw new Error(`Unknown dive-site field in a correction: ${correction.field}`);
    const column = `"${correction.field}"`;
    // Decimals compare as numbers: the column holds -26.63450000 for the seed's -26.6345; dates as their text;
    // an empty value (a status note or date that was not set) is null, on either side.
    const matches =
      correction.from === null
        ? `${column} IS NULL AND $3::text IS NULL`
        : NUMERIC_SITE_FIELDS.has(correction.field)
          ? `${column} = $3::numeric`
          : `${column}::text = $3`;
    const result = await manager.query(`UPDATE "dive_sites" SET ${column} = $1, "updatedAt" = now() WHERE "name" = $2 AND ${matches}`, [
      correction.to === null ? null : String(correction.to),
      correction.site,
      correction.from === null ? null : String(correction.from),
    ]);
    return (result as [unknown, number])[1];
  }

  private async insertInChunks(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, rows: ObjectLiteral[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 100) {
      await manager.insert(entity, rows.slice(i, i + 100));
    }
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A row of data/dive-site-checks.json as the seed loads it. */
export interface SeedCheck {
  site: string;
  date: string;
  fields: string[];
  by: 'editor' | 'reader';
  sources: SiteSource[];
}

/** A row of data/notices.json as the seed loads it. */
export interface SeedNotice {
  title: string;
  body: string;
  startsOn: string;
  endsOn: string | null;
  source: SiteSource;
  sites: string[];
}

function seedSources(value: unknown): SiteSource[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item: unknown) => (typeof item === 'string' ? { url: item } : (item as { title?: unknown; url?: unknown } | null)))
    .filter((item): item is { title?: unknown; url: string } => !!item && isWebUrl(item.url))
    .map((item) => ({ title: typeof item.title === 'string' && item.title.trim() ? item.title.trim() : sourceTitle(item.url), url: item.url }));
}

/** A check row, or null when it cannot be shown honestly (no site, no valid day, no source with a web address). */
export function seedCheck(row: ObjectLiteral): SeedCheck | null {
  const sources = seedSources(row.sources);
  if (typeof row.site !== 'string' || typeof row.date !== 'string' || !DAY.test(row.date) || sources.length === 0) return null;
  const by = typeof row.by === 'string' && /reader/i.test(row.by) ? 'reader' : 'editor';
  const fields = Array.isArray(row.fields) ? row.fields.filter((field): field is string => typeof field === 'string') : [];
  return { site: row.site, date: row.date, fields, by, sources };
}

/** A notice row, or null without a title, body, start day, source or site. */
export function seedNotice(row: ObjectLiteral): SeedNotice | null {
  const [source] = seedSources([row.source]);
  const endsOn = typeof row.endsOn === 'string' && DAY.test(row.endsOn) ? row.endsOn : null;
  const sites = Array.isArray(row.sites) ? row.sites.filter((site): site is string => typeof site === 'string') : [];
  if (typeof row.title !== 'string' || typeof row.body !== 'string' || typeof row.startsOn !== 'string' || !DAY.test(row.startsOn)) return null;
  if (!source || sites.length === 0 || (endsOn !== null && endsOn < row.startsOn)) return null;
  return {
    title: row.title.slice(0, 200),
    body: row.body,
    startsOn: row.startsOn,
    endsOn,
    source: { title: source.title.slice(0, 200), url: source.url },
    sites,
  };
}
