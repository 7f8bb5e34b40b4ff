import { IsOptional, IsString, Matches } from 'class-validator';
import { NewsletterEmail } from './email-rules';

/** POST /api/newsletter/subscribe: SPEC's body {email}, plus the form it came from and the honeypot. */
export class SubscribeDto {
  @NewsletterEmail()
  email: string;

  /** Which signup form was used, kept as consent evidence (e.g. 'home', 'newsletter-page'). */
  @IsOptional()
  @Matches(/^[a-z][a-z0-9-]{0,49}$/, { message: 'source must be a short form name (lower-case letters, digits, dashes)' })
  source?: string;

  /** A field people never see; bots fill it in. */
  @IsOptional()
  @IsString()
  website?: string;
}
