import { randomBytes } from 'node:crypto';
import { ConflictException, HttpException, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import { CONTENT_KINDS, type ContentKind, type DiveSiteRecord, type ImportKindPlan, type ImportSummary, type MediaRecord } from 'core/api/content-transfer';
import { errorBody } from 'src/common/error-body';
import { Article } from 'src/articles/article.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { checkUpload } from 'src/images/media-upload';
import { checkContentFile, refuse, type CheckedContent } from './content-file';
import { completeSiteRecord, keyOf, labelOf } from './content-records';
import { ENTITIES, readSiteContent, referencedUploads, type Held, type SiteContent } from './site-content';

type Action = 'add' | 'update' | 'skip';

interface Step {
  kind: ContentKind;
  action: Action;
  record: CheckedContent[ContentKind][number];
  /** The matched row, for an update. */
  id: number | null;
}

/** The uploads' bytes are not read from the site to compare: the hash names them. */
const comparable = (kind: ContentKind, record: unknown) => JSON.stringify(kind === 'media' ? { ...(record as MediaRecord), data: '' } : record);

const CHUNK = 200;

/**
 * Imports a content file (core/api/content-transfer.ts) into the site: checks all of it, matches each
 * record to a row by its natural key (src/content-transfer/content-records.ts, KEYS), then adds what is
 * new and updates what differs, in one transaction. It never deletes: a row the file lacks stays.
 */
@Injectable()
export class ContentImportService {
  constructor(private readonly dataSource: DataSource) {}

  async preview(raw: unknown): Promise<ImportSummary> {
    const checked = await checkContentFile(raw);
    const site = await this.dataSource.transaction('REPEATABLE READ', (manager) => readSiteContent(manager));
    return summarise(plan(checked, site), checked, site);
  }

  async apply(raw: unknown): Promise<ImportSummary> {
    const checked = await checkContentFile(raw);
    return this.dataSource.transaction(async (manager) => {
      const site = await readSiteContent(manager);
      const steps = plan(checked, site);
      await write(manager, steps);
      return summarise(steps, checked, site);
    });
  }
}

/** What the import does with each record; refuses a comment or rating whose article or site neither the file nor the site holds. */
function plan(checked: CheckedContent, site: SiteContent): Step[] {
  const steps: Step[] = [];
  const problems: [string, string][] = [];
  const siteKeys = (kind: ContentKind) => {
    const keys = new Map<string, Held>();
    // Oldest first: of two rows sharing a name, the older is matched.
    for (const held of site[kind]) if (!keys.has(keyOf(kind, held.record as never))) keys.set(keyOf(kind, held.record as never), held);
    return keys;
  };
  const known = (kind: 'articles' | 'diveSites') =>
    new Set([...checked[kind].map((record) => keyOf(kind, record)), ...site[kind].map(({ record }) => keyOf(kind, record as never))]);
  const articles = known('articles');
  const diveSites = known('diveSites');
  for (const kind of CONTENT_KINDS) {
    const held = siteKeys(kind);
    for (const [index, fileRecord] of (checked[kind] as Step['record'][]).entries()) {
      let record = fileRecord;
      if (kind === 'comments' && 'articleSlug' in record && !articles.has(record.articleSlug)) {
        problems.push([`comments[${index}] ${labelOf(kind, record)}`, `its article "${record.articleSlug}" is neither in the file nor on this site`]);
        continue;
      }
      if ((kind === 'ratings' || kind === 'siteChecks') && 'diveSiteName' in record && !diveSites.has(record.diveSiteName)) {
        problems.push([`${kind}[${index}] ${labelOf(kind, record)}`, `its dive site "${record.diveSiteName}" is neither in the file nor on this site`]);
        continue;
      }
      if (kind === 'notices' && 'siteNames' in record) {
        const unknown = record.siteNames.find((name) => !diveSites.has(name));
        if (unknown !== undefined) {
          problems.push([`notices[${index}] ${labelOf(kind, record)}`, `its dive site "${unknown}" is neither in the file nor on this site`]);
          continue;
        }
      }
      const match = held.get(keyOf(kind, record));
      // An older file's site without a tide station or exposure profile keeps the matched site's.
      if (kind === 'diveSites') record = completeSiteRecord(record as DiveSiteRecord, match?.record as DiveSiteRecord | undefined);
      const action: Action = !match ? 'add' : comparable(kind, match.record) === comparable(kind, record) ? 'skip' : 'update';
      steps.push({ kind, action, record, id: match?.id ?? null });
    }
  }
  if (problems.length) refuse(problems);
  return steps;
}

function summarise(steps: Step[], checked: CheckedContent, site: SiteContent): ImportSummary {
  const kinds = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, { added: [], updated: [], skipped: 0 }])) as unknown as Record<
    ContentKind,
    ImportKindPlan
  >;
  for (const { kind, action, record } of steps) {
    if (action === 'skip') kinds[kind].skipped++;
    else kinds[kind][action === 'add' ? 'added' : 'updated'].push(labelOf(kind, record));
  }
  const { media, ...content } = checked;
  const held = new Set([...media.map((record) => record.hash), ...site.media.map(({ record }) => (record as MediaRecord).hash)]);
  const missingMedia = [...referencedUploads(content)].filter((hash) => !held.has(hash)).sort();
  return { kinds, missingMedia };
}

