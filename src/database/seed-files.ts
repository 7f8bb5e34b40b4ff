import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { sourceTitle } from 'core/dive-sites/fields';

/* The seed's data files (data/) as rows: read, never written. */

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
export interface Corrections {
  versions: CorrectionsVersion[];
}

export function readJson(path: string): ObjectLiteral[] {
  return JSON.parse(readFileSync(path, 'utf8')) as ObjectLiteral[];
}

/** data/dive-site-corrections.json, or null where there is none. */
export function readCorrections(dataDir: string): Corrections | null {
  const path = join(dataDir, 'dive-site-corrections.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Corrections) : null;
}

/** The dive sites of data/dive-sites/*.json as rows: a position a correction names a published mark is one. */
export function diveSiteRows(dataDir: string): ObjectLiteral[] {
  const dir = join(dataDir, 'dive-sites');
  if (!existsSync(dir)) return [];
  const positions: Record<string, 'mark'> = Object.assign({}, ...(readCorrections(dataDir)?.versions ?? []).map((version) => version.positions));
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

/** Rows inserted a hundred at a time (PostgreSQL's bound on a statement's parameters). */
export async function insertInChunks(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, rows: ObjectLiteral[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await manager.insert(entity, rows.slice(i, i + 100));
  }
}
