/** Metadata key of @AdminOnly()'s options, read by the admin guard and interceptors. */
export const ADMIN_ONLY_OPTIONS = 'adg:admin-only';

export interface AdminOnlyOptions {
  /** The audit action; by default derived from the method and route ('create_article', 'GET /api/...'). */
  action?: string;
  /**
   * For status reads the dashboard polls (session status, security figures): not audited, and not
   * counted as activity, or an open dashboard would never reach the inactivity limit.
   */
  passive?: boolean;
  /** false for writes that change no content (session refresh): they do not start the 1-hour limit. */
  writesContent?: boolean;
}
