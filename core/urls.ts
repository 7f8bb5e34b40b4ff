/**
 * Hosts that only work on the author's machine or a development preview: an image or video there will
 * not show for visitors (SPEC section 5, 'Editor URLs'; section 9, 'Image not available').
 */
const DEVELOPMENT_HOST =
  /(^localhost$)|(\.localhost$)|(^127\.)|(^0\.0\.0\.0$)|(^\[?::1\]?$)|(^10\.)|(^192\.168\.)|(^172\.(1[6-9]|2\d|3[01])\.)|(\.local$)|(\.internal$)|(\.repl\.co$)|(\.replit\.dev$)|(\.replit\.app$)|(\.ngrok(-free)?\.(io|app|dev)$)/i;

export function isDevelopmentUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return DEVELOPMENT_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * A path on this site ('/media/...'). A browser reads '//host' and '/\\host' as another host, and control
 * characters or spaces are never part of the site's own paths.
 */
export const isSitePath = (value: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(value);

/** A URL a visitor's browser can load: absolute http(s), or a path on this site. */
export function isPublicMediaUrl(value: string): boolean {
  if (value.startsWith('/')) return isSitePath(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !isDevelopmentUrl(value);
  } catch {
    return false;
  }
}

export type VideoSource = { kind: 'iframe'; src: string } | { kind: 'file'; src: string; type: string };

const FILE_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', ogg: 'video/ogg', ogv: 'video/ogg', mov: 'video/quicktime' };

/** YouTube (watch, embed, shorts, youtu.be), Vimeo and direct video files become a player source. */
export function videoSource(value: string): VideoSource | null {
  let url: URL;
  try {
    url = new URL(value, 'https://placeholder.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const youtubeId = (id: string | null | undefined) =>
    id && /^[\w-]{6,20}$/.test(id) ? ({ kind: 'iframe', src: `https://www.youtube.com/embed/${id}` } as const) : null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') return youtubeId(url.searchParams.get('v'));
    const match = /^\/(embed|shorts|short|v|live)\/([\w-]+)/.exec(url.pathname);
    return youtubeId(match?.[2]);
  }
  if (host === 'youtu.be') return youtubeId(url.pathname.slice(1).split('/')[0]);
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /\/(?:video\/)?(\d{5,12})(?:$|[/?#])/.exec(url.pathname)?.[1];
    return id ? { kind: 'iframe', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  const extension = /\.(mp4|webm|ogg|ogv|mov)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (extension && (url.hostname === 'placeholder.invalid' || !isDevelopmentUrl(url.toString()))) {
    return { kind: 'file', src: url.hostname === 'placeholder.invalid' ? url.pathname : url.toString(), type: FILE_TYPES[extension] };
  }
  return null;
}

/** SPEC section 5, 'Editor URLs': said after the field's label, by the admin forms and the API alike. */
export const DEVELOPMENT_URL_MESSAGE = 'points to a local development host and will not work in published articles. Use a public URL.';

/**
 * Why an image or video field's value would not show for visitors, as the message the form and the API
 * give (the label first); null for an empty value, an http(s) URL on a public host or a path on this site.
 */
export function mediaUrlProblem(label: string, value: string): string | null {
  if (!value || isPublicMediaUrl(value)) return null;
  return isDevelopmentUrl(value) ? `${label} ${DEVELOPMENT_URL_MESSAGE}` : `${label} must be a valid URL`;
}
