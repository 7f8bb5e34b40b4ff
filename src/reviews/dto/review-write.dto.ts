import { Transform } from 'class-transformer';
import { IsBoolean, IsDateString, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsLink, IsPublicMediaUrl } from 'src/common/validators';
import { REVIEW_CATEGORIES } from 'core/categories';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const notNull = (_: object, value: unknown) => value !== null;

class ReviewFieldsDto {
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(notNull)
  @MaxLength(200, { message: 'URL slug must be at most 200 characters' })
  @IsString({ message: 'URL slug must be text' })
  slug?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(notNull)
  @MaxLength(1000, { message: 'Excerpt must be at most 1000 characters' })
  @IsString({ message: 'Excerpt must be text' })
  excerpt?: string | null;

  @IsOptional()
  @MaxLength(100_000, { message: 'Content must be at most 100000 characters' })
  @IsString({ message: 'Content must be text' })
  content?: string;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(notNull)
  @IsIn(REVIEW_CATEGORIES, { message: `Category must be one of: ${REVIEW_CATEGORIES.join(', ')}` })
  category?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsPublicMediaUrl('Image URL')
  imageUrl?: string | null;

  /** Free text that may include a currency symbol. */
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(notNull)
  @MaxLength(50, { message: 'Price must be at most 50 characters' })
  @IsString({ message: 'Price must be text' })
  price?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsLink('Purchase Link')
  purchaseLink?: string | null;

  /** A number from 1 to 5 or a string of 1 to 5 star characters; null when unrated. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() || null : value))
  @ValidateIf(notNull)
  @Matches(/^([1-4](\.\d)?|5(\.0)?|★{1,5})$/, { message: 'Rating must be 1 to 5' })
  rating?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(notNull)
  @MaxLength(100, { message: 'Author must be at most 100 characters' })
  @IsString({ message: 'Author must be text' })
  author?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  published?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf(notNull)
  @IsDateString({}, { message: 'Published Date must be a date and time' })
  publishedAt?: string | null;
}

export class CreateReviewDto extends ReviewFieldsDto {
  @Transform(trim)
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: 'Please provide at least a title to save the draft.' })
  @IsNotEmpty({ message: 'Please provide at least a title to save the draft.' })
  title: string;
}

export class UpdateReviewDto extends ReviewFieldsDto {
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Please provide at least a title to save the draft.' })
  title?: string;
}
