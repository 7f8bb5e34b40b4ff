import { EmailButton, EmailHeading, emailParts, type EmailFrame } from 'src/mail/email-layout';

export interface ConfirmationEmailInput extends EmailFrame {
  /** The one-click link that confirms the sign-up (GET, no JavaScript needed). */
  confirmUrl: string;
  /** How many days the link works. */
  days: number;
}

/** The double opt-in email: the one link that starts the newsletter, and what happens if nobody follows it. */
export function confirmationEmail(input: ConfirmationEmailInput): { subject: string; text: string; html: string } {
  const { siteName, confirmUrl, days } = input;
  const subject = `Confirm your subscription to the ${siteName} newsletter`;
  return emailParts(
    input,
    subject,
    [
      `Please confirm your subscription to the ${siteName} newsletter.`,
      '',
      'Someone, hopefully you, asked for this address to receive our newsletter. Follow this link to confirm, and we will send your free guide straight away:',
      confirmUrl,
      '',
      `The link works for ${days} days. If you did not ask for the newsletter, ignore this email: you will not be subscribed, and we will not write again.`,
    ],
    <>
      <EmailHeading>Please confirm your subscription</EmailHeading>
      <p style={{ margin: '0 0 16px' }}>
        Someone, hopefully you, asked for this address to receive the {siteName} newsletter. Press the button to confirm, and we will send your free guide
        straight away.
      </p>
      <EmailButton href={confirmUrl}>Confirm my subscription</EmailButton>
      <p style={{ margin: '0 0 16px', fontSize: 14 }}>
        Or open this link: <span style={{ wordBreak: 'break-all' }}>{confirmUrl}</span>
      </p>
      <p style={{ margin: 0, fontSize: 14 }}>
        The link works for {days} days. If you did not ask for the newsletter, ignore this email: you will not be subscribed, and we will not write again.
      </p>
    </>,
  );
}
