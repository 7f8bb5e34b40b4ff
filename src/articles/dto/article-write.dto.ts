import { PartialType } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { ARTICLE_CATEGORIES } from 'core/categories';
import { BlankToNull } from 'src/validation/transforms';
import { OptionalMediaUrl } from 'src/validation/validators';
import { PublishableWriteDto } from 'src/publishing/dto/publishable-write.dto';

/** POST /api/articles. */
export class CreateArticleDto extends PublishableWriteDto {
  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @IsIn(ARTICLE_CATEGORIES, { message: `Category must be one of: ${ARTICLE_CATEGORIES.join(', ')}` })
  category?: string | null;

  @OptionalMediaUrl('Header Image URL')
  imageUrl?: string | null;

  @OptionalMediaUrl('Video URL')
  videoUrl?: string | null;

  @OptionalMediaUrl('Video thumbnail URL')
  videoThumbnail?: string | null;
}

/** PATCH /api/articles/{id}: any field of a create; what is left out keeps its value. */
export class UpdateArticleDto extends PartialType(CreateArticleDto) {}
