import { IsBoolean, IsOptional } from 'class-validator';
import { NewsletterEmail } from './email-rules';

/** PATCH /api/newsletter/subscribers/{id}: SPEC's updates {email, subscribed}, either or both. */
export class UpdateSubscriberDto {
  @IsOptional()
  @NewsletterEmail()
  email?: string;

  @IsOptional()
  @IsBoolean({ message: 'subscribed must be true or false' })
  subscribed?: boolean;
}
