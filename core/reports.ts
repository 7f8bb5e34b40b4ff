/**
 * Issue 45: divers' condition reports of a dive site (the date dived, visibility, temperature, current,
 * surge, what they saw), shared by the API, the site page and the admin's queue.
 */

export const CURRENTS = ['none', 'light', 'moderate', 'strong'] as const;
export type ReportCurrent = (typeof CURRENTS)[number];
export const SURGES = ['none', 'some', 'strong'] as const;
export type ReportSurge = (typeof SURGES)[number];

/** How far back a report may be dated, in days (today counts as day 0); older reports show as old. */
export const REPORT_MAX_AGE_DAYS = 14;
export const REPORT_COMMENT_MAX = 500;
export const REPORT_NAME_MAX = 60;
export const VISIBILITY_MAX = 60;
export const WATER_TEMPERATURE_MAX = 35;
/** Reports the site page lists before 'Older reports'. */
export const RECENT_REPORTS = 5;

/** published: shown; pending: waiting for the administrator (REPORTS_MODERATION=on); rejected: kept off the page. */
export type ReportStatus = 'pending' | 'published' | 'rejected';
export const REPORT_STATUSES: readonly ReportStatus[] = ['pending', 'published', 'rejected'];

/** The words of the form and its answers. */
export const REPORT_TEXT = {
  heading: 'Latest reports',
  formHeading: 'Report the conditions',
  published: 'Thank you. Your report is on the page.',
  pending: 'Thank you. Your report will appear once a moderator has checked it.',
  rejected: 'Report rejected',
  date: `Give the day you dived: today or up to ${REPORT_MAX_AGE_DAYS} days ago`,
  time: 'Give the time of day as HH:MM (24-hour), or leave it empty',
  visibility: `Visibility must be a whole number of metres from 0 to ${VISIBILITY_MAX}`,
  waterTemperature: `Water temperature must be from 0 to ${WATER_TEMPERATURE_MAX} °C (one decimal at most)`,
  current: `Current must be one of: ${CURRENTS.join(', ')}`,
  surge: `Surge must be one of: ${SURGES.join(', ')}`,
  comment: `Comment must be at most ${REPORT_COMMENT_MAX} characters`,
  name: `Name must be at most ${REPORT_NAME_MAX} characters`,
  noLinks: 'Links are not allowed in reports',
  nothing: 'Give at least one observation: visibility, water temperature, current, surge or a comment',
  tooMany: 'Too many reports from your network. Please wait a few minutes and try again.',
  idempotencyKey: 'Idempotency-Key must be 8 to 64 letters, digits, dashes or underscores',
  idempotencyReused: 'This Idempotency-Key was used for another report',
  none: 'No reports yet. Dived here in the last two weeks? Tell the next diver what it was like.',
  old: 'old report',
} as const;

/** A published report as the API and the page give it. */
export interface ReportResponse<T = string> {
  id: number;
  diveSiteId: number;
  /** The day dived, YYYY-MM-DD, in the site's time zone. */
  date: string;
  /** HH:MM, or null. */
  time: string | null;
  visibility: number | null;
  waterTemperature: number | null;
  current: ReportCurrent | null;
  surge: ReportSurge | null;
  comment: string | null;
  name: string | null;
  createdAt: T;
  /** Its approved photos (a site's lists; absent where a report is summarised, as on a card). */
  photos?: ReportPhotoResponse[];
}

/** A report as the administrator's queue lists it: its status and site too, and every photo with its own status. */
export interface AdminReportResponse<T = string> extends Omit<ReportResponse<T>, 'photos'> {
  status: ReportStatus;
  site: { id: number; name: string };
  photos: AdminReportPhoto[];
}

/** POST's answer: the report, and whether it is on the page already. */
export interface ReportCreated<T = string> {
  report: ReportResponse<T>;
  published: boolean;
  message: string;
}

/** Days since `date` (YYYY-MM-DD) on the calendar whose today is `today` (YYYY-MM-DD). */
export function daysBetween(date: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
}

/** 'today', 'yesterday', '3 days ago', '2 weeks ago' ... for a report's day. */
export function reportAge(date: string, today: string): string {
  const days = daysBetween(date, today);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  const months = Math.floor(days / 30);
  return months < 24 ? `${months} months ago` : `${Math.floor(days / 365)} years ago`;
}

/** Older than REPORT_MAX_AGE_DAYS: shown as old. */
export const isOldReport = (date: string, today: string): boolean => daysBetween(date, today) > REPORT_MAX_AGE_DAYS;

/** The day (YYYY-MM-DD) it is at `instant` in `zone`. */
export { dayIn } from 'core/site-time';

/** What a report measured first: 'vis 15 m', else the temperature, the current or 'report'. */
export function reportHeadline(report: Pick<ReportResponse, 'visibility' | 'waterTemperature' | 'current'>): string {
  if (report.visibility !== null) return `vis ${report.visibility} m`;
  if (report.waterTemperature !== null) return `${report.waterTemperature} °C`;
  if (report.current !== null) return `current ${report.current}`;
  return 'report';
}

/** 'vis 15 m, 2 days ago' (a card's line). */
export function reportSummary(report: Pick<ReportResponse, 'date' | 'visibility' | 'waterTemperature' | 'current'>, today: string): string {
  return `${reportHeadline(report)}, ${reportAge(report.date, today)}`;
}

