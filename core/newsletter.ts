/**
 * The newsletter sign-up's rule and messages (SPEC sections 5 and 8), shared as core/contact.ts shares the
 * contact form's: the island checks the address as the visitor types and shows the toasts, the server's
 * DTO (src/newsletter/dto/email-rules.ts) and service answer with the same words.
 */

/** The longest address taken (RFC 5321's path limit). */
export const NEWSLETTER_EMAIL_MAX = 254;

export const NEWSLETTER_MESSAGES = {
  /** SPEC section 5: an empty address. */
  required: 'Required',
  /** SPEC section 5: an address that is not one. */
  invalid: 'Invalid email',
  /** The service's refusal of an address already receiving the newsletter. */
  alreadySubscribed: 'Email already subscribed',
  /** SPEC section 8: the success. */
  subscribed: 'Successfully subscribed!',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first rule the address breaks, as the visitor reads it; null when it can be sent. */
export function validateNewsletterEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return NEWSLETTER_MESSAGES.required;
  if (!EMAIL.test(value) || value.length > NEWSLETTER_EMAIL_MAX) return NEWSLETTER_MESSAGES.invalid;
  return null;
}
