import { Injectable } from '@nestjs/common';
import { DataSource, In, type Repository } from 'typeorm';
import { CONTENT_FORMAT, CONTENT_VERSION, type ContentFile, type ContentSet, type MediaRecord } from 'core/api/content-transfer';
import { Media } from 'src/images/media.entity';
import { mediaRecord, sortByKey } from './content-records';
import { readSiteContent, referencedUploads } from './site-content';

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

/** Two-space JSON with a final newline: readable, and the same bytes for the same content. */
export const serializeContentFile = (file: ContentFile): string => `${JSON.stringify(file, null, 2)}\n`;

/** The whole site's content as one file (core/api/content-transfer.ts). */
@Injectable()
export class ContentExportService {
  constructor(private readonly dataSource: DataSource) {}

  async export(now: Date = new Date()): Promise<ContentFile> {
    const site = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const held = await readSiteContent(manager);
      const records = <R>(kind: keyof typeof held) => held[kind].map(({ record }) => record as R);
      const content: ContentSet = {
        articles: sortByKey('articles', records('articles')),
        reviews: sortByKey('reviews', records('reviews')),
        products: sortByKey('products', records('products')),
        carouselSlides: sortByKey('carouselSlides', records('carouselSlides')),
        diveSites: sortByKey('diveSites', records('diveSites')),
        comments: sortByKey('comments', records('comments')),
        ratings: sortByKey('ratings', records('ratings')),
        subscribers: sortByKey('subscribers', records('subscribers')),
      };
      const media = await this.uploads(manager.getRepository(Media), referencedUploads(content));
      return media.length ? { ...content, media } : content;
    });
    return { format: CONTENT_FORMAT, version: CONTENT_VERSION, exportedAt: now.toISOString(), content: site };
  }

  private async uploads(repository: Repository<Media>, hashes: Set<string>): Promise<MediaRecord[]> {
    if (hashes.size === 0) return [];
    const sizes = await repository.find({ select: { id: true, hash: true, size: true }, where: { hash: In([...hashes]) }, order: { hash: 'ASC' } });
    const kept: number[] = [];
    let total = 0;
    for (const { id, size } of sizes) {
      if (total + size > MEDIA_EXPORT_LIMIT) continue;
      total += size;
      kept.push(id);
    }
    if (kept.length === 0) return [];
    const rows = await repository.find({
      select: { id: true, hash: true, mimeType: true, originalName: true, createdAt: true, bytes: true },
      where: { id: In(kept) },
      order: { hash: 'ASC' },
    });
    return rows.map((row) => mediaRecord({ ...row, data: row.bytes.toString('base64') }));
  }
}
