import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IMAGE_QUALITIES, IMAGE_WIDTHS } from 'core/images';

const WIDTHS = IMAGE_WIDTHS.map(String);
const QUALITIES = IMAGE_QUALITIES.map(String);

/** GET /img: the query stays text (as sent) and each rule names its parameter. */
export class ImageQueryDto {
  @MaxLength(2048, { message: 'src must be at most 2048 characters' })
  @IsString({ message: 'src is required: a /media/ path or an http or https URL' })
  src: string;

  @IsIn(WIDTHS, { message: `w must be one of ${WIDTHS.join(', ')}` })
  w: string;

  /** SPEC section 9's two qualities only: every other value would be one more variant to encode and keep. */
  @IsOptional()
  @IsIn(QUALITIES, { message: `q must be ${QUALITIES.join(' or ')}` })
  q?: string;

  @IsOptional()
  @IsIn(['review'], { message: 'fit must be review' })
  fit?: string;
}
