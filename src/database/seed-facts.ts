import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@nestjs/common';
import type { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import { sourceTitle, type SiteSource } from 'core/dive-sites/fields';
import { isWebUrl } from 'src/validation/validators';
import { SeedHistory } from './seed-history.entity';

/**
 * Issue 43's recorded facts from the data files: the checks of the sites' facts and the dated notices,
 * each version of each file once (seed_history).
 */
export class SeedFacts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dataDir: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Issue 43: data/dive-site-checks.json (the recorded checks of the sites' facts) and data/notices.json
   * (dated notices covering sites), each version of each file once (seed_history: `{file}:{hash}`), so the
   * files may grow: a new version adds the checks (by site and day) and the notices (by title and start)
   * this database does not have yet. A check without a source is never loaded; the site's `lastChecked`
   * becomes the day of its newest recorded check, and nothing else dates it.
   */
  async load(): Promise<string[]> {
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
