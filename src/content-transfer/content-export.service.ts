import { Injectable } from '@nestjs/common';
import { DataSource, In, type QueryRunner } from 'typeorm';
import { CONTENT_FORMAT, CONTENT_VERSION, type ContentKind } from 'core/api/content-transfer';
import type { Article } from 'src/articles/article.entity';
import type { CarouselVideo } from 'src/carousel/carousel-video.entity';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import { cursorBatches, inReadTransaction } from 'src/lists/cursor';
import { Media } from 'src/images/media.entity';
import type { Subscriber } from 'src/newsletter/subscriber.entity';
import type { Product } from 'src/products/product.entity';
import type { Review } from 'src/reviews/review.entity';
import { RECORD_OF } from './site-content';

/**
 * The most upload bytes one file carries. Past it the file would outgrow the import's body limit and a
 * server's memory: the uploads beyond it (by hash order) stay out, and their references import as
 * missing images, which the import's preview names.
 */
export const MEDIA_EXPORT_LIMIT = 16 * 1024 * 1024;
/** The import's body limit: the uploads in base64 (4/3 of their bytes) and room for the text of a large site. */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
/**
 * The most JSON values an import file may hold (each record's fields, a site's worth many times over).
 * With the byte limit it bounds what the parsed file takes on the heap, whatever its shape: 32 MB of
 * `[],` would otherwise be some 11 million arrays.
 */
export const IMPORT_MAX_VALUES = 500_000;

/** The text gathered before it is handed on. */
export const CHUNK_CHARS = 64 * 1024;
/** A statement of the export (the first fetch sorts a million ratings at 100x) may outlast the server's usual timeout. */
const EXPORT_STATEMENT_TIMEOUT = '5min';

type Row = Record<string, unknown>;
/* The rows are read with SELECT *, so each has its entity's columns, as the records' functions read them. */
const as = <T>(toRecord: (row: T) => unknown) => toRecord as unknown as (row: Row) => unknown;

/**
 * Each kind's rows in the file's order, its natural key (content-records' KEYS) by code point (COLLATE
 * "C", as sortByKey compares), the older row first of two with one key; and the record each row makes.
 * Times in a key are compared at the millisecond, as the record writes them.
 */
const KINDS: { kind: Exclude<ContentKind, 'media'>; sql: string; record: (row: Row) => unknown }[] = [
  { kind: 'articles', sql: `SELECT * FROM articles ORDER BY slug COLLATE "C", id`, record: as<Article>(RECORD_OF.articles) },
  { kind: 'reviews', sql: `SELECT * FROM reviews ORDER BY slug COLLATE "C", id`, record: as<Review>(RECORD_OF.reviews) },
  { kind: 'products', sql: `SELECT * FROM products ORDER BY name COLLATE "C", id`, record: as<Product>(RECORD_OF.products) },
  { kind: 'carouselSlides', sql: `SELECT * FROM carousel_videos ORDER BY title COLLATE "C", id`, record: as<CarouselVideo>(RECORD_OF.carouselSlides) },
  // The one column whose name is not its property's (position_precision).
  {
    kind: 'diveSites',
    sql: `SELECT *, position_precision AS "positionPrecision" FROM dive_sites ORDER BY name COLLATE "C", id`,
    record: as<DiveSite>(RECORD_OF.diveSites),
  },
  {
    kind: 'comments',
    sql: `SELECT comment.*, article.slug AS "articleSlug" FROM comments comment JOIN articles article ON article.id = comment."articleId"
          ORDER BY article.slug COLLATE "C", date_trunc('milliseconds', comment."createdAt"), comment.name COLLATE "C", comment.id`,
    record: as<Parameters<typeof RECORD_OF.comments>[0]>(RECORD_OF.comments),
  },
  {
    kind: 'ratings',
    sql: `SELECT rating.*, site.name AS "diveSiteName" FROM dive_site_ratings rating JOIN dive_sites site ON site.id = rating."diveSiteId"
          ORDER BY site.name COLLATE "C", date_trunc('milliseconds', rating."createdAt"), rating.id`,
    record: as<Parameters<typeof RECORD_OF.ratings>[0]>(RECORD_OF.ratings),
  },
  {
    kind: 'siteChecks',
    sql: `SELECT site_check.*, site.name AS "diveSiteName" FROM dive_site_checks site_check JOIN dive_sites site ON site.id = site_check."diveSiteId"
          ORDER BY site.name COLLATE "C", site_check."checkedOn", date_trunc('milliseconds', site_check."createdAt"), site_check.id`,
    record: as<Parameters<typeof RECORD_OF.siteChecks>[0]>(RECORD_OF.siteChecks),
  },
  {
    kind: 'notices',
    sql: `SELECT notice.*, coalesce((SELECT json_agg(site.name) FROM notice_sites link JOIN dive_sites site ON site.id = link."diveSiteId"
            WHERE link."noticeId" = notice.id), '[]') AS "siteNames"
          FROM notices notice ORDER BY notice.title COLLATE "C", notice."startsOn", notice.id`,
    record: as<Parameters<typeof RECORD_OF.notices>[0]>(RECORD_OF.notices),
  },
  // A sign-up still waiting for its owner's click (double opt-in, never confirmed) is no subscriber: it stays out.
  {
    kind: 'subscribers',
    sql: `SELECT * FROM newsletters WHERE "subscribed" OR "confirmedAt" IS NOT NULL OR "confirmToken" IS NULL ORDER BY lower(email) COLLATE "C", id`,
    record: as<Subscriber>(RECORD_OF.subscribers),
  },
];

