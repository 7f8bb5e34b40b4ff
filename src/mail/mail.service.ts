import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import type { MailResult, OutgoingMail } from './outgoing-mail';

/** Builds the raw message without sending it, for the outbox. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Sends mail through SMTP_URL. A message that cannot be sent (no SMTP configured, or the server
 * refused or failed) is kept as an .eml file under DATA_DIR/mail-outbox, so nothing is lost and an
 * operator can read or resend it.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  get outboxDir(): string {
    return join(this.config.dataDir, 'mail-outbox');
  }

  async send(mail: OutgoingMail): Promise<MailResult> {
    const message = this.toMessage(mail);
    if (this.transport) {
      try {
        await this.transport.sendMail(message);
        return { sent: true, keptAs: null };
      } catch (error) {
        this.logger.warn(`Sending "${mail.subject}" failed, keeping it in the outbox: ${(error as Error).message}`);
      }
    }
    return { sent: false, keptAs: await this.store(message) };
  }

  /** Keeps a message in the outbox without trying to send it. */
  async keep(mail: OutgoingMail): Promise<MailResult> {
    return { sent: false, keptAs: await this.store(this.toMessage(mail)) };
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
    if (mail.unsubscribeUrl) {
      message.list = { unsubscribe: mail.unsubscribeUrl };
      message.headers = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    }
    return message;
  }

  private async store(message: Mail.Options): Promise<string> {
    const info = await composer.sendMail(message);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    // Personal data (names, addresses, messages): readable by the server's user only. The folder is made
    // when a write finds it missing (the first message, or after an operator removed it), not every time.
    const write = () => writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
    try {
      await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
      await write();
    }
    return file;
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
