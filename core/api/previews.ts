/** Draft preview and share links (issue 32). */

/** The kinds of post that have a preview: the admin API's path segment and the preview page's. */
export const PREVIEW_KINDS = ['articles', 'reviews'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** Days a share link lasts unless the administrator asks for another length, and the most it may. */
export const SHARE_LINK_DEFAULT_DAYS = 7;
export const SHARE_LINK_MAX_DAYS = 30;

/** The preview page of a post: an administrator's session opens it, or a share link's `share` token. */
export const previewPath = (kind: PreviewKind, id: number) => `/preview/${kind}/${id}`;

export interface ShareLinkResponse {
  id: string;
  /** The whole link to send a colleague (the site's address, the post's preview, the signed token). */
  url: string;
  expiresAt: string;
  createdAt: string;
}
