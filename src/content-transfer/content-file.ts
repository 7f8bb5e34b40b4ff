import { createHash } from 'node:crypto';
import { BadRequestException, HttpException } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import {
  CONTENT_FORMAT,
  CONTENT_KINDS,
  CONTENT_VERSION,
  type ContentSet,
  type ArticleRecord,
  type ContentKind,
  type MediaRecord,
  type ReviewRecord,
} from 'core/api/content-transfer';
import { ARTICLE_REQUIREMENTS, missingToPublish, REVIEW_REQUIREMENTS } from 'core/publishing';
import { errorBody } from 'src/common/error-body';
import { checkUpload, UPLOAD_FORMATS } from 'src/images/media-upload';
import { articleFromFile, keyOf, labelOf, reviewFromFile } from './content-records';
import { RECORD_OF } from './site-content';
import {
  ArticleImportDto,
  CarouselSlideImportDto,
  CommentImportDto,
  DiveSiteImportDto,
  MediaImportDto,
  NoticeImportDto,
  ProductImportDto,
  RatingImportDto,
  ReviewImportDto,
  SiteCheckImportDto,
  SubscriberImportDto,
} from './dto/content-records.dto';

/** The records of a checked file, each as the site would store it. */
export type CheckedContent = Required<ContentSet>;

export const NEWER_VERSION_MESSAGE = (version: number) =>
  `This file was exported by a newer version of the site (format version ${version}); this site imports format version ${CONTENT_VERSION} and older. Update the site, then import the file again.`;
export const NOT_A_CONTENT_FILE = `This is not a content export of this site: its format must be "${CONTENT_FORMAT}"`;

/** One refusal naming the record and its problem; every problem found (up to a limit) goes in `fields`. */
export function refuse(problems: [where: string, message: string][]): never {
  const [where, message] = problems[0];
  // A Map, then own properties: a place is named after the file's own keys, "__proto__" among them.
  const fields = new Map<string, string[]>();
  for (const [place, text] of problems) fields.set(place, [...(fields.get(place) ?? []), text]);
  throw new BadRequestException(errorBody(400, `${where}: ${message}`, Object.fromEntries(fields)));
}

const MAX_PROBLEMS = 50;

const DTOS: { [K in ContentKind]: ClassConstructor<object> } = {
  articles: ArticleImportDto,
  reviews: ReviewImportDto,
  products: ProductImportDto,
  carouselSlides: CarouselSlideImportDto,
  diveSites: DiveSiteImportDto,
  comments: CommentImportDto,
  ratings: RatingImportDto,
  siteChecks: SiteCheckImportDto,
  notices: NoticeImportDto,
  subscribers: SubscriberImportDto,
  media: MediaImportDto,
};

/** The checked DTO of a record as the record the site would store (defaults filled, times normalised). */
const NORMALISE: { [K in ContentKind]: (dto: never) => CheckedContent[K][number] } = {
  // The rest take a file's record as they take a row.
  ...RECORD_OF,
  articles: articleFromFile,
  reviews: reviewFromFile,
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function firstMessage(errors: ValidationError[], prefix = ''): [string, string] | null {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const [key, message] = Object.entries(error.constraints)[0];
      return [field, key === 'whitelistValidation' ? `Unknown field: ${field}` : message];
    }
    const inner = firstMessage(error.children ?? [], field);
    if (inner) return inner;
  }
  return null;
}

/** The same rules as the admin DTOs, run the way the global pipe runs them (src/validation/validation.ts). */
async function checkRecord(kind: ContentKind, raw: unknown): Promise<{ dto: object } | { problem: string }> {
  if (!isObject(raw)) return { problem: 'must be an object' };
  try {
    const dto = plainToInstance(DTOS[kind], raw, { enableImplicitConversion: false });
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    const first = firstMessage(errors);
    return first ? { problem: first[1] } : { dto };
  } catch {
    // A validator that throws on a value it did not expect (see src/validation/validation.ts): the file's fault.
    return { problem: 'holds a value that is not valid' };
  }
}

