import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { BlankToUndefined } from 'src/validation/transforms';

export const RATING_MESSAGE = 'Rating must be a whole number from 1 to 5';
export const COMMENT_MAX = 500;

/**
 * POST /api/dive-sites/{id}/ratings: {rating, comment?} (SPEC sections 5 and 7). The two @Api decorators
 * say what the swagger plugin cannot read from the rules: that IsInt means an integer, and a limit
 * given by a named constant.
 */
export class CreateRatingDto {
  @ApiProperty({ type: 'integer' })
  @Min(1, { message: RATING_MESSAGE })
  @Max(5, { message: RATING_MESSAGE })
  @IsInt({ message: RATING_MESSAGE })
  @IsDefined({ message: 'Please select a rating' })
  rating: number;

  /** Trimmed; an empty comment is the same as none. */
  @ApiPropertyOptional({ type: String, maxLength: COMMENT_MAX })
  @IsOptional()
  @BlankToUndefined()
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @MaxLength(COMMENT_MAX, { message: `Comment must be at most ${COMMENT_MAX} characters` })
  @IsString({ message: 'Comment must be text' })
  comment?: string | null;

  /** A field people never see (the form hides it); bots fill it in, and such a rating is refused. */
  @IsOptional()
  @IsString({ message: 'Rating rejected' })
  website?: string;
}
