import { randomBytes } from 'node:crypto';
import { MailTemplate, UNSUBSCRIBE_MARK } from 'src/mail/mail-template';
import { parseMail } from '../api/newsletter-mail-parser';

const guide = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000)]);

/** The PDF bytes of a composed message's attachment. */
function attachedBytes(raw: Buffer): Buffer {
  const text = raw.toString('utf8');
  const start = text.indexOf('\n\n', text.indexOf('Content-Type: application/pdf')) + 2;
  const end = text.indexOf('\n--', start);
  return Buffer.from(text.slice(start, end).replace(/\s+/g, ''), 'base64');
}

describe('MailTemplate', () => {
  let template: MailTemplate;
  beforeAll(async () => {
    template = await MailTemplate.compose({
      from: 'Australian Dive Guide <news@divers.example.au>',
      subject: 'Welcome aboard — Ningaloo’s whale sharks',
      text: `Your free guide is attached.\n${'Whale sharks arrive in March. '.repeat(20)}\nUnsubscribe with one click: ${UNSUBSCRIBE_MARK}`,
      html: `<p>Ningaloo’s whale sharks arrive in March.</p><a href="${UNSUBSCRIBE_MARK}">Unsubscribe</a>`,
      listUnsubscribe: true,
      attachments: [{ filename: 'guide.pdf', content: guide, contentType: 'application/pdf' }],
    });
  });

  it('gives each copy its own recipient, unsubscribe link (text, HTML and headers), Message-ID, and both parts whole', async () => {
    const copies = await Promise.all(
      ['ann@example.com', 'bob@example.com'].map((to, index) =>
        template.fill({
          to,
          unsubscribeUrl: `https://divers.example.au/newsletter/unsubscribe?token=t${index}&x=1`,
          messageId: `<issue-1.delivery-${index}@divers.example.au>`,
        }),
      ),
    );
    copies
      .map((raw) => parseMail(raw.toString('utf8')))
      .forEach((mail, index) => {
        const own = `https://divers.example.au/newsletter/unsubscribe?token=t${index}&x=1`;
        expect(mail.headers.to).toBe(index ? 'bob@example.com' : 'ann@example.com');
        expect(mail.headers.from).toBe('Australian Dive Guide <news@divers.example.au>');
        expect(mail.headers['message-id']).toBe(`<issue-1.delivery-${index}@divers.example.au>`);
        expect(mail.headers['list-unsubscribe']).toBe(`<${own}>`);
        expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        expect(new Date(mail.headers.date).getTime()).not.toBeNaN();
        expect(mail.text).toContain(`Unsubscribe with one click: ${own}`);
        expect(mail.text).toContain('Whale sharks arrive in March. '.repeat(20).trim());
        expect(mail.html).toContain(`href="${own.replace('&', '&amp;')}"`);
        expect(mail.html).toContain('Ningaloo’s whale sharks');
        expect(mail.attachments).toEqual([{ filename: 'guide.pdf', contentType: 'application/pdf', startsWithPdf: true }]);
        expect(JSON.stringify(mail)).not.toContain('x0');
      });
    expect(attachedBytes(copies[1]).equals(guide)).toBe(true);
  });

  it('composes a copy in full for an address it cannot write as it is', async () => {
    const mail = parseMail((await template.fill({ to: 'zoë@example.com', unsubscribeUrl: 'https://divers.example.au/u?token=z' })).toString('utf8'));
    expect(mail.headers.to).toContain('example.com');
    expect(mail.headers['list-unsubscribe']).toBe('<https://divers.example.au/u?token=z>');
    expect(mail.text).toContain('Unsubscribe with one click: https://divers.example.au/u?token=z');
  });

  it('adds no unsubscribe headers to a message that is not for subscribers', async () => {
    const plain = await MailTemplate.compose({ from: 'site@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>', listUnsubscribe: false });
    const mail = parseMail((await plain.fill({ to: 'team@example.com' })).toString('utf8'));
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(mail.text).toBe('Hello');
  });
});
