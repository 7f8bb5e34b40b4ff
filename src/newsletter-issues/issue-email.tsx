import { renderEmailHtml, textFooter, type EmailFrame } from 'src/mail/email-layout';
import { renderBody } from 'src/rich-text/render-body';
import { trackHtmlLinks, type LinkTracker } from './issue-links';

/** A post as an issue shows it: a card with its image, title, excerpt and link. */
export interface IssueCard {
  type: 'article' | 'review';
  id: number;
  title: string;
  excerpt: string;
  url: string;
  imageUrl: string | null;
}

export interface IssueContent {
  subject: string;
  preheader: string;
  intro: string;
  cards: IssueCard[];
  /** The issue's page in the web archive. */
  archiveUrl: string | null;
}

export interface RenderedIssue {
  subject: string;
  text: string;
  html: string;
}

const link = { color: '#0e7490', fontWeight: 600 } as const;

const asItIs: LinkTracker = (url) => url;

/** Markdown to plain text for the text part: the words and the links' addresses (each through `track`), no markup. */
export function markdownToText(markdown: string, track: LinkTracker = asItIs): string {
  return markdown
    .replace(/\r\n/g, '\n')
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_whole, words: string, url: string) => `${words} (${track(url, words)})`)
    .replace(/^#{1,6}\s*/gm, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(^|\W)[*_](\S[^*_]*?)[*_](?=\W|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * An issue as an email (and as its archive page's body). The intro is the posts' markdown, rendered by the
 * posts' renderer. No tracking pixel. Each link of the issue's own (the intro's, the posts', the web
 * archive's) goes through `track`, which for the send answers the site's counted redirect
 * (issue-links.ts); the frame's links (the site's name, the footer and its unsubscribe link) are left as they are.
 */
export function renderIssueEmail(frame: EmailFrame, content: IssueContent, track: LinkTracker = asItIs): RenderedIssue {
  const issue: IssueContent = {
    ...content,
    cards: content.cards.map((card) => ({ ...card, url: track(card.url, card.title) })),
    archiveUrl: content.archiveUrl ? track(content.archiveUrl, 'Read this issue on the web') : null,
  };
  const intro = issue.intro.trim() ? trackHtmlLinks(renderBody(issue.intro), track) : '';
  const text = [
    issue.preheader,
    issue.preheader ? '' : null,
    issue.subject,
    '='.repeat(Math.min(issue.subject.length, 72)),
    '',
    intro ? markdownToText(issue.intro, track) : null,
    intro ? '' : null,
    ...issue.cards.flatMap((card) => [card.title, card.excerpt, `Read it: ${card.url}`, '']),
    issue.archiveUrl ? `Read this issue on the web: ${issue.archiveUrl}` : null,
    issue.archiveUrl ? '' : null,
    textFooter(frame),
  ]
    .filter((line): line is string => line !== null)
    .join('\n');

  const html = renderEmailHtml(
    frame,
    issue.subject,
    <>
      {issue.preheader ? (
        // Shown by mail programs beside the subject, hidden in the message itself.
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden', opacity: 0, fontSize: 1, lineHeight: '1px', color: '#ffffff' }}>{issue.preheader}</div>
      ) : null}
      <h1 style={{ margin: '0 0 16px', fontSize: 24, lineHeight: 1.3, color: '#0b2545' }}>{issue.subject}</h1>
      {intro ? <div style={{ margin: '0 0 24px' }} dangerouslySetInnerHTML={{ __html: intro }} /> : null}
      {issue.cards.map((card) => (
        <table
          key={`${card.type}-${card.id}`}
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ margin: '0 0 24px', border: '1px solid #e2e8f0', borderRadius: 10 }}
        >
          <tbody>
            {card.imageUrl ? (
              <tr>
                <td>
                  <a href={card.url}>
                    <img
                      src={card.imageUrl}
                      alt=""
                      width={542}
                      style={{ display: 'block', width: '100%', maxWidth: 542, height: 'auto', borderRadius: '10px 10px 0 0' }}
                    />
                  </a>
                </td>
              </tr>
            ) : null}
            <tr>
              <td style={{ padding: '16px 18px' }}>
                <h2 style={{ margin: '0 0 8px', fontSize: 19, lineHeight: 1.3 }}>
                  <a href={card.url} style={{ color: '#0b2545', textDecoration: 'none' }}>
                    {card.title}
                  </a>
                </h2>
                <p style={{ margin: '0 0 10px' }}>{card.excerpt}</p>
                <a href={card.url} style={link}>
                  {card.type === 'review' ? 'Read the review' : 'Read the article'}
                </a>
              </td>
            </tr>
          </tbody>
        </table>
      ))}
      {issue.archiveUrl ? (
        <p style={{ margin: 0, fontSize: 14 }}>
          <a href={issue.archiveUrl} style={link}>
            Read this issue on the web
          </a>
        </p>
      ) : null}
    </>,
  );
  return { subject: issue.subject, text, html };
}
