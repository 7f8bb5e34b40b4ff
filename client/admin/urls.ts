import { isDevelopmentUrl, mediaUrlProblem } from 'core/urls';

/**
 * SPEC section 5, 'Editor URLs': the same rule the server applies, so the warning shows before saving.
 * Local development hosts (localhost, 127.0.0.1, 0.0.0.0, *.local, Replit dev hosts...) only work on the
 * author's machine.
 */
export { isDevelopmentUrl };

export const developmentUrlWarning = (label: string) =>
  `${label} points to a local development host and will not work in published articles. Use a public URL.`;

/** Image URLs in markdown-like content (![alt](url)) that point to a local development host. */
export function developmentImagesIn(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g)) {
    if (isDevelopmentUrl(match[1])) found.push(match[1]);
  }
  return found;
}

/** The first field of `fields` whose URL is on a development host, as its warning; null when all are fine. */
export function firstDevelopmentUrl(fields: Array<[label: string, value: string | null | undefined]>): string | null {
  const bad = fields.find(([, value]) => !!value && isDevelopmentUrl(value.trim()));
  return bad ? developmentUrlWarning(bad[0]) : null;
}

/**
 * The warning under an image or video field, before anything is sent: a development host (SPEC's
 * warning) or something a browser cannot load as media (javascript:, data:, ...), as the server says it.
 */
export const mediaUrlWarning = (label: string, value: string | null | undefined) => mediaUrlProblem(label, value?.trim() ?? '');

/** The first of `fields` whose URL the server would refuse, as its warning; null when all are fine. */
export function firstMediaUrlProblem(fields: Array<[label: string, value: string | null | undefined]>): string | null {
  for (const [label, value] of fields) {
    const problem = mediaUrlWarning(label, value);
    if (problem) return problem;
  }
  return null;
}
