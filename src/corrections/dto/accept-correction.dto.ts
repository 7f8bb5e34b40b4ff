import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsWebUrl } from 'src/validation/validators';
import { Trim } from 'src/validation/transforms';

/**
 * POST /api/admin/corrections/{id}/accept (issue 44): the value the administrator settled on in the site's
 * editor, with the source it rests on. Both default to the reader's (their suggestion, their source).
 */
export class AcceptCorrectionDto {
  @IsOptional()
  @Trim()
  @MinLength(1, { message: 'value must not be empty' })
  @MaxLength(20_000, { message: 'value must be at most 20000 characters' })
  @IsString({ message: 'value must be text' })
  value?: string;

  @IsOptional()
  @Trim()
  @IsWebUrl('The source', { message: 'sourceUrl must be a web address (https://...)' })
  @IsString({ message: 'sourceUrl must be a web address (https://...)' })
  sourceUrl?: string;
}