/** The uploads a record refers to, by hash: /media/uploads/<hash>.<ext>, alone, absolute or inside markdown. */
const UPLOAD_REFERENCE = /\/media\/uploads\/([0-9a-f]{64})\./g;

/** A record as it sits in the file: two-space JSON, inside the content's arrays (six spaces in). */
const INDENT = '      ';
const placed = (record: unknown) => INDENT + JSON.stringify(record, null, 2).replace(/\n/g, `\n${INDENT}`);

/**
 * The whole site's content as one file (core/api/content-transfer.ts), written as it is read: each kind
 * from a cursor a few hundred rows at a time, inside one REPEATABLE READ transaction (one moment of the
 * site), so no export holds every row, however large the site. The text is two-space JSON with a final
 * newline, exactly JSON.stringify(file, null, 2): readable, and the same bytes for the same content.
 */
@Injectable()
export class ContentExportService {
  constructor(private readonly dataSource: DataSource) {}

  /** The file's text in pieces of about 64 KB; stopping early (a closed download) ends the transaction. */
  export(now: Date = new Date()): AsyncGenerator<string> {
    return inReadTransaction(this.dataSource, EXPORT_STATEMENT_TIMEOUT, (runner) => this.pieces(runner, now));
  }

  private async *pieces(runner: QueryRunner, now: Date): AsyncGenerator<string> {
    let text =
      `{\n  "format": ${JSON.stringify(CONTENT_FORMAT)},\n  "version": ${JSON.stringify(CONTENT_VERSION)},\n` +
      `  "exportedAt": ${JSON.stringify(now.toISOString())},\n  "content": {\n`;
    const uploads = new Set<string>();
    for (const [index, { kind, sql, record }] of KINDS.entries()) {
      text += `${index ? ',\n' : ''}    ${JSON.stringify(kind)}: [`;
      let count = 0;
      for await (const rows of cursorBatches(runner, sql)) {
        for (const row of rows) {
          const made = placed(record(row));
          for (const match of made.matchAll(UPLOAD_REFERENCE)) uploads.add(match[1]);
          text += `${count++ ? ',' : ''}\n${made}`;
          // Checked after each record, not each batch: a batch of long articles is megabytes of text.
          if (text.length >= CHUNK_CHARS) {
            yield text;
            text = '';
          }
        }
      }
      text += count ? '\n    ]' : ']';
    }
    // The uploads, base64 inside their records, come one at a time: together they are up to
    // MEDIA_EXPORT_LIMIT of bytes, and several copies of them as text would outgrow a small heap.
    let placedMedia = 0;
    for await (const media of this.uploads(runner, uploads)) {
      text += `${placedMedia++ ? ',\n' : ',\n    "media": [\n'}${placed(media)}`;
      yield text;
      text = '';
    }
    if (placedMedia) text += '\n    ]';
    yield `${text}\n  }\n}\n`;
  }

  /** The uploads referred to, bytes and all, as many as MEDIA_EXPORT_LIMIT allows (by hash order), read one at a time. */
  private async *uploads(runner: QueryRunner, hashes: Set<string>) {
    if (hashes.size === 0) return;
    const repository = runner.manager.getRepository(Media);
    const sizes = await repository.find({ select: { id: true, hash: true, size: true }, where: { hash: In([...hashes]) }, order: { hash: 'ASC' } });
    let total = 0;
    for (const { id, size } of sizes) {
      if (total + size > MEDIA_EXPORT_LIMIT) continue;
      total += size;
      const row = await repository.findOneOrFail({
        select: { id: true, hash: true, mimeType: true, originalName: true, createdAt: true, bytes: true },
        where: { id },
      });
      yield RECORD_OF.media({ ...row, data: row.bytes.toString('base64') });
    }
  }
}
