import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsLink, IsPublicMediaUrl } from 'src/common/validators';
import { SKILL_LEVELS } from '../dive-site.entity';
import { BlankToNull, Trim } from 'src/common/transforms';

/** The admin form sends coordinates as numbers; the public API gives them as text. Both are accepted. */
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

export const SKILL_LEVEL_MESSAGE = `Skill level must be one of: ${SKILL_LEVELS.join(', ')}`;

/**
 * POST /api/dive-sites and PUT /api/dive-sites/{id} (the whole site, SPEC section 7). The fields of the
 * admin form; an optional field left out keeps its value on PUT, while null or '' clears it.
 */
export class DiveSiteWriteDto {
  @Trim()
  @MaxLength(200, { message: 'Site name must be at most 200 characters' })
  @IsString({ message: 'Site name is required' })
  @IsNotEmpty({ message: 'Site name is required' })
  name: string;

  @Trim()
  @MaxLength(100, { message: 'Region must be at most 100 characters' })
  @IsString({ message: 'Region is required' })
  @IsNotEmpty({ message: 'Region is required' })
  region: string;

  @Transform(toNumber)
  @Min(-90, { message: 'Latitude must be between -90 and 90' })
  @Max(90, { message: 'Latitude must be between -90 and 90' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Latitude must be a number between -90 and 90' })
  latitude: number;

  @Transform(toNumber)
  @Min(-180, { message: 'Longitude must be between -180 and 180' })
  @Max(180, { message: 'Longitude must be between -180 and 180' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Longitude must be a number between -180 and 180' })
  longitude: number;

  @Trim()
  @MaxLength(20_000, { message: 'Description must be at most 20000 characters' })
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  description: string;

  @IsIn(SKILL_LEVELS, { message: SKILL_LEVEL_MESSAGE })
  skillLevel: (typeof SKILL_LEVELS)[number];

  @Trim()
  @MaxLength(50, { message: 'Depth range must be at most 50 characters' })
  @IsString({ message: 'Depth range is required' })
  @IsNotEmpty({ message: 'Depth range is required' })
  depthRange: string;

  @Trim()
  @MaxLength(50, { message: 'Water temperature must be at most 50 characters' })
  @IsString({ message: 'Water temperature is required' })
  @IsNotEmpty({ message: 'Water temperature is required' })
  waterTemp: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(100, { message: 'Visibility must be at most 100 characters' })
  @IsString({ message: 'Visibility must be text' })
  visibility?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(200, { message: 'Best time to dive must be at most 200 characters' })
  @IsString({ message: 'Best time to dive must be text' })
  bestTime?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(5000, { message: 'Marine life must be at most 5000 characters' })
  @IsString({ message: 'Marine life must be text' })
  marineLife?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(5000, { message: 'Hazards must be at most 5000 characters' })
  @IsString({ message: 'Hazards must be text' })
  hazards?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(5000, { message: 'Facilities must be at most 5000 characters' })
  @IsString({ message: 'Facilities must be text' })
  facilities?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsPublicMediaUrl('Image URL')
  imageUrl?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsPublicMediaUrl('Video URL')
  videoUrl?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsPublicMediaUrl('Video thumbnail URL')
  videoThumbnail?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsLink('Review link')
  reviewLink?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(200, { message: 'Blog slug must be at most 200 characters' })
  @IsString({ message: 'Blog slug must be text' })
  blogSlug?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;

  /** Read-only fields of a site as GET gives it: the admin screen sends the whole site back; they are ignored. */
  @Allow()
  id?: unknown;

  @Allow()
  createdAt?: unknown;

  @Allow()
  updatedAt?: unknown;
}

export class UpdatePhotoDto {
  @Trim()
  @IsPublicMediaUrl('Image URL')
  @IsString({ message: 'Image URL is required' })
  @IsNotEmpty({ message: 'Image URL is required' })
  imageUrl: string;
}

export class UpdateVideoDto {
  @Trim()
  @IsPublicMediaUrl('Video URL')
  @IsString({ message: 'Video URL is required' })
  @IsNotEmpty({ message: 'Video URL is required' })
  videoUrl: string;

  @IsOptional()
  @BlankToNull()
  @IsPublicMediaUrl('Video thumbnail URL')
  videoThumbnail?: string | null;
}

export class UpdateReviewLinkDto {
  @Trim()
  @IsLink('Review link')
  @IsString({ message: 'Review link is required' })
  @IsNotEmpty({ message: 'Review link is required' })
  reviewLink: string;
}
