import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** Composes whole messages (MIME, encoded parts, attachments) into their bytes, as SMTP carries them. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** A message's bytes, composed by nodemailer. */
export async function composeMessage(message: Mail.Options): Promise<Buffer> {
  return (await composer.sendMail(message)).message as Buffer;
}

/** Stands for the unsubscribe link in a body rendered once (letters and digits: HTML and text leave it as it is). */
export const UNSUBSCRIBE_MARK = 'x0UNSUBSCRIBEx0LINKx0';

// Marks for what differs between two copies of a message. A body mark is the whole of its part (nodemailer
// sends it as 7bit), whose encoding the template then names base64: each copy's body goes there encoded.
const TO = 'x0rcptx0@mark.invalid';
const MESSAGE_ID = 'x0msgidx0@mark.invalid';
const DATE = 'x0DATEx0';
const TEXT = 'x0TEXTBODYx0';
const HTML = 'x0HTMLBODYx0';
const HEADER_UNSUBSCRIBE = 'x0LISTUNSUBx0';

/** What a template is made from: a message whose text and HTML hold UNSUBSCRIBE_MARK where each copy's link goes. */
export interface TemplateMessage {
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Sends List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058) with each copy's link. */
  listUnsubscribe: boolean;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** One copy: its recipient, its own unsubscribe link, and optionally a Message-ID of our own (`<...>`). */
export interface Copy {
  to: string;
  unsubscribeUrl?: string;
  messageId?: string;
}

const wrap76 = (base64: string) => base64.replace(/.{76}(?=.)/g, '$&\n');
const base64Body = (text: string) => wrap76(Buffer.from(text, 'utf8').toString('base64'));
/** An address nodemailer writes into the To header as it is (plain ASCII, nothing to quote or encode). */
const plainAddress = (address: string) => /^[\x21-\x7e]+@[\x21-\x7e]+$/.test(address) && !/[<>()[\]\\,;:"]/.test(address);

/**
 * A message composed once by nodemailer, with marks where its copies differ (recipient, Message-ID, date,
 * unsubscribe link, and so the two encoded bodies); each copy is then those few strings put in place and
 * the two bodies base64-encoded, which costs a small fraction of composing the message again. The
 * attachments (the welcome email's PDF guide) are encoded once, in the template. A recipient nodemailer
 * would have to encode (a non-ASCII address) gets a message composed in full instead.
 */
export class MailTemplate {
  private constructor(
    private readonly message: TemplateMessage,
    /** The composed template cut at its marks: the pieces between them, and which mark each cut was. */
    private readonly pieces: string[],
    private readonly marks: string[],
  ) {}

  static async compose(message: TemplateMessage): Promise<MailTemplate> {
    const raw = await composeMessage({
      from: message.from,
      to: TO,
      subject: message.subject,
      text: TEXT,
      html: HTML,
      messageId: `<${MESSAGE_ID}>`,
      headers: message.listUnsubscribe ? { 'List-Unsubscribe': `<${HEADER_UNSUBSCRIBE}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
      attachments: message.attachments,
    });
    // latin1 keeps every byte as one character (the composed message is 7-bit: everything is encoded).
    const composed = raw
      .toString('latin1')
      .replace(/^Date: .*$/m, `Date: ${DATE}`)
      .replace(new RegExp(`^Content-Transfer-Encoding: [\\w-]+\n\n(${TEXT}|${HTML})$`, 'gm'), 'Content-Transfer-Encoding: base64\n\n$1');
    const marks: string[] = [];
    const wanted = [TO, `<${MESSAGE_ID}>`, DATE, TEXT, HTML, ...(message.listUnsubscribe ? [HEADER_UNSUBSCRIBE] : [])];
    const pattern = new RegExp(wanted.map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    const pieces = composed.split(pattern);
    for (const match of composed.matchAll(pattern)) marks.push(match[0]);
    if (wanted.some((mark) => marks.filter((found) => found === mark).length !== 1)) {
      throw new Error('the mail template lost one of its marks in composing');
    }
    return new MailTemplate(message, pieces, marks);
  }

  /** One copy's bytes. */
  async fill(copy: Copy): Promise<Buffer> {
    const url = copy.unsubscribeUrl ?? '';
    const text = this.message.text.replaceAll(UNSUBSCRIBE_MARK, url);
    const html = this.message.html.replaceAll(UNSUBSCRIBE_MARK, url.replaceAll('&', '&amp;'));
    if (!plainAddress(copy.to) || (copy.messageId && !/^<[\x21-\x3b\x3d\x3f-\x7e]+>$/.test(copy.messageId))) {
      return composeMessage({
        from: this.message.from,
        to: copy.to,
        subject: this.message.subject,
        text,
        html,
        messageId: copy.messageId,
        headers: this.message.listUnsubscribe ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
        attachments: this.message.attachments,
      });
    }
    const values: Record<string, string> = {
      [TO]: copy.to,
      [`<${MESSAGE_ID}>`]: copy.messageId ?? `<${crypto.randomUUID()}@${this.fromDomain()}>`,
      [DATE]: new Date().toUTCString().replace(/GMT/, '+0000'),
      [TEXT]: base64Body(text),
      [HTML]: base64Body(html),
      [HEADER_UNSUBSCRIBE]: url,
    };
    let out = this.pieces[0];
    for (let index = 0; index < this.marks.length; index++) out += values[this.marks[index]] + this.pieces[index + 1];
    return Buffer.from(out, 'latin1');
  }

  private fromDomain(): string {
    return /@([^>\s]+)/.exec(this.message.from)?.[1] ?? 'localhost';
  }
}
