import { IsBoolean, IsDateString, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { BlankToNull, Trim } from 'src/validation/transforms';

const notNull = (_: object, value: unknown) => value !== null;

/**
 * The fields POST /api/articles and /api/reviews share. Each feature adds its own (category list, image
 * label, links) and takes PartialType of its create DTO for updates. Rules that involve several fields
 * (what publishing needs) live in PublishingService.
 */
export abstract class PublishableWriteDto {
  @Trim()
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: 'Please provide at least a title to save the draft.' })
  @IsNotEmpty({ message: 'Please provide at least a title to save the draft.' })
  title: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @MaxLength(200, { message: 'URL slug must be at most 200 characters' })
  @IsString({ message: 'URL slug must be text' })
  slug?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @MaxLength(1000, { message: 'Excerpt must be at most 1000 characters' })
  @IsString({ message: 'Excerpt must be text' })
  excerpt?: string | null;

  @IsOptional()
  @MaxLength(100_000, { message: 'Content must be at most 100000 characters' })
  @IsString({ message: 'Content must be text' })
  content?: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @MaxLength(100, { message: 'Author must be at most 100 characters' })
  @IsString({ message: 'Author must be text' })
  author?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  published?: boolean;

  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @IsDateString({}, { message: 'Published Date must be a date and time' })
  publishedAt?: string | null;
}
