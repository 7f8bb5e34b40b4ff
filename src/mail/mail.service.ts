import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type Mail from 'nodemailer/lib/mailer';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { composeMessage, MailTemplate, type TemplateMessage } from './mail-template';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import type { ComposedMail, MailResult, OutgoingMail } from './outgoing-mail';

/**
 * Writes a message kept in the outbox. Personal data (names, addresses, messages): readable by the server's
 * user only. The folder is made when a write finds it missing (the first message, or after an operator
 * removed it), not every time.
 */
export async function keepFile(file: string, raw: Buffer): Promise<void> {
  const write = () => writeFile(file, raw, { mode: 0o600, flag: 'wx' });
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await write();
  }
}

/** A refusal that will not change by trying again: a 5xx answer. Everything else (4xx, a lost connection) is temporary. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The one way mail leaves the site: through SMTP_URL's pooled transport, or, without one, into
 * DATA_DIR/mail-outbox as .eml files an operator can read or resend. Mail to subscribers (newsletter
 * issues, welcome emails) goes through the job queue and `template`/`deliverComposed`; a contact message
 * is sent while its visitor waits (`send`), as its answer says whether it went.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private inFlight = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  get outboxDir(): string {
    return join(this.config.dataDir, 'mail-outbox');
  }

  /** Whether mail is sent over SMTP (else kept in the outbox). */
  get sends(): boolean {
    return this.transport !== null;
  }

  /** Messages being composed, sent or kept right now: the metrics' mail queue. */
  get queueDepth(): number {
    return this.inFlight;
  }

  /**
   * Sends a message now; one that cannot be sent (no SMTP configured, or the server refused or failed) is
   * kept in the outbox, so nothing is lost.
   */
  async send(mail: OutgoingMail): Promise<MailResult> {
    this.inFlight++;
    try {
      const message = this.toMessage(mail);
      const raw = await composeMessage(message);
      if (this.transport) {
        try {
          await this.transport.sendMail({ from: message.from, to: message.to, raw });
          return { sent: true, keptAs: null };
        } catch (error) {
          this.logger.warn(`Sending "${mail.subject}" failed, keeping it in the outbox: ${(error as Error).message}`);
        }
      }
      return { sent: false, keptAs: await this.keepRaw(raw) };
    } finally {
      this.inFlight--;
    }
  }

  /** Keeps a message in the outbox without trying to send it. */
  async keep(mail: OutgoingMail): Promise<MailResult> {
    return { sent: false, keptAs: await this.keepRaw(await composeMessage(this.toMessage(mail))) };
  }

  /** Writes composed bytes to a new file in the outbox; answers its path. */
  async keepRaw(raw: Buffer): Promise<string> {
    const file = this.outboxFile();
    await keepFile(file, raw);
    return file;
  }

  /** A message composed once, of which each recipient's copy is made cheaply (see MailTemplate). */
  template(message: Omit<TemplateMessage, 'from'>): Promise<MailTemplate> {
    return MailTemplate.compose({ ...message, from: this.config.mailFrom });
  }

  /**
   * Sends a composed message and returns only once the SMTP server accepted it; a refusal or a failure
   * throws (nodemailer's error, with the server's `responseCode` and `response` when it answered). Without
   * SMTP_URL the message is kept in the outbox, which counts as delivered. The queued mail uses this: its
   * jobs decide what a failure means (tried again later, or marked failed).
   */
  async deliverComposed(mail: ComposedMail): Promise<void> {
    this.inFlight++;
    try {
      if (!this.transport) await this.keepRaw(mail.raw);
      else await this.transport.sendMail({ envelope: { from: this.envelopeFrom(), to: mail.to }, raw: mail.raw });
    } finally {
      this.inFlight--;
    }
  }

  toMessage(mail: OutgoingMail): Mail.Options {
    const message: Mail.Options = {
      from: this.config.mailFrom,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    };
    if (mail.messageId) message.messageId = mail.messageId;
    if (mail.unsubscribeUrl) {
      message.list = { unsubscribe: mail.unsubscribeUrl };
      message.headers = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    }
    return message;
  }

  /** MAIL_FROM's address alone (the SMTP envelope's sender). */
  private envelopeFrom(): string {
    return /<([^>]+)>/.exec(this.config.mailFrom)?.[1] ?? this.config.mailFrom;
  }

  /** A new file name in the outbox, in the order the messages were kept. */
  private outboxFile(): string {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
