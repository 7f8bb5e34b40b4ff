import { Transform } from 'class-transformer';
import { IsBoolean, IsDateString, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsPublicMediaUrl } from 'src/common/validators';
import { ARTICLE_CATEGORIES } from 'core/categories';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** Fields of POST and PATCH /api/articles. Publishing rules that involve several fields live in the service. */
class ArticleFieldsDto {
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @MaxLength(200, { message: 'URL slug must be at most 200 characters' })
  @IsString({ message: 'URL slug must be text' })
  slug?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @MaxLength(1000, { message: 'Excerpt must be at most 1000 characters' })
  @IsString({ message: 'Excerpt must be text' })
  excerpt?: string | null;

  @IsOptional()
  @MaxLength(100_000, { message: 'Content must be at most 100000 characters' })
  @IsString({ message: 'Content must be text' })
  content?: string;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @IsIn(ARTICLE_CATEGORIES, { message: `Category must be one of: ${ARTICLE_CATEGORIES.join(', ')}` })
  category?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsPublicMediaUrl('Header Image URL')
  imageUrl?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsPublicMediaUrl('Video URL')
  videoUrl?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsPublicMediaUrl('Video thumbnail URL')
  videoThumbnail?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @MaxLength(100, { message: 'Author must be at most 100 characters' })
  @IsString({ message: 'Author must be text' })
  author?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Published must be true or false' })
  published?: boolean;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @IsDateString({}, { message: 'Published Date must be a date and time' })
  publishedAt?: string | null;
}

export class CreateArticleDto extends ArticleFieldsDto {
  @Transform(trim)
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: 'Please provide at least a title to save the draft.' })
  @IsNotEmpty({ message: 'Please provide at least a title to save the draft.' })
  title: string;
}

export class UpdateArticleDto extends ArticleFieldsDto {
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Please provide at least a title to save the draft.' })
  title?: string;
}
