import { IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBase64,
  IsBoolean,
  IsDateString,
  IsIn,
  IsIP,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  IsEmail,
} from 'class-validator';
import { slugFromTitle } from 'core/text';
import { CreateArticleDto } from 'src/articles/dto/article-write.dto';
import { CreateCarouselVideoDto } from 'src/carousel/dto/carousel-write.dto';
import { CreateCommentDto } from 'src/comments/dto/create-comment.dto';
import { POSITION_PRECISIONS } from 'src/dive-sites/dive-site.entity';
import { CHECKERS } from 'core/dive-sites/provenance';
import { DiveSiteWriteDto } from 'src/dive-sites/dto/dive-site-write.dto';
import { MarkCheckedDto, NoticeWriteDto } from 'src/dive-sites/dto/site-facts.dto';
import { UPLOAD_FORMATS } from 'src/images/media-upload';
import { SubscribeDto } from 'src/newsletter/dto/subscribe.dto';
import { CreateProductDto } from 'src/products/dto/product-write.dto';
import { CreateRatingDto } from 'src/ratings/dto/create-rating.dto';
import { CreateReviewDto } from 'src/reviews/dto/review-write.dto';
import { BlankToNull, Trim } from 'src/validation/transforms';

/*
 * One record of each kind of the content file (core/api/content-transfer.ts), checked with the rules of
 * the admin DTOs it extends, plus what only a file carries: its natural key and its timestamps.
 */

const notNull = (_: object, value: unknown) => value !== null;

const Timestamp = (label: string) => IsDateString({ strict: true }, { message: `${label} must be a date and time (ISO 8601)` });

const NullableTimestamp = (label: string): PropertyDecorator => {
  const decorators = [IsOptional(), ValidateIf(notNull), Timestamp(label)];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
};

/** A slug as the site writes them, since it is what the file's comments and the public URLs name. */
const IsSlug = () =>
  ValidateBy({
    name: 'isSlug',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= 200 && value !== '' && slugFromTitle(value) === value,
      defaultMessage: () => 'URL slug must be lower-case letters, digits and single dashes',
    },
  });

const NullableText = (label: string, max: number): PropertyDecorator => {
  const decorators = [
    IsOptional(),
    BlankToNull(),
    ValidateIf(notNull),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
    IsString({ message: `${label} must be text` }),
  ];
  // Applied last to first, as stacked decorators are.
  return (target, property) => [...decorators].reverse().forEach((decorate) => decorate(target, property));
};

/** What a content file gives a post besides its create DTO's fields: its own slug, excerpt and timestamps. */
class PostFileFields {
  @IsSlug()
  slug: string;

  @NullableText('Excerpt', 1000)
  excerpt?: string | null;

  @NullableTimestamp('Published Date')
  publishedAt?: string | null;

  @Timestamp('createdAt')
  createdAt: string;

  @Timestamp('updatedAt')
  updatedAt: string;
}

const POST_FILE_KEYS = ['slug', 'excerpt', 'publishedAt'] as const;

export class ArticleImportDto extends IntersectionType(OmitType(CreateArticleDto, POST_FILE_KEYS), PostFileFields) {}

export class ReviewImportDto extends IntersectionType(OmitType(CreateReviewDto, POST_FILE_KEYS), PostFileFields) {}

export class ProductImportDto extends CreateProductDto {
  @Timestamp('createdAt')
  createdAt: string;
}

export class CarouselSlideImportDto extends CreateCarouselVideoDto {
  @Timestamp('createdAt')
  createdAt: string;

  @Timestamp('updatedAt')
  updatedAt: string;
}

export class DiveSiteImportDto extends OmitType(DiveSiteWriteDto, ['id', 'createdAt', 'updatedAt'] as const) {
  @IsOptional()
  @IsIn(POSITION_PRECISIONS, { message: `Position precision must be one of: ${POSITION_PRECISIONS.join(', ')}` })
  positionPrecision?: (typeof POSITION_PRECISIONS)[number];

