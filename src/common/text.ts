import { plainText } from 'src/rich-text/render-body';

/** SPEC section 5: lowercased, punctuation removed, spaces to hyphens. Accents fold to their letter. */
export function slugFromTitle(title: string): string {
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

/** SPEC section 9: the first 150 characters of the content plus an ellipsis. */
export function autoExcerpt(content: string): string {
  const text = plainText(content);
  return text.length <= 150 ? text : `${text.slice(0, 150).trimEnd()}...`;
}

/** SPEC section 9: the excerpt (whole, unless unreasonably long), falling back to the first 160 characters of the content. */
export function metaDescription(preferred: string | null | undefined, content: string): string {
  const chosen = (preferred ?? '').trim();
  if (chosen) return chosen.length <= 300 ? chosen : `${chosen.slice(0, 297).trimEnd()}...`;
  return plainText(content).slice(0, 160).trimEnd();
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });

/** Dates in Australian English, e.g. '4 July 2025'. */
export function formatDateAu(date: Date | string | null | undefined): string {
  if (!date) return '';
  return dateFormat.format(typeof date === 'string' ? new Date(date) : date);
}