/** A record as the columns of its row; comments and ratings name their article and site by id. */
async function row(
  kind: ContentKind,
  record: Step['record'],
  ids: { articles: Map<string, number>; diveSites: Map<string, number> },
  isNew: boolean,
): Promise<ObjectLiteral> {
  switch (kind) {
    case 'comments': {
      const { articleSlug, ...fields } = record as CheckedContent['comments'][number];
      return { ...fields, articleId: ids.articles.get(articleSlug) };
    }
    case 'ratings': {
      const { diveSiteName, ...fields } = record as CheckedContent['ratings'][number];
      return { ...fields, diveSiteId: ids.diveSites.get(diveSiteName) };
    }
    case 'siteChecks': {
      const { diveSiteName, ...fields } = record as CheckedContent['siteChecks'][number];
      return { ...fields, diveSiteId: ids.diveSites.get(diveSiteName) };
    }
    case 'notices': {
      // The sites it covers are its links, written after it (write()).
      const { siteNames: _sites, ...fields } = record as CheckedContent['notices'][number];
      return fields;
    }
    case 'subscribers':
      return isNew ? { ...record, unsubscribeToken: randomBytes(32).toString('base64url') } : record;
    case 'media': {
      const { data, ...fields } = record as MediaRecord;
      if (!isNew) return fields;
      const bytes = Buffer.from(data, 'base64');
      const { width, height } = await checkUpload(bytes);
      return { ...fields, bytes, width, height, size: bytes.length };
    }
    default:
      return record;
  }
}

async function idsByKey(manager: EntityManager): Promise<{ articles: Map<string, number>; diveSites: Map<string, number> }> {
  const articles = await manager.find(Article, { select: { id: true, slug: true }, order: { id: 'DESC' } });
  const sites = await manager.find(DiveSite, { select: { id: true, name: true }, order: { id: 'DESC' } });
  // Newest first into the map, so the oldest of two rows sharing a name is the one kept, as plan() matched.
  return { articles: new Map(articles.map((a) => [a.slug, a.id])), diveSites: new Map(sites.map((s) => [s.name, s.id])) };
}

/** Adds and updates kind by kind (articles and sites before their comments and ratings); a database refusal names the record. */
async function write(manager: EntityManager, steps: Step[]): Promise<void> {
  let ids = { articles: new Map<string, number>(), diveSites: new Map<string, number>() };
  for (const kind of CONTENT_KINDS) {
    if (kind === 'comments') ids = await idsByKey(manager);
    const entity = ENTITIES[kind];
    const mine = steps.filter((step) => step.kind === kind);
    const failed = (step: Step | undefined) => (error: unknown) => {
      if (error instanceof HttpException) throw error;
      const what = step ? labelOf(kind, step.record) : `the new ${kind}`;
      throw new ConflictException(errorBody(409, `Could not write ${what}: ${(error as Error).message}. Nothing was imported.`));
    };
    for (const step of mine.filter(({ action }) => action === 'update')) {
      await manager.update(entity, step.id!, await row(kind, step.record, ids, false)).catch(failed(step));
    }
    const added = mine.filter(({ action }) => action === 'add');
    for (let start = 0; start < added.length; start += CHUNK) {
      const chunk = added.slice(start, start + CHUNK);
      const rows = await Promise.all(chunk.map((step) => row(kind, step.record, ids, true)));
      const inserted = await manager.insert(entity, rows).catch(failed(chunk.length === 1 ? chunk[0] : undefined));
      chunk.forEach((step, index) => (step.id = (inserted.identifiers[index] as { id: number }).id));
    }
    if (kind === 'notices') await linkNotices(manager, mine, ids.diveSites);
    if (kind === 'siteChecks') await dateLastChecks(manager, mine, ids.diveSites);
  }
}

/** A notice added or changed covers the sites its record names, and only those. */
async function linkNotices(manager: EntityManager, steps: Step[], siteIds: Map<string, number>): Promise<void> {
  for (const step of steps.filter(({ action }) => action !== 'skip')) {
    const { siteNames } = step.record as CheckedContent['notices'][number];
    await manager.query(`DELETE FROM "notice_sites" WHERE "noticeId" = $1`, [step.id]);
    await manager.query(`INSERT INTO "notice_sites" ("noticeId", "diveSiteId") SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
      step.id,
      siteNames.map((name) => siteIds.get(name)),
    ]);
  }
}

/** A site's last check is dated by its newest recorded check (as 'Mark checked' does), imported ones included. */
async function dateLastChecks(manager: EntityManager, steps: Step[], siteIds: Map<string, number>): Promise<void> {
  const sites = [
    ...new Set(steps.filter(({ action }) => action !== 'skip').map((step) => siteIds.get((step.record as CheckedContent['siteChecks'][number]).diveSiteName))),
  ];
  if (!sites.length) return;
  await manager.query(
    `UPDATE "dive_sites" site SET "lastChecked" = latest.day
       FROM (SELECT "diveSiteId", max("checkedOn") AS day FROM "dive_site_checks" WHERE "diveSiteId" = ANY($1) GROUP BY "diveSiteId") latest
      WHERE site."id" = latest."diveSiteId" AND (site."lastChecked" IS NULL OR site."lastChecked" < latest.day)`,
    [sites],
  );
}
