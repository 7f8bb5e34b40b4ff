import { PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IsPublicMediaUrl, OptionalLink, OptionalMediaUrl } from 'src/validation/validators';
import { BlankToNull, Trim } from 'src/validation/transforms';

export const CAROUSEL_REQUIRED_MESSAGE = 'Please provide a title and video URL before saving the carousel slide.';

const notNull = (_: object, value: unknown) => value !== null;

class CarouselFieldsDto {
  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @MaxLength(100, { message: 'CTA Text must be at most 100 characters' })
  @IsString({ message: 'CTA Text must be text' })
  ctaText?: string | null;

  /** An absolute URL or a path on this site (e.g. /dive-sites). */
  @OptionalLink('CTA Link')
  ctaUrl?: string | null;

  @OptionalMediaUrl('Poster Image URL')
  posterImageUrl?: string | null;

  @IsOptional()
  @Min(0, { message: 'Ordering must be 0 or more' })
  @IsInt({ message: 'Ordering must be a whole number' })
  ordering?: number;

  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  published?: boolean;
}

export class CreateCarouselVideoDto extends CarouselFieldsDto {
  @Trim()
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: CAROUSEL_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: CAROUSEL_REQUIRED_MESSAGE })
  title: string;

  @Trim()
  @MinLength(1, { message: CAROUSEL_REQUIRED_MESSAGE })
  @IsPublicMediaUrl('Video URL')
  @IsString({ message: CAROUSEL_REQUIRED_MESSAGE })
  videoUrl: string;
}

/** PUT /api/carousel-videos/{id}: any field of a create; what is left out keeps its value. */
export class UpdateCarouselVideoDto extends PartialType(CreateCarouselVideoDto) {}
