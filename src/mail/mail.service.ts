import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type Mail from 'nodemailer/lib/mailer';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { keepFile, MailComposer } from './mail-composer';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import type { ComposedMail, MailResult, OutgoingMail } from './outgoing-mail';

/**
 * Sends mail through SMTP_URL. A message that cannot be sent (no SMTP configured, or the server
 * refused or failed) is kept as an .eml file under DATA_DIR/mail-outbox, so nothing is lost and an
 * operator can read or resend it.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly composer = new MailComposer();
  private inFlight = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  get outboxDir(): string {
    return join(this.config.dataDir, 'mail-outbox');
  }

  /** Messages being composed, sent or kept right now (each is sent while its request waits): the metrics' mail queue. */
  get queueDepth(): number {
    return this.inFlight;
  }

  async send(mail: OutgoingMail): Promise<MailResult> {
    this.inFlight++;
    try {
      return await this.deliver(mail);
    } finally {
      this.inFlight--;
    }
  }

  /** Keeps a message in the outbox without trying to send it: composed and written off the main thread. */
  async keep(mail: OutgoingMail): Promise<MailResult> {
    this.inFlight++;
    try {
      return await this.store(mail);
    } finally {
      this.inFlight--;
    }
  }

  private async deliver(mail: OutgoingMail): Promise<MailResult> {
    if (!this.transport) return this.store(mail);
    const message = this.toMessage(mail);
    // Composed once (off the main thread), then sent as it is, or kept as it is when sending fails.
    const raw = await this.composer.compose(message);
    try {
      await this.transport.sendMail({ from: message.from, to: message.to, raw });
      return { sent: true, keptAs: null };
    } catch (error) {
      this.logger.warn(`Sending "${mail.subject}" failed, keeping it in the outbox: ${(error as Error).message}`);
    }
    const file = this.outboxFile();
    await keepFile(file, raw);
    return { sent: false, keptAs: file };
  }

  /**
   * Composes a message now (off the main thread) to send later with `deliverComposed`: a sender that reads
   * ahead hands the worker many at once, and sends each when its turn comes.
   */
  async compose(mail: OutgoingMail): Promise<ComposedMail> {
    const message = this.toMessage(mail);
    return { from: this.config.mailFrom, to: mail.to, raw: await this.composer.compose(message) };
  }

  /**
   * Sends a composed message and returns only once the SMTP server accepted it; a refusal or a failure
   * throws (nodemailer's error, with the server's `responseCode` and `response` when it answered). Without
   * SMTP_URL the message is kept in the outbox, which counts as delivered. Newsletter issues use this:
   * their sender decides what a failure means (tried again later, or marked failed).
   */
  async deliverComposed(mail: ComposedMail): Promise<void> {
    this.inFlight++;
    try {
      if (!this.transport) return await keepFile(this.outboxFile(), mail.raw);
      await this.transport.sendMail({ from: mail.from, to: mail.to, raw: mail.raw });
    } finally {
      this.inFlight--;
    }
  }

  private async store(mail: OutgoingMail): Promise<MailResult> {
    const file = this.outboxFile();
    await this.composer.keep(this.toMessage(mail), file);
    return { sent: false, keptAs: file };
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

  /** A new file name in the outbox, in the order the messages were kept. */
  private outboxFile(): string {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  }

  async onModuleDestroy(): Promise<void> {
    this.transport?.close();
    await this.composer.close();
  }
}
