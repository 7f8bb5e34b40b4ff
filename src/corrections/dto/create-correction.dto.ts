import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { CORRECTION_FIELD_NAMES, CORRECTION_TEXT, type CorrectionField } from 'core/dive-sites/corrections';
import { IsWebUrl } from 'src/validation/validators';
import { BlankToUndefined, Trim } from 'src/validation/transforms';

/** POST /api/dive-sites/{id}/corrections (and its no-JavaScript form): a suggested correction with its source. */
export class CreateCorrectionDto {
  @IsIn(CORRECTION_FIELD_NAMES, { message: CORRECTION_TEXT.fieldRequired })
  field: CorrectionField;

  @Trim()
  @MinLength(10, { message: CORRECTION_TEXT.suggestionRequired })
  @MaxLength(20_000, { message: 'The correction must be at most 20000 characters' })
  @IsString({ message: CORRECTION_TEXT.suggestionRequired })
  suggestion: string;

  @Trim()
  @IsWebUrl('The source', { message: CORRECTION_TEXT.sourceRequired })
  @IsString({ message: CORRECTION_TEXT.sourceRequired })
  sourceUrl: string;

  @IsOptional()
  @BlankToUndefined()
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsEmail({}, { message: CORRECTION_TEXT.email })
  @MaxLength(254, { message: CORRECTION_TEXT.email })
  email?: string;

  /** A field people never see; bots fill it in. */
  @IsOptional()
  @IsString()
  website?: string;
}
