import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type Mail from 'nodemailer/lib/mailer';
import { MAIL_BATCH_MS, MailComposer } from 'src/mail/mail-composer';
import { parseMail } from '../api/newsletter-mail-parser';

const guide = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000)]);

const welcome = (to: string): Mail.Options => ({
  from: 'Australian Dive Guide <news@divers.example.au>',
  to,
  subject: 'Welcome aboard',
  text: 'Your free guide is attached. Ningaloo’s whale sharks arrive in March.',
  html: '<p>Your free guide is attached. Ningaloo’s whale sharks arrive in March.</p>',
  attachments: [{ filename: 'guide.pdf', content: guide, contentType: 'application/pdf' }],
  list: { unsubscribe: 'https://divers.example.au/newsletter/unsubscribe?token=abc' },
});

/** The PDF bytes of a composed message's attachment. */
function attachedBytes(raw: Buffer): Buffer {
  const text = raw.toString('utf8');
  const start = text.indexOf('\n\n', text.indexOf('Content-Type: application/pdf')) + 2;
  const end = text.indexOf('\n--', start);
  return Buffer.from(text.slice(start, end).replace(/\s+/g, ''), 'base64');
}

describe('MailComposer', () => {
  let composer: MailComposer;
  beforeEach(() => (composer = new MailComposer()));
  afterEach(() => composer.close());

  it('composes each message in full: headers, both parts and the attachment byte for byte', async () => {
    const [first, second] = await Promise.all([composer.compose(welcome('sam@example.com')), composer.compose(welcome('kim@example.com'))]);
    for (const [raw, to] of [
      [first, 'sam@example.com'],
      [second, 'kim@example.com'],
    ] as const) {
      const mail = parseMail(raw.toString('utf8'));
      expect(mail.headers.to).toBe(to);
      expect(mail.headers.subject).toBe('Welcome aboard');
      expect(mail.headers['list-unsubscribe']).toBe('<https://divers.example.au/newsletter/unsubscribe?token=abc>');
      expect(mail.text).toContain('Ningaloo’s whale sharks arrive in March.');
      expect(mail.html).toContain('<p>Your free guide is attached.');
      expect(mail.attachments).toEqual([{ filename: 'guide.pdf', contentType: 'application/pdf', startsWithPdf: true }]);
      expect(attachedBytes(raw).equals(guide)).toBe(true);
    }
  });

  it('attaches each part byte for byte after more distinct attachments than the worker keeps have passed', async () => {
    const files = Array.from({ length: 20 }, (_, i) => Buffer.concat([Buffer.from(`%PDF-1.7\n${i}\n`), randomBytes(3_000)]));
    const withFiles = (to: string, ...attached: Buffer[]): Mail.Options => ({
      ...welcome(to),
      attachments: attached.map((content, i) => ({ filename: `guide-${i}.pdf`, content, contentType: 'application/pdf' })),
    });
    /** Every PDF attachment's bytes, in order. */
    const allAttached = (raw: Buffer) =>
      raw
        .toString('utf8')
        .split('Content-Type: application/pdf')
        .slice(1)
        .map((part) => {
          const start = part.indexOf('\n\n') + 2;
          return Buffer.from(part.slice(start, part.indexOf('\n--', start)).replace(/\s+/g, ''), 'base64');
        });
    for (const [i, file] of files.slice(0, 16).entries()) {
      expect(allAttached(await composer.compose(withFiles(`d${i}@example.com`, file)))).toEqual([file]);
    }
    // The oldest part the worker keeps, beside a new one that makes it let that oldest go.
    expect(allAttached(await composer.compose(withFiles('both@example.com', files[0], files[16])))).toEqual([files[0], files[16]]);
    for (const file of files.slice(17)) await composer.compose(withFiles('more@example.com', file));
    // The first ones again, long dropped by the worker, and one it still keeps.
    const again = await Promise.all([0, 1, 19].map((i) => composer.compose(withFiles(`again${i}@example.com`, files[i]))));
    expect(again.map(allAttached)).toEqual([[files[0]], [files[1]], [files[19]]]);
  });

  it('composes the messages it held in the server when its worker stops, and starts a new one for the next', async () => {
    await composer.compose(welcome('zero@example.com'));
    const held = [composer.compose(welcome('one@example.com')), composer.compose(welcome('two@example.com'))];
    // Once both are handed to the worker (after the attachment's part, known by now, is looked up).
    await new Promise((resolve) => setImmediate(resolve));
    await (composer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const [one, two] = await Promise.all(held);
    expect(parseMail(one.toString('utf8')).headers.to).toBe('one@example.com');
    expect(parseMail(two.toString('utf8')).headers.to).toBe('two@example.com');
    const next = await composer.compose(welcome('three@example.com'));
    expect(attachedBytes(next).equals(guide)).toBe(true);
  });

  it('hands a lone message to the worker at once, and those that follow within the window together at its end', async () => {
    // Only the window's clock stands still: the worker, its messages and the promises run as they do.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance', 'Date'] });
    const posted = jest.spyOn(Worker.prototype, 'postMessage');
    try {
      const lone = await composer.compose(welcome('lone@example.com'));
      expect(parseMail(lone.toString('utf8')).headers.to).toBe('lone@example.com');
      const wave = ['one', 'two', 'three'].map((name) => composer.compose(welcome(`${name}@example.com`)));
      await new Promise((resolve) => setImmediate(resolve));
      expect(posted).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(MAIL_BATCH_MS);
      expect(posted).toHaveBeenCalledTimes(4);
      const composed = await Promise.all(wave);
      expect(composed.map((raw) => parseMail(raw.toString('utf8')).headers.to)).toEqual(['one@example.com', 'two@example.com', 'three@example.com']);
      expect(composed.every((raw) => attachedBytes(raw).equals(guide))).toBe(true);
    } finally {
      posted.mockRestore();
      jest.useRealTimers();
    }
  });

  it('still composes after it has been closed (a message sent while the server shuts down)', async () => {
    await composer.close();
    expect(parseMail((await composer.compose(welcome('late@example.com'))).toString('utf8')).headers.to).toBe('late@example.com');
  });

  it('refuses a message nodemailer cannot compose, naming why', async () => {
    const broken = { ...welcome('x@example.com'), attachments: [{ filename: 'missing.pdf', path: '/nonexistent/guide.pdf' }] };
    await expect(composer.compose(broken)).rejects.toThrow(/ENOENT|no such file/);
  });

  describe('keeping a message in the outbox', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'adg-outbox-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('writes the whole message to its file, readable by the server only, making the missing folder', async () => {
      const file = join(dir, 'outbox', 'first.eml');
      await composer.keep(welcome('kept@example.com'), file);
      const raw = readFileSync(file);
      expect(parseMail(raw.toString('utf8')).headers.to).toBe('kept@example.com');
      expect(attachedBytes(raw).equals(guide)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'outbox')).mode & 0o777).toBe(0o700);
    });

    it('never writes over a message kept before, and says why', async () => {
      const file = join(dir, 'taken.eml');
      writeFileSync(file, 'an earlier message');
      await expect(composer.keep(welcome('second@example.com'), file)).rejects.toThrow(/EEXIST/);
      expect(readFileSync(file, 'utf8')).toBe('an earlier message');
    });

    it('keeps the messages its stopped worker held, and keeps them after it is closed', async () => {
      await composer.compose(welcome('zero@example.com'));
      const held = [composer.keep(welcome('one@example.com'), join(dir, 'one.eml')), composer.keep(welcome('two@example.com'), join(dir, 'two.eml'))];
      await new Promise((resolve) => setImmediate(resolve));
      await (composer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      await Promise.all(held);
      await composer.close();
      await composer.keep(welcome('late@example.com'), join(dir, 'late', 'late.eml'));
      for (const [name, to] of [
        ['one.eml', 'one@example.com'],
        ['two.eml', 'two@example.com'],
        ['late/late.eml', 'late@example.com'],
      ]) {
        expect(parseMail(readFileSync(join(dir, name), 'utf8')).headers.to).toBe(to);
      }
    });
  });
});
