import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A subject is one header line: line breaks and runs of spaces become single spaces. */
const oneLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);

/**
 * POST /api/contact. SPEC leaves the bounds open; these are the form's: name 1-100, email valid up to
 * 254, subject 1-200, message 10-5000. Decorators run bottom up, so the required rule sits last.
 */
export class CreateContactDto {
  @Transform(trim)
  @MaxLength(100, { message: 'Name must be less than 100 characters' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;

  @Transform(trim)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  email: string;

  @Transform(oneLine)
  @MaxLength(200, { message: 'Subject must be less than 200 characters' })
  @IsString({ message: 'Subject is required' })
  @IsNotEmpty({ message: 'Subject is required' })
  subject: string;

  @Transform(trim)
  @MaxLength(5000, { message: 'Message must be less than 5000 characters' })
  @MinLength(10, { message: 'Message must be at least 10 characters' })
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  message: string;

  /** A field people never see; bots fill it in. */
  @IsOptional()
  @IsString()
  website?: string;
}
