import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { IMAGE_SIZES, imageSources, isIllustration } from 'core/images';
import { plainText } from 'core/text';
import type { ReviewSummary } from 'core/api/reviews';
import { isDevelopmentUrl, isPublicMediaUrl, videoSource } from 'core/urls';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function videoEmbed(href: string): string | null {
  const source = videoSource(href);
  if (!source) return null;
  if (source.kind === 'iframe') {
    return `<div class="video-embed"><iframe src="${escape(source.src)}" title="Embedded video" loading="lazy" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe></div>`;
  }
  return `<div class="video-embed"><video controls preload="metadata" playsinline><source src="${escape(source.src)}" type="${source.type}"></video></div>`;
}

/** What one render knows of its page: the illustrations already shown on it. */
interface RenderEnv {
  [key: string | symbol]: unknown;
  shown?: Set<string>;
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

// A paragraph holding only [video](url) becomes an embedded player (SPEC section 9).
markdown.core.ruler.push('video_embeds', (state) => {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [open, inline, close] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    if (open.type !== 'paragraph_open' || inline.type !== 'inline' || close.type !== 'paragraph_close') continue;
    const children = (inline.children ?? []).filter((child) => !(child.type === 'text' && child.content.trim() === ''));
    if (children.length !== 3 || children[0].type !== 'link_open' || children[2].type !== 'link_close') continue;
    if (children[1].type !== 'text' || children[1].content.trim().toLowerCase() !== 'video') continue;
    const embed = videoEmbed(String(children[0].attrGet('href') ?? ''));
    if (!embed) continue;
    const block = new state.Token('html_block', '', 0);
    block.content = embed;
    tokens.splice(i, 3, block);
  }
  return true;
});

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  // SPEC section 9: body links open in a new tab; a link to a heading on the same page stays put.
  const href = String(tokens[idx].attrGet('href') ?? '');
  if (!href.startsWith('#')) {
    tokens[idx].attrSet('target', '_blank');
    tokens[idx].attrSet('rel', /^https?:\/\//i.test(href) ? 'noopener noreferrer' : 'noopener');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

markdown.renderer.rules.image = (tokens, idx, _options, env: RenderEnv | undefined) => {
  const token = tokens[idx];
  const src = String(token.attrGet('src') ?? '');
  const alt = token.children?.map((child) => child.content).join('') ?? '';
  // One of the site's drawings already on the page (the header's, or earlier in the body) is not drawn
  // again: one wreck drawing three times in an article reads as filler (issue 47). Photos are never dropped.
  if (isIllustration(src)) {
    if (env?.shown?.has(src)) return '';
    env?.shown?.add(src);
  }
  if (!isPublicMediaUrl(src) || isDevelopmentUrl(src)) {
    return `<span class="image-unavailable" role="img" aria-label="${escape(alt)}">Image not available</span>`;
  }
  const sources = imageSources(src, { maxWidth: 1600 });
  const srcset = sources.srcSet ? ` srcset="${escape(sources.srcSet)}" sizes="${IMAGE_SIZES.column}"` : '';
  return `<img src="${escape(sources.src)}"${srcset} alt="${escape(alt)}" loading="lazy" decoding="async" width="1200" height="800" data-fallback="box">`;
};

/** What may leave the renderer: no script, no event handler, no javascript: URL, frames only from the video hosts. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'ul',
    'ol',
    'li',
    'blockquote',
    'img',
    'br',
    'hr',
    'code',
    'pre',
    'span',
    'div',
    'iframe',
    'video',
    'source',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'srcset', 'sizes', 'alt', 'loading', 'decoding', 'width', 'height', 'data-fallback'],
    span: ['class', 'role', 'aria-label'],
    div: ['class'],
    iframe: ['src', 'title', 'loading', 'allow', 'allowfullscreen', 'referrerpolicy'],
    video: ['controls', 'preload', 'playsinline'],
    source: ['src', 'type'],
    ol: ['start'],
  },
  allowedClasses: { div: ['video-embed'], span: ['image-unavailable'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
};

/** Article and review bodies (SPEC section 9) to safe HTML. */
export function renderBody(content: string, { shown = [] }: { /** Images the page already shows above the body. */ shown?: (string | null)[] } = {}): string {
  const env: RenderEnv = { shown: new Set(shown.filter((src): src is string => !!src)) };
  return sanitizeHtml(markdown.render(content ?? '', env), SANITIZE);
}

/** The '## Pros' and '## Cons' lists of a review, for its structured data. */
export function prosAndCons(content: string): { pros: string[]; cons: string[] } {
  const section = (name: string) => {
    const match = new RegExp(`^#{2,3}\\s*${name}\\b[^\\n]*\\n([\\s\\S]*?)(?=^#{1,3}\\s|$(?![\\s\\S]))`, 'im').exec(content ?? '');
    if (!match) return [];
    return match[1]
      .split('\n')
      .map((line) => /^\s*[-*]\s+(.+)$/.exec(line)?.[1])
      .filter((item): item is string => !!item)
      .map((item) => plainText(item));
  };
  return { pros: section('Pros'), cons: section('Cons') };
}

/** A section's text under its '## Heading' (up to the next heading), or null. */
function sectionText(content: string, names: string[]): string | null {
  for (const name of names) {
    const match = new RegExp(`^#{2,3}\\s*${name}\\b[^\\n]*\\n([\\s\\S]*?)(?=^#{1,3}\\s|$(?![\\s\\S]))`, 'im').exec(content ?? '');
    if (match) return match[1];
  }
  return null;
}

/** A review's verdict box (issue 47), from its own text (core/api/reviews ReviewSummary). */
export function reviewSummary(content: string): ReviewSummary {
  const { pros, cons } = prosAndCons(content);
  const suitsText = sectionText(content, ['Who it suits', 'Who is it for']);
  const sentences = suitsText ? (plainText(suitsText).match(/[^.!?]+[.!?]+(\s|$)/g) ?? []).map((sentence) => sentence.trim()) : [];
  const suits = sentences.find((sentence) => /\b(suits?|aimed|for (you|divers|anyone)|if you)\b/i.test(sentence)) ?? sentences[0] ?? null;
  const list = sectionText(content, ['Key features', 'What you get', 'What stands out', 'Features']);
  const features = (list ?? '')
    .split('\n')
    .map((line) => /^\s*[-*]\s+(.+)$/.exec(line)?.[1])
    .filter((item): item is string => !!item)
    .map((item) => {
      const lead = /^\*\*(.+?)\*\*\s*(.*)$/.exec(item);
      if (!lead) return { name: null, detail: plainText(item) };
      const name = plainText(lead[1]).replace(/[.:]$/, '');
      return lead[2] ? { name, detail: plainText(lead[2]) } : { name: null, detail: name };
    });
  return { suits, pros: pros.slice(0, 3), cons: cons.slice(0, 3), features };
}
