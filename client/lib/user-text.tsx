import type { TextLink } from 'core/text-links';

/**
 * A visitor's text (a comment, a rating comment), escaped as text, with the web links the server found
 * in it made into links that search engines do not credit: `rel="ugc nofollow"`, in a new tab.
 */
export function UserText({ text, links }: { text: string; links?: TextLink[] }) {
  if (!links?.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const link of links) {
    if (link.start < at || link.end > text.length || link.end <= link.start || !/^https?:\/\//.test(link.href)) continue;
    if (link.start > at) parts.push(text.slice(at, link.start));
    parts.push(
      <a
        key={link.start}
        href={link.href}
        target="_blank"
        rel="ugc nofollow noopener noreferrer"
        className="break-words font-medium text-cyan-800 underline hover:text-cyan-900"
      >
        {text.slice(link.start, link.end)}
      </a>,
    );
    at = link.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
