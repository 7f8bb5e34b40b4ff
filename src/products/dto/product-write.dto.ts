import { PartialType } from '@nestjs/swagger';
import { IsBoolean, IsDateString, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsLink, IsPublicMediaUrl } from 'src/validation/validators';
import { Trim } from 'src/validation/transforms';

const notNull = (_: object, value: unknown) => value !== null;

class ProductFieldsDto {
  @IsOptional()
  @Trim()
  @MaxLength(100, { message: 'Category must be at most 100 characters' })
  @IsString({ message: 'Category must be text' })
  category?: string;

  @IsOptional()
  @MaxLength(5000, { message: 'Description must be at most 5000 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  @IsOptional()
  @ValidateIf(notNull)
  @Min(0, { message: 'Price cannot be negative' })
  @Max(99_999_999, { message: 'Price is too large' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'Price must be a number with at most 2 decimals' })
  price?: number | null;

  @IsOptional()
  @ValidateIf(notNull)
  @Min(0, { message: 'Rating must be between 0 and 5' })
  @Max(5, { message: 'Rating must be between 0 and 5' })
  @IsNumber({ maxDecimalPlaces: 1 }, { message: 'Rating must be a number with at most 1 decimal' })
  rating?: number | null;

  @IsOptional()
  @Min(0, { message: 'Review count cannot be negative' })
  @IsInt({ message: 'Review count must be a whole number' })
  reviewCount?: number;

  @IsOptional()
  @IsLink('Affiliate link')
  affiliateLink?: string;

  @IsOptional()
  @IsPublicMediaUrl('Image URL')
  imageUrl?: string;

  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  published?: boolean;

  @IsOptional()
  @ValidateIf(notNull)
  @IsDateString({}, { message: 'Published date must be a date and time' })
  publishedAt?: string | null;
}

export class CreateProductDto extends ProductFieldsDto {
  @Trim()
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;
}

/** Updates take any field of a create; what is left out keeps its value. */
export class UpdateProductDto extends PartialType(CreateProductDto) {}
