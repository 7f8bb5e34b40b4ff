import { renderEmailHtml, textFooter, type EmailFrame } from 'src/mail/email-layout';
import type { Contact } from './contact.entity';

/** The notification the team receives for a contact message; replying answers the visitor. */
export function contactEmail(frame: EmailFrame, contact: Contact): { subject: string; text: string; html: string } {
  const subject = `[Contact] ${contact.subject}`;
  const text = [
    `New message from the contact form of ${frame.siteName}.`,
    '',
    `From: ${contact.name} <${contact.email}>`,
    `Subject: ${contact.subject}`,
    '',
    contact.message,
    '',
    'Reply to this email to answer the sender.',
    '',
    textFooter(frame),
  ].join('\n');
  const html = renderEmailHtml(
    frame,
    subject,
    <>
      <p style={{ margin: '0 0 16px' }}>New message from the contact form of {frame.siteName}.</p>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px', fontSize: 14 }}>
        <tbody>
          <tr>
            <td style={{ padding: '2px 12px 2px 0', fontWeight: 700 }}>From</td>
            <td>
              {contact.name} &lt;<a href={`mailto:${contact.email}`}>{contact.email}</a>&gt;
            </td>
          </tr>
          <tr>
            <td style={{ padding: '2px 12px 2px 0', fontWeight: 700 }}>Subject</td>
            <td>{contact.subject}</td>
          </tr>
        </tbody>
      </table>
      <div style={{ whiteSpace: 'pre-wrap', padding: 16, background: '#f8fafc', borderRadius: 8 }}>{contact.message}</div>
      <p style={{ margin: '16px 0 0', fontSize: 14, color: '#64748b' }}>Reply to this email to answer the sender.</p>
    </>,
  );
  return { subject, text, html };
}
