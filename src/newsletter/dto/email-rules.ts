import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES } from 'core/newsletter';
import { Trim } from 'src/validation/transforms';

/**
 * SPEC section 5, newsletter email: 'Required', 'Invalid email' (core/newsletter.ts, which the island checks too). Decorators run bottom up and the pipe
 * stops at the first failure, so the required rule sits last. The swagger plugin cannot see through a
 * composed decorator, so the schema it would have read from the rules is stated here.
 */
export function NewsletterEmail(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiProperty({ type: String, format: 'email', maxLength: NEWSLETTER_EMAIL_MAX }),
    Trim(),
    MaxLength(NEWSLETTER_EMAIL_MAX, { message: NEWSLETTER_MESSAGES.invalid }),
    IsEmail({}, { message: NEWSLETTER_MESSAGES.invalid }),
    IsString({ message: NEWSLETTER_MESSAGES.invalid }),
    IsNotEmpty({ message: NEWSLETTER_MESSAGES.required }),
  ];
  // Applied last to first, as stacked decorators are.
  return (target, property) => [...decorators].reverse().forEach((decorate) => decorate(target, property));
}
