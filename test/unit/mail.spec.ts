import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { loadConfig } from 'src/config/app.config';
import { loadGuideContent } from 'src/guide/guide-content';
import { MailService } from 'src/mail/mail.service';
import { welcomeEmail } from 'src/newsletter/welcome-email';

const config = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), SITE_URL: 'https://divers.example.au', MAIL_FROM: 'ADG <news@divers.example.au>' });

const mail = {
  to: 'sam@example.com',
  subject: 'Hello',
  text: 'Plain',
  html: '<p>Rich</p>',
  unsubscribeUrl: 'https://divers.example.au/newsletter/unsubscribe?token=abc',
};

describe('MailService', () => {
  it('keeps a message as an .eml in the outbox, readable only by the server, when no SMTP is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    const service = new MailService(config(dir), null);
    const result = await service.send(mail);
    expect(result.sent).toBe(false);
    expect(result.keptAs).toMatch(/mail-outbox\/.+\.eml$/);
    expect(readdirSync(join(dir, 'mail-outbox'))).toHaveLength(1);
    expect(statSync(result.keptAs!).mode & 0o777).toBe(0o600);
    // Long header lines are folded; unfold them as a mail program does.
    const raw = readFileSync(result.keptAs!, 'utf8').replace(/\n[ \t]+/g, ' ');
    expect(raw).toContain('From: ADG <news@divers.example.au>');
    expect(raw).toContain('List-Unsubscribe: <https://divers.example.au/newsletter/unsubscribe?token=abc>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends through the transport and keeps nothing when the server accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    const sendMail = jest.fn().mockResolvedValue({ messageId: '<1@x>' });
    const service = new MailService(config(dir), { sendMail, close: jest.fn() } as unknown as Transporter);
    await expect(service.send(mail)).resolves.toEqual({ sent: true, keptAs: null });
    expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'sam@example.com', from: 'ADG <news@divers.example.au>' }));
    expect(() => readdirSync(join(dir, 'mail-outbox'))).toThrow();
  });

  it('keeps the message when the server fails, and reports it unsent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    const sendMail = jest.fn().mockRejectedValue(new Error('ETIMEDOUT'));
    const service = new MailService(config(dir), { sendMail, close: jest.fn() } as unknown as Transporter);
    const result = await service.send(mail);
    expect(result.sent).toBe(false);
    expect(readFileSync(result.keptAs!, 'utf8')).toContain('Subject: Hello');
  });

  it('adds no unsubscribe headers to mail that is not for subscribers', () => {
    const service = new MailService(config(tmpdir()), null);
    const message = service.toMessage({ ...mail, unsubscribeUrl: undefined });
    expect(message.list).toBeUndefined();
    expect(message.headers).toBeUndefined();
  });
});

describe('welcome email', () => {
  const guide = loadGuideContent();
  const content = welcomeEmail({
    siteName: 'Australian Dive Guide',
    siteUrl: 'https://divers.example.au',
    unsubscribeUrl: 'https://divers.example.au/newsletter/unsubscribe?token=a&b',
    guide,
    guideUrl: 'https://divers.example.au/guides/guide.pdf',
  });

  it('promises and links the free PDF guide, listing its ten items', () => {
    expect(content.subject).toBe('Welcome to Australian Dive Guide: your free guide, 10 Must-Have Items for Your First Dive Trip');
    for (const item of guide.items) {
      expect(content.text).toContain(item.name);
      expect(content.html).toContain(item.name);
    }
    expect(content.text).toContain('https://divers.example.au/guides/guide.pdf');
    expect(content.html).toContain('href="https://divers.example.au/guides/guide.pdf"');
  });

  it('carries a visible unsubscribe link in both parts', () => {
    expect(content.text).toContain('Unsubscribe with one click: https://divers.example.au/newsletter/unsubscribe?token=a&b');
    expect(content.html).toContain('href="https://divers.example.au/newsletter/unsubscribe?token=a&amp;b"');
    expect(content.html.startsWith('<!DOCTYPE html>')).toBe(true);
  });
});
