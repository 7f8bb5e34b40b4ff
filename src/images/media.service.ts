import { createHash } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { likePattern, type Page } from 'src/lists/admin-page';
import { errorBody } from 'src/common/error-body';
import { Media } from './media.entity';
import { checkUpload, keptFileName, strippedOriginal, UPLOAD_FORMATS } from './media-upload';

/** Where an upload appears: the kind of content, its id and its title or name. */
export interface MediaUse {
  type: 'article' | 'review' | 'product' | 'carousel slide' | 'dive site' | 'location';
  id: number;
  title: string;
}

export interface MediaWithUses {
  media: Media;
  usedBy: MediaUse[];
}

export const UPLOADS_PATH = '/media/uploads/';
/** An upload's file name: the SHA-256 of its bytes and its format's extension. */
export const UPLOAD_FILE = /^([0-9a-f]{64})\.(jpg|png|webp|avif|gif)$/;

const EXTENSIONS: Record<string, string> = Object.fromEntries(Object.values(UPLOAD_FORMATS).map(({ mimeType, extension }) => [mimeType, extension]));

export const mediaUrl = (media: Pick<Media, 'hash' | 'mimeType'>) => `${UPLOADS_PATH}${media.hash}.${EXTENSIONS[media.mimeType]}`;

/**
 * Every column that may name an image, and the bodies that may embed one. A use is any value holding
 * the upload's path (a 64-hex name cannot turn up by chance), so absolute URLs and markdown count too.
 */
const USES: { type: MediaUse['type']; table: string; title: string; columns: string[] }[] = [
  { type: 'article', table: 'articles', title: 'title', columns: ['imageUrl', 'videoThumbnail', 'content'] },
  { type: 'review', table: 'reviews', title: 'title', columns: ['imageUrl', 'content'] },
  { type: 'product', table: 'products', title: 'name', columns: ['imageUrl'] },
  { type: 'carousel slide', table: 'carousel_videos', title: 'title', columns: ['posterImageUrl'] },
  { type: 'dive site', table: 'dive_sites', title: 'name', columns: ['imageUrl', 'videoThumbnail'] },
  { type: 'location', table: 'locations', title: 'name', columns: ['imageUrl'] },
];

/**
 * Each table read once, whatever the number of uploads asked about: the upload names are taken out of the rows
 * that mention the uploads' path at all, then matched to the uploads asked about (a search of every row's text
 * for each upload in turn cost a scan of every article per upload: 23 s for a page of 25 at 20 times the seed).
 */
export const USES_SQL = USES.map(({ type, table, title, columns }) => {
  const text = columns.map((column) => `coalesce(t."${column}", '')`).join(` || ' ' || `);
  const mentions = columns.map((column) => `strpos(t."${column}", '${UPLOADS_PATH}') > 0`).join(' OR ');
  return `SELECT DISTINCT m.id AS "mediaId", '${type}' AS type, t.id, t."${title}" AS title
    FROM "${table}" t CROSS JOIN LATERAL regexp_matches(${text}, '${UPLOADS_PATH}([0-9a-f]{64})', 'g') AS found(name)
    JOIN media m ON m.hash = found.name[1]
    WHERE (${mentions}) AND m.id = ANY($1)`;
}).join(' UNION ALL ');

/** Uploaded images: stored once per content, listed with where they are used, deleted only when unused. */
@Injectable()
export class MediaService {
  constructor(@InjectRepository(Media) private readonly media: Repository<Media>) {}

  /**
   * Stores an image checked from its bytes, upright and without its metadata, named by the hash of what is
   * stored; the same file again (written again the same way) answers the row it made before.
   */
  async upload(bytes: Buffer | undefined, originalName: string | undefined): Promise<Media> {
    const checked = await checkUpload(bytes);
    const data = await strippedOriginal(bytes as Buffer, checked.format);
    const hash = createHash('sha256').update(data).digest('hex');
    await this.media
      .createQueryBuilder()
      .insert()
      .values({
        hash,
        mimeType: UPLOAD_FORMATS[checked.format].mimeType,
        bytes: data,
        width: checked.width,
        height: checked.height,
        size: data.length,
        originalName: keptFileName(originalName),
      })
      .orIgnore()
      .execute();
    return this.media.findOneByOrFail({ hash });
  }

  /** One page of the uploads, newest first, optionally those whose file name holds `q`, each with its uses; how many match. */
  async page(q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<MediaWithUses>> {
    const query = this.media.createQueryBuilder('media').orderBy('media.createdAt', 'DESC').addOrderBy('media.id', 'DESC');
    if (q) query.where('media.originalName ILIKE :q', { q: likePattern(q) });
    const [rows, total] = await Promise.all([query.clone().limit(slice.limit).offset(slice.offset).getMany(), query.getCount()]);
    const uses = await this.usesOf(rows.map((row) => row.id));
    return { rows: rows.map((media) => ({ media, usedBy: uses.get(media.id) ?? [] })), total };
  }

  /** The bytes of the upload named `<hash>.<ext>`, or null when there is none (or the extension is not its own). */
  async file(name: string): Promise<Media | null> {
    const match = UPLOAD_FILE.exec(name);
    if (!match) return null;
    const media = await this.media.findOne({ where: { hash: match[1] }, select: { id: true, hash: true, mimeType: true, bytes: true, size: true } });
    return media && EXTENSIONS[media.mimeType] === match[2] ? media : null;
  }

  async remove(id: number): Promise<void> {
    const media = await this.media.findOneBy({ id });
    if (!media) throw new NotFoundException(errorBody(404, 'Upload not found'));
    const uses = (await this.usesOf([id])).get(id);
    if (uses?.length) {
      const names = uses.map((use) => `${use.type} "${use.title}"`).join(', ');
      throw new ConflictException(errorBody(409, `This image is in use and cannot be deleted (used by ${names})`));
    }
    await this.media.delete({ id });
  }

  private async usesOf(ids: number[]): Promise<Map<number, MediaUse[]>> {
    const found = new Map<number, MediaUse[]>();
    if (ids.length === 0) return found;
    const rows: { mediaId: number; type: MediaUse['type']; id: number; title: string }[] = await this.media.query(USES_SQL, [ids]);
    for (const { mediaId, type, id, title } of rows) {
      found.set(mediaId, [...(found.get(mediaId) ?? []), { type, id, title }]);
    }
    return found;
  }
}
