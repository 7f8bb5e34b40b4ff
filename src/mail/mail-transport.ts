import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from 'src/config/app.config';

/** The SMTP transport built from SMTP_URL, or null when none is configured. Tests replace its sendMail. */
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

export type MailTransport = Transporter | null;

export function createMailTransport(config: AppConfig): MailTransport {
  if (!config.smtpUrl) return null;
  // Short timeouts: a visitor's form post waits for the answer, and a stuck mail server must not hang it.
  return nodemailer.createTransport({
    url: config.smtpUrl,
    // Connections kept open and reused (up to 5): a wave of sign-ups does not open and secure a new one per message.
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
