import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface EmailFrame {
  siteName: string;
  siteUrl: string;
  /** The one-click unsubscribe link, shown in the footer of every mail to subscribers. */
  unsubscribeUrl?: string;
}

const font = 'Helvetica, Arial, sans-serif';

/**
 * The HTML of an email: a single centred column with inline styles (mail programs drop style sheets),
 * rendered by React so that every value is escaped.
 */
export function renderEmailHtml(frame: EmailFrame, title: string, body: ReactNode): string {
  const html = renderToStaticMarkup(
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f1f5f9', fontFamily: font, color: '#334155' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: '#f1f5f9' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 600, background: '#ffffff', borderRadius: 12 }}>
                  <tbody>
                    <tr>
                      <td style={{ background: '#0b2545', padding: '20px 28px', borderRadius: '12px 12px 0 0' }}>
                        <a href={frame.siteUrl} style={{ color: '#ffffff', fontSize: 20, fontWeight: 700, textDecoration: 'none' }}>
                          {frame.siteName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 28, fontSize: 16, lineHeight: 1.6 }}>{body}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 28px 24px', fontSize: 12, lineHeight: 1.5, color: '#64748b', borderTop: '1px solid #e2e8f0' }}>
                        {frame.unsubscribeUrl ? (
                          <p style={{ margin: 0 }}>
                            You receive this email because you subscribed to the {frame.siteName} newsletter at{' '}
                            <a href={frame.siteUrl} style={{ color: '#0e7490' }}>
                              {frame.siteUrl.replace(/^https?:\/\//, '')}
                            </a>
                            .{' '}
                            <a href={frame.unsubscribeUrl} style={{ color: '#0e7490' }}>
                              Unsubscribe
                            </a>{' '}
                            with one click at any time.
                          </p>
                        ) : (
                          <p style={{ margin: 0 }}>
                            Sent by{' '}
                            <a href={frame.siteUrl} style={{ color: '#0e7490' }}>
                              {frame.siteName}
                            </a>
                            .
                          </p>
                        )}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${html}`;
}

/** The plain-text footer matching renderEmailHtml's. */
export function textFooter(frame: EmailFrame): string {
  return frame.unsubscribeUrl
    ? `--\nYou receive this email because you subscribed to the ${frame.siteName} newsletter at ${frame.siteUrl}.\nUnsubscribe with one click: ${frame.unsubscribeUrl}`
    : `--\nSent by ${frame.siteName}, ${frame.siteUrl}`;
}

/** An email's heading, in the layout's navy. */
export function EmailHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: '0 0 16px', fontSize: 24, lineHeight: 1.3, color: '#0b2545' }}>{children}</h1>;
}

/** An email's one call to action: a link drawn as a button, on a paragraph of its own. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '0 0 24px' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          background: '#0e7490',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 8,
          fontWeight: 700,
          textDecoration: 'none',
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** An email's parts: its subject, its text (`lines`, then the footer) and its HTML (`body` in the layout). */
export function emailParts(frame: EmailFrame, subject: string, lines: string[], body: ReactNode): { subject: string; text: string; html: string } {
  return { subject, text: [...lines, '', textFooter(frame)].join('\n'), html: renderEmailHtml(frame, subject, body) };
}
