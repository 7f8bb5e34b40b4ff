import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { BadRequestException, Inject, Injectable, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { errorBody } from 'src/common/error-body';
import { projectRoot } from 'src/common/project-root';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { MediaService, UPLOADS_PATH } from './media.service';
import { sniffImageFormat } from './image-format';
import { CONTENT_TYPES, DEFAULT_QUALITY, REVIEW_QUALITY, transformImage, type Variant } from './image-transform';
import { RemoteImageFetcher } from './remote-image.fetcher';
import { WorkLimiter } from './work-limiter';

/** What the image endpoint answers: the bytes, their type, and whether the URL names its content for good. */
export interface ImageResult {
  data: Buffer;
  contentType: string;
  /** True when the source is named by its content hash (an upload), so the answer never changes. */
  immutable: boolean;
}

export interface ImageRequest {
  src: string;
  width: number;
  quality?: number;
  review: boolean;
  preferred: Variant['preferred'];
}

/** SPEC section 9's optimisation cache: at most 100 encoded answers in each process. */
export const IMAGE_CACHE_ENTRIES = 100;

/** What bounds the work and memory of the image endpoint beyond SPEC's numbers (tests tighten them). */
export interface ImageLimits {
  /** The cache holds at most this many bytes of answers together; a larger answer is sent, never kept. */
  cacheBytes: number;
  /** libvips stops one encode (decode, resize, encode) past this many seconds: a 422. */
  encodeTimeoutSeconds: number;
}
export const IMAGE_LIMITS = Symbol('IMAGE_LIMITS');
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { cacheBytes: 48 * 1024 * 1024, encodeTimeoutSeconds: 10 };
/** Sources larger than this are refused (a remote one is cut off while it downloads). */
export const MAX_SOURCE_BYTES = 15 * 1024 * 1024;

/**
 * Encodes run one per core (sharp's own threads are inside each), with up to 32 waiting; remote
 * downloads (each up to MAX_SOURCE_BYTES in memory) 8 at once with 8 waiting. Past that: 503, Retry-After.
 */
export const IMAGE_WORK_LIMITS = { encodes: availableParallelism(), encodesWaiting: 32, downloads: 8, downloadsWaiting: 8 } as const;

/** A path under public/media: segments that never start with a dot, so no `..` and no hidden files. */
const MEDIA_PATH = /^\/media\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;
/** An upload's URL names the SHA-256 of its bytes. */
const CONTENT_ADDRESSED = /^\/media\/uploads\/[0-9a-f]{64}\.[a-z0-9]+$/;
const SOURCE_RULE = 'src must be a /media/ path or an http or https URL';

type Source = { kind: 'local'; path: string } | { kind: 'remote'; url: URL };

/**
 * Resizes and re-encodes the site's own media and remote images (src/images/remote-image.fetcher.ts for
 * the remote side), keeping the last encoded answers in an LRU bounded in entries and in bytes. SVG is
 * never rasterised: it is answered as it is. Concurrent requests for one variant share one encoding.
 */
@Injectable()
export class ImagesService {
  private readonly cache: LRUCache<string, ImageResult>;
  private readonly pending = new Map<string, Promise<ImageResult>>();
  private readonly encodes = new WorkLimiter(IMAGE_WORK_LIMITS.encodes, IMAGE_WORK_LIMITS.encodesWaiting);
  private readonly downloads = new WorkLimiter(IMAGE_WORK_LIMITS.downloads, IMAGE_WORK_LIMITS.downloadsWaiting);
  private readonly mediaRoot = join(projectRoot(), 'public', 'media');
  private readonly siteOrigin: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly fetcher: RemoteImageFetcher,
    private readonly media: MediaService,
    @Inject(IMAGE_LIMITS) private readonly limits: ImageLimits,
  ) {
    this.cache = new LRUCache({ max: IMAGE_CACHE_ENTRIES, maxSize: limits.cacheBytes, sizeCalculation: (result, key) => result.data.length + key.length });
    this.siteOrigin = new URL(config.siteUrl).origin;
  }

  /** The work running and waiting now, by kind (resizing and encoding; remote downloads), for the metrics. */
  get workQueue(): Record<'encode' | 'download', { running: number; waiting: number }> {
    return {
      encode: { running: this.encodes.running, waiting: this.encodes.waiting },
      download: { running: this.downloads.running, waiting: this.downloads.waiting },
    };
  }

  /** How many encoded answers the cache holds now. */
  get cachedEntries(): number {
    return this.cache.size;
  }

  /** How many bytes of answers (and their keys) the cache holds now. */
  get cachedBytes(): number {
    return this.cache.calculatedSize;
  }

  async image(request: ImageRequest): Promise<ImageResult> {
    const source = this.parseSource(request.src);
    const variant: Variant = {
      width: request.width,
      quality: request.quality ?? (request.review ? REVIEW_QUALITY : DEFAULT_QUALITY),
      review: request.review,
      preferred: request.preferred,
    };
    const key = [source.kind === 'local' ? source.path : source.url.href, variant.width, variant.quality, variant.review, variant.preferred].join('\n');
    const hit = this.cache.get(key);
    if (hit) return hit;
    let job = this.pending.get(key);
    if (!job) {
      job = this.produce(source, variant).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    const result = await job;
    this.cache.set(key, result);
    return result;
  }

  private async produce(source: Source, variant: Variant): Promise<ImageResult> {
    const bytes = source.kind === 'local' ? await this.readLocal(source.path) : await this.downloads.run(() => this.fetcher.fetch(source.url));
    const immutable = source.kind === 'local' && CONTENT_ADDRESSED.test(source.path);
    const format = sniffImageFormat(bytes);
    if (!format) throw new UnsupportedMediaTypeException(errorBody(415, 'src is not a JPEG, PNG, WebP, AVIF, GIF or SVG image'));
    if (format === 'svg') return { data: bytes, contentType: 'image/svg+xml', immutable };
    const encoded = await this.encodes.run(() => transformImage(bytes, format, variant, this.limits.encodeTimeoutSeconds));
    return { data: encoded.data, contentType: CONTENT_TYPES[encoded.format], immutable };
  }

  private parseSource(src: string): Source {
    if (src.startsWith('/')) {
      if (!MEDIA_PATH.test(src)) throw new BadRequestException(errorBody(400, SOURCE_RULE));
      return { kind: 'local', path: src };
    }
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      throw new BadRequestException(errorBody(400, SOURCE_RULE));
    }
    // The site's own absolute URL is its own media, read from disk rather than over the network.
    if (url.origin === this.siteOrigin && MEDIA_PATH.test(url.pathname) && !url.search) return { kind: 'local', path: url.pathname };
    return { kind: 'remote', url };
  }

  /** An upload from the database (every process sees it), anything else under /media from public/media. */
  private async readLocal(path: string): Promise<Buffer> {
    if (path.startsWith(UPLOADS_PATH)) {
      const upload = await this.media.file(path.slice(UPLOADS_PATH.length));
      if (!upload) throw new NotFoundException(errorBody(404, 'src was not found'));
      return upload.bytes;
    }
    const file = join(this.mediaRoot, path.slice('/media/'.length));
    const notFound = () => new NotFoundException(errorBody(404, 'src was not found'));
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    if (info.size > MAX_SOURCE_BYTES) throw new PayloadTooLargeException(errorBody(413, 'src is larger than 15 MB'));
    return readFile(file).catch(() => {
      throw notFound();
    });
  }
}