  @Timestamp('createdAt')
  createdAt: string;

  @Timestamp('updatedAt')
  updatedAt: string;
}

export class CommentImportDto extends OmitType(CreateCommentDto, ['website', 'email'] as const) {
  @IsString({ message: 'Article slug is required' })
  @IsNotEmpty({ message: 'Article slug is required' })
  articleSlug: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Approved must be true or false' })
  approved?: boolean;

  @Timestamp('createdAt')
  createdAt: string;
}

export class RatingImportDto extends OmitType(CreateRatingDto, ['website'] as const) {
  @IsString({ message: 'Dive site name is required' })
  @IsNotEmpty({ message: 'Dive site name is required' })
  diveSiteName: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @IsEmail({}, { message: 'User email must be a valid email address' })
  @MaxLength(254, { message: 'User email must be a valid email address' })
  userEmail?: string | null;

  @Timestamp('createdAt')
  createdAt: string;
}

/** A site check as 'Mark checked' takes one, with its site by name, who checked and when it was recorded. */
export class SiteCheckImportDto extends MarkCheckedDto {
  @IsString({ message: 'Dive site name is required' })
  @IsNotEmpty({ message: 'Dive site name is required' })
  diveSiteName: string;

  @IsIn(CHECKERS, { message: `By must be one of: ${CHECKERS.join(', ')}` })
  by: (typeof CHECKERS)[number];

  @Timestamp('createdAt')
  createdAt: string;
}

/** A notice as the administrator writes one, naming the sites it covers instead of their ids. */
export class NoticeImportDto extends OmitType(NoticeWriteDto, ['siteIds'] as const) {
  @IsNotEmpty({ each: true, message: 'A notice names at least one dive site' })
  @IsString({ each: true, message: 'A notice names at least one dive site' })
  @ArrayMaxSize(1000, { message: 'A notice covers at most 1000 sites' })
  @ArrayMinSize(1, { message: 'A notice names at least one dive site' })
  @IsArray({ message: 'A notice names at least one dive site' })
  siteNames: string[];

  @Timestamp('createdAt')
  createdAt: string;

  @Timestamp('updatedAt')
  updatedAt: string;
}

export class SubscriberImportDto extends PickType(SubscribeDto, ['email'] as const) {
  @IsOptional()
  @IsBoolean({ message: 'subscribed must be true or false' })
  subscribed?: boolean;

  @IsOptional()
  @Matches(/^[a-z][a-z0-9-]{0,49}$/, { message: 'Consent source must be a short form name (lower-case letters, digits, dashes)' })
  consentSource?: string;

  @IsOptional()
  @ValidateIf(notNull)
  @IsIP(undefined, { message: 'Consent IP must be an IP address' })
  consentIp?: string | null;

  @Timestamp('consentedAt')
  consentedAt: string;

  @NullableTimestamp('unsubscribedAt')
  unsubscribedAt?: string | null;

  @Timestamp('createdAt')
  createdAt: string;
}

export const UPLOAD_MIME_TYPES = Object.values(UPLOAD_FORMATS).map(({ mimeType }) => mimeType);

/** The bytes themselves are checked by the import as an upload is (src/images/media-upload.ts). */
export class MediaImportDto {
  @Matches(/^[0-9a-f]{64}$/, { message: 'hash must be the 64 hex digits of the SHA-256 of the image' })
  hash: string;

  @IsIn(UPLOAD_MIME_TYPES, { message: `mimeType must be one of: ${UPLOAD_MIME_TYPES.join(', ')}` })
  mimeType: string;

  @NullableText('originalName', 255)
  originalName?: string | null;

  @Timestamp('createdAt')
  createdAt: string;

  @Trim()
  @IsBase64(undefined, { message: 'data must be the image in base64' })
  @IsString({ message: 'data must be the image in base64' })
  data: string;
}
