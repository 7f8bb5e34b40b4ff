/** A message the site sends, independent of how it leaves the server. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | { name: string; address: string };
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * For mail to newsletter subscribers: the one-click unsubscribe URL, sent as List-Unsubscribe
   * (RFC 2369) with List-Unsubscribe-Post (RFC 8058) so mail programs can offer their own button.
   */
  unsubscribeUrl?: string;
  /** A Message-ID of our own (a newsletter delivery's: the same in a retry, so mail programs drop a repeat). */
  messageId?: string;
}

export interface MailResult {
  /** True only when the SMTP server accepted the message. */
  sent: boolean;
  /** Where the message was kept when it was not sent (no SMTP_URL, or the server failed). */
  keptAs: string | null;
}

/** A message composed ahead of sending (a MailTemplate's copy): its recipient and its bytes. */
export interface ComposedMail {
  to: string;
  raw: Buffer;
}