/** What a published post lacks, with its kind's message. */
function publishProblem(kind: ContentKind, record: unknown): string | null {
  if (kind !== 'articles' && kind !== 'reviews') return null;
  const post = record as ArticleRecord | ReviewRecord;
  if (!post.published) return null;
  const requirements = kind === 'articles' ? ARTICLE_REQUIREMENTS : REVIEW_REQUIREMENTS;
  const missing = missingToPublish(post as unknown as Record<string, unknown>, requirements);
  return missing.length ? `${requirements.incomplete} (missing: ${missing.join(', ')})` : null;
}

/** An upload's bytes checked as an upload is: a real image of the declared type, named by its SHA-256. */
async function mediaProblem(record: MediaRecord): Promise<string | null> {
  const bytes = Buffer.from(record.data, 'base64');
  if (createHash('sha256').update(bytes).digest('hex') !== record.hash) return 'data does not match its hash (the file was changed or cut short)';
  try {
    const { format } = await checkUpload(bytes);
    if (UPLOAD_FORMATS[format].mimeType !== record.mimeType) return `data is ${UPLOAD_FORMATS[format].mimeType}, not ${record.mimeType}`;
  } catch (error) {
    return error instanceof HttpException ? error.message : 'data is not a readable image';
  }
  return null;
}

/**
 * Checks a whole file before anything is written: its format and version, then every record with the
 * admin's rules, the publishing rules, and that no key appears twice. Refuses with a 400 naming each
 * record at fault; references between kinds are the import's to check, against the site too.
 */
export async function checkContentFile(raw: unknown): Promise<CheckedContent> {
  if (!isObject(raw) || raw.format !== CONTENT_FORMAT) refuse([['format', NOT_A_CONTENT_FILE]]);
  const { version, exportedAt, content } = raw;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) refuse([['version', 'The file has no format version (a whole number from 1)']]);
  if (version > CONTENT_VERSION) refuse([['version', NEWER_VERSION_MESSAGE(version)]]);
  const unknown = Object.keys(raw).filter((key) => !['format', 'version', 'exportedAt', 'content'].includes(key));
  if (unknown.length) refuse([[unknown[0], `Unknown field: ${unknown[0]}`]]);
  if (exportedAt !== undefined && (typeof exportedAt !== 'string' || Number.isNaN(Date.parse(exportedAt))))
    refuse([['exportedAt', 'exportedAt must be a date and time']]);
  if (!isObject(content)) refuse([['content', 'The file has no content']]);
  const unknownKind = Object.keys(content).find((key) => !(CONTENT_KINDS as readonly string[]).includes(key));
  if (unknownKind) refuse([[`content.${unknownKind}`, `Unknown kind of content: ${unknownKind}`]]);

  const problems: [string, string][] = [];
  const checked = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, []])) as unknown as Record<ContentKind, unknown[]>;
  for (const kind of CONTENT_KINDS) {
    const list = content[kind] ?? [];
    if (!Array.isArray(list)) {
      problems.push([`content.${kind}`, `content.${kind} must be a list`]);
      continue;
    }
    const seen = new Map<string, number>();
    for (const [index, raw] of list.entries()) {
      if (problems.length >= MAX_PROBLEMS) break;
      const where = `${kind}[${index}]`;
      const result = await checkRecord(kind, raw);
      if ('problem' in result) {
        const key = isObject(raw) ? (raw.slug ?? raw.name ?? raw.title ?? raw.email ?? raw.hash) : undefined;
        problems.push([typeof key === 'string' ? `${where} "${key}"` : where, result.problem]);
        continue;
      }
      const record = (NORMALISE[kind] as (dto: object) => CheckedContent[ContentKind][number])(result.dto);
      const named = `${where} ${labelOf(kind, record)}`;
      const key = keyOf(kind, record);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        problems.push([named, `the same ${labelOf(kind, record)} is already ${kind}[${earlier}] of the file`]);
        continue;
      }
      seen.set(key, index);
      const problem = publishProblem(kind, record) ?? (kind === 'media' ? await mediaProblem(record as MediaRecord) : null);
      if (problem) problems.push([named, problem]);
      else checked[kind].push(record);
    }
  }
  if (problems.length) refuse(problems);
  return checked as unknown as CheckedContent;
}
