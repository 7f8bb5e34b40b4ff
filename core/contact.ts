/**
 * The contact form's rules (SPEC leaves the bounds open; these are the form's): name 1-100, email valid
 * up to 254, subject 1-200, message 10-5000. The island checks them as the visitor types, the server's
 * DTO enforces them with the same messages.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, messageMin: 10, messageMax: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject must be less than 200 characters',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be less than 5000 characters',
} as const;

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The first rule each field breaks, as the visitor will read it; empty when the message can be sent. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();
  if (!name) errors.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_LIMITS.name) errors.name = CONTACT_MESSAGES.nameTooLong;
  if (!email) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (email.length > CONTACT_LIMITS.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!subject) errors.subject = CONTACT_MESSAGES.subjectRequired;
  else if (subject.length > CONTACT_LIMITS.subject) errors.subject = CONTACT_MESSAGES.subjectTooLong;
  if (!message) errors.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length < CONTACT_LIMITS.messageMin) errors.message = CONTACT_MESSAGES.messageTooShort;
  else if (message.length > CONTACT_LIMITS.messageMax) errors.message = CONTACT_MESSAGES.messageTooLong;
  return errors;
}