/** A site's reports as an RSS feed. */
export const siteReportsFeedPath = (siteId: number) => `/dive-sites/${siteId}/reports/feed`;
/** A region's reports as an RSS feed. */
export const regionReportsFeedPath = (region: string) => `/dive-sites/reports/feed?region=${encodeURIComponent(region)}`;

/** What a site page's 'Latest reports' shows: the newest few, how many there are, and the days the form allows. */
export interface SiteReportsData {
  rows: ReportResponse[];
  total: number;
  /** The site's approved photos, newest first (the gallery). */
  gallery?: GalleryPhoto[];
  today: string;
  earliest: string;
}

/** The address of a site's every report, a page at a time (without JavaScript too). */
export const siteReportsPath = (siteId: number) => `/dive-sites/${siteId}/reports`;

/** The day a report names, 'Saturday 21 November 2026' (a calendar day: no zone to shift it). */
const REPORT_DAY = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const PHOTO_DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'UTC' });

export function reportDay(date: string): string {
  return REPORT_DAY.format(new Date(`${date}T00:00:00Z`));
}

/** The day `days` before `today` (both YYYY-MM-DD). */
export function dayBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Issue 45's photos: at most three a report, each at most 15 MB and 40 megapixels, JPEG, PNG, WebP or AVIF. */
export const REPORT_PHOTOS_MAX = 3;
export const REPORT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const REPORT_PHOTO_MAX_PIXELS = 40_000_000;
export const REPORT_PHOTO_ALT_MAX = 200;
/** What the file inputs accept (the server decides from the bytes). */
export const REPORT_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** The words of a photo's refusals (the field is `photos`; `{name}` is the file's name). */
export const REPORT_PHOTO_TEXT = {
  tooMany: `Attach at most ${REPORT_PHOTOS_MAX} photos to a report`,
  tooLarge: `Each photo must be at most ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  format: (name: string) => `${name} is not a JPEG, PNG, WebP or AVIF image`,
  mismatch: (name: string, actual: string) =>
    `${name} is named as another kind of image but is a ${actual}: give it its right extension or choose another file`,
  damaged: (name: string) => `${name} is damaged or incomplete (cut short?): choose the photo again`,
  pixels: (name: string) => `${name} is larger than ${REPORT_PHOTO_MAX_PIXELS / 1_000_000} megapixels: send a smaller copy`,
  alt: `A photo's description must be at most ${REPORT_PHOTO_ALT_MAX} characters`,
  unreadable: 'The photos could not be read. Please try again.',
  waiting: 'Photos appear once a moderator has checked them.',
  galleryHeading: 'Photos from divers',
} as const;

/** A photo's alt text when the diver gives none: 'Photo by Kim at SS Yongala, 21 November 2026'. */
export function defaultPhotoAlt(name: string | null | undefined, site: string, date: string): string {
  return `Photo by ${name?.trim() || 'a diver'} at ${site}, ${photoDay(date)}`;
}

/** '21 November 2026' (a calendar day: no zone to shift it). */
export function photoDay(date: string): string {
  return PHOTO_DAY.format(new Date(`${date}T00:00:00Z`));
}

/** processing: on the job queue; pending: ready, waiting for the administrator; approved: shown; rejected: never shown. */
export type ReportPhotoStatus = 'processing' | 'pending' | 'approved' | 'rejected';

/** A photo as the pages and the API give it: its stored image (served through /img) and its alt text. */
export interface ReportPhotoResponse {
  id: number;
  /** The processed image's path (/media/uploads/...), for /img; null while it is processed. */
  src: string | null;
  alt: string;
  width: number | null;
  height: number | null;
}

/** A photo in the administrator's queue: its status too. */
export interface AdminReportPhoto extends ReportPhotoResponse {
  status: ReportPhotoStatus;
}

/** An approved photo in a site's gallery, with its report's day and name. */
export interface GalleryPhoto extends ReportPhotoResponse {
  src: string;
  reportId: number;
  date: string;
  name: string | null;
}

/** A report feeds the forecast's outlook for this many days after the dive (today counts as day 0). */
export const REPORT_OUTLOOK_DAYS = 3;

/**
 * What the newest report says beside the forecast (issue 45): 'Reported: 15 m visibility, light current,
 * Saturday' ('today', 'yesterday', else the weekday); null when it is older than REPORT_OUTLOOK_DAYS or
 * noted neither visibility nor current.
 */
export function reportedConditions(report: Pick<ReportResponse, 'date' | 'visibility' | 'current'> | undefined, today: string): string | null {
  if (!report) return null;
  const age = daysBetween(report.date, today);
  if (age < 0 || age > REPORT_OUTLOOK_DAYS) return null;
  const facts = [
    report.visibility !== null && `${report.visibility} m visibility`,
    report.current !== null && (report.current === 'none' ? 'no current' : `${report.current} current`),
  ].filter((fact): fact is string => !!fact);
  if (!facts.length) return null;
  const day = age === 0 ? 'today' : age === 1 ? 'yesterday' : WEEKDAY.format(new Date(`${report.date}T00:00:00Z`));
  return `Reported: ${facts.join(', ')}, ${day}`;
}
