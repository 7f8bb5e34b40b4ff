import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A real SMTP server on a local port (the `smtp-server` package), for the tests to send to: it keeps each
 * message it accepted with its recipient, and a test decides per message what it answers. (Test helper.)
 */
export interface ReceivedMail {
  to: string;
  raw: string;
}

/** What the server answers a message: accept it (250), or an SMTP error code and text. */
export type Answer = { accept: true } | { code: number; text: string };

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Asked for each message once its data has arrived, before the server answers; may wait. */
  answer: (to: string, raw: string) => Answer | Promise<Answer>;
  /** Asked at RCPT TO: an Answer with a code refuses the recipient. */
  recipient: (to: string) => Answer;
  countFor(to: string): number;
  close(): Promise<void>;
}

const ACCEPT: Answer = { accept: true };

function smtpError(answer: Answer): Error | null {
  if ('accept' in answer) return null;
  return Object.assign(new Error(answer.text), { responseCode: answer.code });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    received: [],
    answer: () => ACCEPT,
    recipient: () => ACCEPT,
    countFor: (to) => sink.received.filter((mail) => mail.to === to).length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      callback(smtpError(sink.recipient(address.address.toLowerCase())));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo[0].address.toLowerCase();
        const answer = await sink.answer(to, raw);
        const error = smtpError(answer);
        if (!error) sink.received.push({ to, raw });
        callback(error);
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

/**
 * A test app that mails through a fresh sink, from 'Australian Dive Guide <news@divers.example.au>' on
 * http://divers.example.au (plain http: the admin session's cookie is then not Secure, so a test's
 * plain-http agent keeps it), with `env` added. Close both after.
 */
export async function startMailingApp(env: Record<string, string> = {}): Promise<{ t: TestApp; smtp: SmtpSink }> {
  const smtp = await startSmtpSink();
  const t = await startTestApp({
    SMTP_URL: smtp.url,
    SITE_URL: 'http://divers.example.au',
    MAIL_FROM: 'Australian Dive Guide <news@divers.example.au>',
    ...env,
  });
  return { t, smtp };
}
