import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { BlankToUndefined, Trim } from 'src/validation/transforms';

/** POST /api/articles/{id}/comments, with SPEC section 5's rules and messages. */
export class CreateCommentDto {
  @Trim()
  @MaxLength(100, { message: 'Name must be less than 100 characters' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;

  @Trim()
  @MinLength(10, { message: 'Comment must be at least 10 characters' })
  @MaxLength(1000, { message: 'Comment must be less than 1000 characters' })
  @IsString({ message: 'Comment must be at least 10 characters' })
  content: string;

  @IsOptional()
  @BlankToUndefined()
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email?: string;

  /** A field people never see; bots fill it in. */
  @IsOptional()
  @IsString()
  website?: string;
}
