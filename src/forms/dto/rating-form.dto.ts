import { Transform } from 'class-transformer';
import { CreateRatingDto } from 'src/ratings/dto/create-rating.dto';

/** The rating form as a browser posts it: the chosen star arrives as text ('4'); the API's rules then apply. */
export class RatingFormDto extends CreateRatingDto {
  @Transform(({ value }) => (typeof value === 'string' && /^[1-9]\d{0,2}$/.test(value) ? Number(value) : value))
  declare rating: number;
}
