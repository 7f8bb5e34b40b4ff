import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IMAGE_WIDTHS } from 'core/images';

const WIDTHS = IMAGE_WIDTHS.map(String);

/** GET /img: the query stays text (as sent) and each rule names its parameter. */
export class ImageQueryDto {
  @MaxLength(2048, { message: 'src must be at most 2048 characters' })
  @IsString({ message: 'src is required: a /media/ path or an http or https URL' })
  src: string;

  @IsIn(WIDTHS, { message: `w must be one of ${WIDTHS.join(', ')}` })
  w: string;

  @IsOptional()
  @Matches(/^(100|[1-9]\d?)$/, { message: 'q must be a whole number from 1 to 100' })
  @IsString({ message: 'q must be a whole number from 1 to 100' })
  q?: string;

  @IsOptional()
  @IsIn(['review'], { message: 'fit must be review' })
  fit?: string;
}
