import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from 'src/config/app.config';
import { encodeOutcome, formOutcomes } from 'src/http/form-outcome-cookie';
import { RenderService } from 'src/render/render.service';
import type { Request, Response } from 'express';
import { UnsubscribePage } from 'views/pages/newsletter/UnsubscribePage';

// Issue 41: the unsubscribe answers are rendered once and kept (RenderService.fixedPage, pageWithText); each
// answer must be byte for byte the page a render of its own gives.
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'kept-pages-')) });
const meta = { title: 'Unsubscribed', description: 'Newsletter unsubscribe', path: '/newsletter/unsubscribe', noindex: true };

describe('pages rendered once and kept', () => {
  it('a page with an address put in is the page rendered for that address, whatever characters the address holds', () => {
    const render = new RenderService(config);
    const addresses = ['jane.doe@example.com', `o'brien&sons+"news"@example.com`, 'a<b>c@example.com', 'x@example.com'];
    for (const email of addresses) {
      const kept = render.pageWithText('unsubscribed', meta, (text) => <UnsubscribePage email={text} />, email);
      expect(kept).toBe(render.page(meta, <UnsubscribePage email={email} />));
      expect(kept).toContain('You have been unsubscribed');
    }
  });

  it('an empty text is rendered as it is, not put into the page kept for an address', () => {
    const render = new RenderService(config);
    render.pageWithText('unsubscribed', meta, (text) => <UnsubscribePage email={text} />, 'x@example.com');
    const empty = render.pageWithText('unsubscribed', meta, (text) => <UnsubscribePage email={text} />, '');
    expect(empty).toBe(render.page(meta, <UnsubscribePage email="" />));
    expect(empty).toContain('This unsubscribe link is not valid');
  });

  it('a fixed page is the render, every time', () => {
    const render = new RenderService(config);
    const notValid = { ...meta, title: 'Unsubscribe link not valid' };
    const first = render.fixedPage('not valid', notValid, () => <UnsubscribePage email={null} />);
    expect(first).toBe(render.page(notValid, <UnsubscribePage email={null} />));
    expect(render.fixedPage('not valid', notValid, () => <UnsubscribePage email={null} />)).toBe(first);
  });

  it('a request carrying a form outcome (which the page shows) is rendered for itself, not from the kept page', async () => {
    const render = new RenderService(config);
    const kept = render.pageWithText('unsubscribed', meta, (text) => <UnsubscribePage email={text} />, 'x@example.com');
    const now = Date.now();
    const cookie = encodeOutcome({ form: 'newsletter', error: 'Please enter a valid email address', values: { email: 'nope' } }, config.sessionSecret, now);
    const request = { method: 'GET', path: '/newsletter/unsubscribe', headers: { cookie: `form_outcome=${cookie}` } } as unknown as Request;
    const response = { clearCookie: () => undefined, setHeader: () => undefined, once: () => undefined } as unknown as Response;
    const page = await new Promise<string>((resolve) =>
      formOutcomes(config.siteUrl, config.sessionSecret, () => now)(request, response, () =>
        resolve(render.pageWithText('unsubscribed', meta, (text) => <UnsubscribePage email={text} />, 'x@example.com')),
      ),
    );
    expect(page).not.toBe(kept);
    expect(page).toContain('Please enter a valid email address');
  });
});
