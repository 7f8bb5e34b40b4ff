import { EmailButton, EmailHeading, emailParts, type EmailFrame } from 'src/mail/email-layout';
import type { GuideContent } from 'src/guide/guide-content';

export interface WelcomeEmailInput extends EmailFrame {
  unsubscribeUrl: string;
  guide: GuideContent;
  guideUrl: string;
}

const link = { color: '#0e7490', fontWeight: 600 } as const;

/** The welcome email: what to expect, the free guide (attached and linked), and the unsubscribe link. */
export interface WelcomeEmail {
  subject: string;
  text: string;
  html: string;
}

export function welcomeEmail(input: WelcomeEmailInput): WelcomeEmail {
  const { siteName, siteUrl, guide, guideUrl } = input;
  const subject = `Welcome to ${siteName}: your free guide, ${guide.title}`;
  return emailParts(
    input,
    subject,
    [
      `Welcome to the ${siteName} newsletter!`,
      '',
      `Thanks for subscribing. As promised, your free guide "${guide.title}" is attached to this email as a PDF. You can also download it at any time:`,
      guideUrl,
      '',
      'Inside you will find:',
      ...guide.items.map((item, i) => `${i + 1}. ${item.name}`),
      '',
      'About twice a month we will send you new dive-site guides, honest gear reviews and safety tips for diving in Australia and the Pacific. No spam, and we never share your address.',
      '',
      `Explore 244+ dive sites: ${siteUrl}/dive-sites`,
      `Read the latest gear reviews: ${siteUrl}/gear-reviews`,
      `Past issues of the newsletter: ${siteUrl}/newsletter/issues`,
      '',
      'Safe diving,',
      `The ${siteName} team`,
    ],
    <>
      <EmailHeading>Welcome to the {siteName} newsletter!</EmailHeading>
      <p style={{ margin: '0 0 16px' }}>
        Thanks for subscribing. As promised, your free guide <strong>{guide.title}</strong> is attached to this email as a PDF.
      </p>
      <EmailButton href={guideUrl}>Download the free PDF guide</EmailButton>
      <p style={{ margin: '0 0 8px', fontWeight: 700, color: '#0b2545' }}>Inside you will find:</p>
      <ol style={{ margin: '0 0 20px', paddingLeft: 22 }}>
        {guide.items.map((item) => (
          <li key={item.name} style={{ margin: '0 0 4px' }}>
            {item.name}
          </li>
        ))}
      </ol>
      <p style={{ margin: '0 0 16px' }}>
        About twice a month we will send you new dive-site guides, honest gear reviews and safety tips for diving in Australia and the Pacific. No spam, and we
        never share your address.
      </p>
      <p style={{ margin: '0 0 16px' }}>
        <a href={`${siteUrl}/dive-sites`} style={link}>
          Explore 244+ dive sites
        </a>{' '}
        ·{' '}
        <a href={`${siteUrl}/gear-reviews`} style={link}>
          Read the latest gear reviews
        </a>{' '}
        ·{' '}
        <a href={`${siteUrl}/newsletter/issues`} style={link}>
          Past issues
        </a>
      </p>
      <p style={{ margin: 0 }}>
        Safe diving,
        <br />
        The {siteName} team
      </p>
    </>,
  );
}
