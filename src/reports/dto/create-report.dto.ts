import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import {
  CURRENTS,
  REPORT_COMMENT_MAX,
  REPORT_NAME_MAX,
  REPORT_PHOTO_ALT_MAX,
  REPORT_PHOTO_TEXT,
  REPORT_PHOTOS_MAX,
  REPORT_TEXT,
  SURGES,
  VISIBILITY_MAX,
  WATER_TEMPERATURE_MAX,
  type ReportCurrent,
  type ReportSurge,
} from 'core/reports';
import { IsCalendarDate } from 'src/validation/validators';
import { BlankToUndefined } from 'src/validation/transforms';
import { NoLinks } from './no-links.validator';

/** A number as a form posts it ('15', '21.5'); anything else stays as sent and fails the number rule; blank is none. */
const formNumber = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,3}(\.\d{1,3})?$/.test(text) ? Number(text) : value;
};

const present = (_: unknown, value: unknown) => value !== undefined && value !== null;

/**
 * POST /api/dive-sites/{id}/reports (JSON) and its no-JavaScript form (urlencoded or multipart): one
 * dive's conditions. The date's range (today back to 14 days, in the site's zone) is the service's to
 * check, as it needs the clock; so is 'at least one observation'.
 */
export class CreateReportDto {
  @ApiProperty({ type: String, format: 'date', description: 'The day dived, YYYY-MM-DD: today or up to 14 days ago' })
  @IsCalendarDate('date', { message: REPORT_TEXT.date })
  @IsString({ message: REPORT_TEXT.date })
  date: string;

  @ApiPropertyOptional({ type: String, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
  @IsOptional()
  @BlankToUndefined()
  @ValidateIf(present)
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: REPORT_TEXT.time })
  @IsString({ message: REPORT_TEXT.time })
  time?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: VISIBILITY_MAX, description: 'metres' })
  @IsOptional()
  @Transform(formNumber)
  @ValidateIf(present)
  @Min(0, { message: REPORT_TEXT.visibility })
  @Max(VISIBILITY_MAX, { message: REPORT_TEXT.visibility })
  @IsInt({ message: REPORT_TEXT.visibility })
  visibility?: number | null;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: WATER_TEMPERATURE_MAX, description: '°C, one decimal at most' })
  @IsOptional()
  @Transform(formNumber)
  @ValidateIf(present)
  @Min(0, { message: REPORT_TEXT.waterTemperature })
  @Max(WATER_TEMPERATURE_MAX, { message: REPORT_TEXT.waterTemperature })
  @IsNumber({ maxDecimalPlaces: 1, allowNaN: false, allowInfinity: false }, { message: REPORT_TEXT.waterTemperature })
  waterTemperature?: number | null;

  @ApiPropertyOptional({ enum: CURRENTS })
  @IsOptional()
  @BlankToUndefined()
  @ValidateIf(present)
  @IsIn(CURRENTS, { message: REPORT_TEXT.current })
  current?: ReportCurrent | null;

  @ApiPropertyOptional({ enum: SURGES })
  @IsOptional()
  @BlankToUndefined()
  @ValidateIf(present)
  @IsIn(SURGES, { message: REPORT_TEXT.surge })
  surge?: ReportSurge | null;

  /** Trimmed; empty is none. No links (a report is no place for advertising). */
  @ApiPropertyOptional({ type: String, maxLength: REPORT_COMMENT_MAX })
  @IsOptional()
  @BlankToUndefined()
  @ValidateIf(present)
  @NoLinks({ message: REPORT_TEXT.noLinks })
  @MaxLength(REPORT_COMMENT_MAX, { message: REPORT_TEXT.comment })
  @IsString({ message: REPORT_TEXT.comment })
  comment?: string | null;

  /** The name to show; optional. */
  @ApiPropertyOptional({ type: String, maxLength: REPORT_NAME_MAX })
  @IsOptional()
  @BlankToUndefined()
  @ValidateIf(present)
  @NoLinks({ message: REPORT_TEXT.noLinks })
  @MaxLength(REPORT_NAME_MAX, { message: REPORT_TEXT.name })
  @IsString({ message: REPORT_TEXT.name })
  name?: string | null;

  /**
   * Multipart only: each photo's description (alt text), in the order of the `photos` files; a blank one
   * (or none) is 'Photo by {name} at {site}, {date}'.
   */
  @ApiPropertyOptional({ type: [String], maxLength: REPORT_PHOTO_ALT_MAX })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @MaxLength(REPORT_PHOTO_ALT_MAX, { each: true, message: REPORT_PHOTO_TEXT.alt })
  @IsString({ each: true, message: REPORT_PHOTO_TEXT.alt })
  @IsArray({ message: REPORT_PHOTO_TEXT.alt })
  @ArrayMaxSize(REPORT_PHOTOS_MAX, { message: REPORT_PHOTO_TEXT.alt })
  photoAlt?: string[];

  /** A field people never see (the form hides it); bots fill it in, and such a report is refused. */
  @IsOptional()
  @IsString({ message: REPORT_TEXT.rejected })
  website?: string;
}
