import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** A chosen post: `{ type: 'article' | 'review', id }`. */
export class IssuePostDto {
  @IsIn(['article', 'review'], { message: "posts: each post's type must be 'article' or 'review'" })
  type: 'article' | 'review';

  @Min(1, { message: "posts: each post's id must be a positive whole number" })
  @IsInt({ message: "posts: each post's id must be a positive whole number" })
  id: number;
}

const notNull = (_: object, value: unknown) => value !== null;

/** The fields besides the subject, optional in both writes. */
export class IssueFieldsDto {
  @IsOptional()
  @MaxLength(300, { message: 'Preheader must be at most 300 characters' })
  @IsString({ message: 'Preheader must be text' })
  preheader?: string;

  /** Markdown, as the posts are written. */
  @IsOptional()
  @MaxLength(20_000, { message: 'Intro must be at most 20,000 characters' })
  @IsString({ message: 'Intro must be text' })
  intro?: string;

  /** The posts shown as cards, in this order (latest first by default). */
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => IssuePostDto)
  @ArrayMaxSize(20, { message: 'posts: at most 20 posts' })
  @IsArray({ message: 'posts must be a list of {type, id}' })
  posts?: IssuePostDto[];

  /** When to send it (an ISO date and time, in the future); null unschedules it (back to a draft). */
  @IsOptional()
  @ValidateIf(notNull)
  @IsDateString({}, { message: 'scheduledAt must be a date and time' })
  scheduledAt?: string | null;
}

/** POST /api/admin/newsletter/issues: a subject, the rest optional (the latest posts when none are chosen). */
export class CreateIssueDto extends IssueFieldsDto {
  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  @IsNotEmpty({ message: 'Subject is required' })
  @IsString({ message: 'Subject is required' })
  subject: string;
}

/** PATCH /api/admin/newsletter/issues/{id}: any of the fields. */
export class UpdateIssueDto extends IssueFieldsDto {
  @IsOptional()
  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  @IsNotEmpty({ message: 'Subject is required' })
  @IsString({ message: 'Subject must be text' })
  subject?: string;
}

/** POST /api/admin/newsletter/issues/{id}/test: to this address, or CONTACT_EMAIL. */
export class TestIssueDto {
  @IsOptional()
  @MaxLength(254, { message: 'Invalid email' })
  @IsEmail({}, { message: 'Invalid email' })
  @IsString({ message: 'Invalid email' })
  email?: string;
}
