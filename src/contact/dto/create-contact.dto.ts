import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CONTACT_LIMITS, CONTACT_MESSAGES as M } from 'core/contact';
import { Trim } from 'src/validation/transforms';

/** A subject is one header line: line breaks and runs of spaces become single spaces. */
const oneLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);

/** POST /api/contact, with the form's rules (core/contact.ts). Decorators run bottom up, so the required rule sits last. */
export class CreateContactDto {
  @Trim()
  @MaxLength(CONTACT_LIMITS.name, { message: M.nameTooLong })
  @IsString({ message: M.nameRequired })
  @IsNotEmpty({ message: M.nameRequired })
  name: string;

  @Trim()
  @MaxLength(CONTACT_LIMITS.email, { message: M.emailInvalid })
  @IsEmail({}, { message: M.emailInvalid })
  @IsString({ message: M.emailInvalid })
  @IsNotEmpty({ message: M.emailRequired })
  email: string;

  @Transform(oneLine)
  @MaxLength(CONTACT_LIMITS.subject, { message: M.subjectTooLong })
  @IsString({ message: M.subjectRequired })
  @IsNotEmpty({ message: M.subjectRequired })
  subject: string;

  @Trim()
  @MaxLength(CONTACT_LIMITS.messageMax, { message: M.messageTooLong })
  @MinLength(CONTACT_LIMITS.messageMin, { message: M.messageTooShort })
  @IsString({ message: M.messageRequired })
  @IsNotEmpty({ message: M.messageRequired })
  message: string;

  /** A field people never see; bots fill it in. */
  @IsOptional()
  @IsString()
  website?: string;
}
