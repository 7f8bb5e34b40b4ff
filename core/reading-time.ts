/** Words a reader reads a minute, the figure reading-time estimates commonly take for prose on a screen. */
export const WORDS_PER_MINUTE = 200;

/** An article's reading time in whole minutes (at least 1) from its rendered HTML: its words, not its tags. */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** '6 min read' */
export const readingTimeText = (minutes: number) => `${minutes} min read`;
