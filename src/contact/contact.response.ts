import type { Contact } from './contact.entity';

/** The answer to a contact message: SPEC section 7 names emailSent; the rest confirms what was received. */
export function toContactResponse(contact: Contact) {
  return {
    message: contact.emailSent ? 'Message sent successfully!' : 'Message saved successfully!',
    id: contact.id,
    emailSent: contact.emailSent,
  };
}
