import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { SeedHistory } from './seed-history.entity';
import { diveSiteRows, insertInChunks, readCorrections, type Correction, type CorrectionsVersion } from './seed-files';

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

/**
 * The seed's later corrections (data/dive-site-corrections.json, version after version) and the fills of
 * columns added after a database was first seeded (provenance, exposure profiles), each once (seed_history).
 */
export class SeedCorrections {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dataDir: string,
    private readonly logger: Logger,
  ) {}

  /**
   * The corrections file, each version once and in order (its seed_history entry is
   * `dive-site-corrections:{version}`), into a database that already holds the seed. A value changes only
   * where the row still holds the old seeded value, so whatever the administrator edited stays as they left
   * it, and a later version may correct what an earlier one set; on a fresh database the seed already holds
   * the newest values and nothing matches. Answers the entries of the versions applied now.
   */
  async apply(): Promise<string[]> {
    const applied: string[] = [];
    for (const version of readCorrections(this.dataDir)?.versions ?? []) {
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
      const rows = diveSiteRows(this.dataDir).map((row) => ({
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
      const missing = diveSiteRows(this.dataDir).filter((row) => addedNames.has(row.name as string) && !present.has(row.name as string));
      await insertInChunks(manager, DiveSite, missing);
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
}
