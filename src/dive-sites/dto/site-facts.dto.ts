import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  MaxLength,
  Min,
  Max,
  IsOptional,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import type { SiteSource } from 'core/dive-sites/fields';
import { CHECK_FIELD_NAMES, CHECK_TEXT, MAX_CHECK_SOURCES, NOTICE_TEXT } from 'core/dive-sites/provenance';
import { IsCalendarDate, IsWebUrl } from 'src/validation/validators';
import { BlankToNull, Trim } from 'src/validation/transforms';
import { isSourceList, toSources } from './dive-site-write.dto';

const MAX_NOTICE_SITES = 1000;

/** POST /api/admin/notices and PUT /api/admin/notices/{id}: a notice, its dates, its source and the sites it covers. */
export class NoticeWriteDto {
  @Trim()
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @IsNotEmpty({ message: NOTICE_TEXT.titleRequired })
  @IsString({ message: NOTICE_TEXT.titleRequired })
  title: string;

  @Trim()
  @MaxLength(5000, { message: 'Body must be at most 5000 characters' })
  @IsNotEmpty({ message: NOTICE_TEXT.bodyRequired })
  @IsString({ message: NOTICE_TEXT.bodyRequired })
  body: string;

  @IsCalendarDate('Starts on', { message: NOTICE_TEXT.startsOn })
  @IsNotEmpty({ message: NOTICE_TEXT.startsOn })
  @IsString({ message: NOTICE_TEXT.startsOn })
  startsOn: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @ValidateBy(
    {
      name: 'notBeforeStart',
      validator: { validate: (value: unknown, args) => typeof value === 'string' && value >= String((args?.object as NoticeWriteDto).startsOn) },
    },
    { message: NOTICE_TEXT.endsOn },
  )
  @IsCalendarDate('Ends on', { message: NOTICE_TEXT.endsOn })
  @IsString({ message: NOTICE_TEXT.endsOn })
  endsOn?: string | null;

  @Trim()
  @MaxLength(200, { message: 'Source title must be at most 200 characters' })
  @IsNotEmpty({ message: NOTICE_TEXT.sourceTitle })
  @IsString({ message: NOTICE_TEXT.sourceTitle })
  sourceTitle: string;

  @Trim()
  @IsWebUrl('Source', { message: NOTICE_TEXT.sourceUrl })
  @IsString({ message: NOTICE_TEXT.sourceUrl })
  sourceUrl: string;

  @ArrayMaxSize(MAX_NOTICE_SITES, { message: `A notice covers at most ${MAX_NOTICE_SITES} dive sites` })
  @Min(1, { each: true, message: NOTICE_TEXT.sites })
  @Max(2_147_483_647, { each: true, message: NOTICE_TEXT.sites })
  @IsInt({ each: true, message: NOTICE_TEXT.sites })
  @ArrayMinSize(1, { message: NOTICE_TEXT.sites })
  @IsArray({ message: NOTICE_TEXT.sites })
  siteIds: number[];
}

/** POST /api/admin/dive-sites/{id}/checks: 'Mark checked', the day, what was checked and against which sources. */
export class MarkCheckedDto {
  @IsCalendarDate('Checked on', { message: CHECK_TEXT.checkedOn })
  @IsNotEmpty({ message: CHECK_TEXT.checkedOn })
  @IsString({ message: CHECK_TEXT.checkedOn })
  checkedOn: string;

  @IsIn(CHECK_FIELD_NAMES, { each: true, message: CHECK_TEXT.fields })
  @ArrayMaxSize(CHECK_FIELD_NAMES.length, { message: CHECK_TEXT.fields })
  @ArrayMinSize(1, { message: CHECK_TEXT.fields })
  @IsArray({ message: CHECK_TEXT.fields })
  fields: string[];

  @Transform(toSources)
  @ValidateBy({ name: 'isSourceList', validator: { validate: isSourceList } }, { message: CHECK_TEXT.sources })
  @ArrayMaxSize(MAX_CHECK_SOURCES, { message: CHECK_TEXT.sources })
  @ArrayMinSize(1, { message: CHECK_TEXT.sources })
  @IsArray({ message: CHECK_TEXT.sources })
  sources: SiteSource[];
}
