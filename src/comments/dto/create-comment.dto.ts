import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/articles/{id}/comments, with SPEC section 5's rules and messages. */
export class CreateCommentDto {
  @Transform(trim)
  @MaxLength(100, { message: 'Name must be less than 100 characters' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;

  @Transform(trim)
  @MinLength(10, { message: 'Comment must be at least 10 characters' })
  @MaxLength(1000, { message: 'Comment must be less than 1000 characters' })
  @IsString({ message: 'Comment must be at least 10 characters' })
  content: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email?: string;

  /** A field people never see; bots fill it in. */
  @IsOptional()
  @IsString()
  website?: string;
}
