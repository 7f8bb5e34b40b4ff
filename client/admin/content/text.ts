/**
 * SPEC section 5: the slug the server will make from a title when the URL Slug field is left blank
 * (lowercased, punctuation removed, spaces to hyphens), shown while typing.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** The content as reading text: markdown marks, images and video lines removed. */
function readingText(content: string): string {
  return content
    .replace(/^\s*\[video\]\([^)]*\)\s*$/gim, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** SPEC section 9: the excerpt defaults to the first 150 characters of the content plus an ellipsis. */
export function autoExcerpt(content: string): string {
  const text = readingText(content);
  return text.length <= 150 ? text : `${text.slice(0, 150).trimEnd()}...`;
}
