import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from 'src/config/app.config';

/** The SMTP transport built from SMTP_URL, or null when none is configured. Tests replace its sendMail. */
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** SMTP connections kept open at once (nodemailer's pool): the newsletter sender keeps as many messages in flight. */
export const SMTP_CONNECTIONS = 5;

export type MailTransport = Transporter | null;

export function createMailTransport(config: AppConfig): MailTransport {
  if (!config.smtpUrl) return null;
  // Short timeouts: a visitor's form post waits for the answer, and a stuck mail server must not hang it.
  return nodemailer.createTransport({
    url: config.smtpUrl,
    // Connections kept open and reused: a newsletter issue or a wave of sign-ups does not open and secure a
    // new one per message. A connection is renewed after 1,000 messages (nodemailer's default, 100, would
    // reconnect ten times a second at 1,000 messages a second).
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 1_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
