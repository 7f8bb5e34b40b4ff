import { PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { REVIEW_CATEGORIES } from 'core/categories';
import { BlankToNull } from 'src/validation/transforms';
import { OptionalLink, OptionalMediaUrl } from 'src/validation/validators';
import { PublishableWriteDto } from 'src/publishing/dto/publishable-write.dto';

const notNull = (_: object, value: unknown) => value !== null;

/** POST /api/reviews. */
export class CreateReviewDto extends PublishableWriteDto {
  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @IsIn(REVIEW_CATEGORIES, { message: `Category must be one of: ${REVIEW_CATEGORIES.join(', ')}` })
  category?: string | null;

  @OptionalMediaUrl('Image URL')
  imageUrl?: string | null;

  /** Free text that may include a currency symbol. */
  @IsOptional()
  @BlankToNull()
  @ValidateIf(notNull)
  @MaxLength(50, { message: 'Price must be at most 50 characters' })
  @IsString({ message: 'Price must be text' })
  price?: string | null;

  @OptionalLink('Purchase Link')
  purchaseLink?: string | null;

  /** A number from 1 to 5 or a string of 1 to 5 star characters; null when unrated. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() || null : value))
  @ValidateIf(notNull)
  @Matches(/^([1-4](\.\d)?|5(\.0)?|★{1,5})$/, { message: 'Rating must be 1 to 5' })
  rating?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;
}

/** PATCH /api/reviews/{id}: any field of a create; what is left out keeps its value. */
export class UpdateReviewDto extends PartialType(CreateReviewDto) {}
