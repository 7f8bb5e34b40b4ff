import type { SiteSource } from './fields';

/**
 * Issue 43: a site's facts carry their checks (when, what, by whom, against which published sources), and
 * dated notices with a source can cover many sites at once (an algal bloom, a bleaching, an earthquake).
 */

/** What a check may cover, as the admin screen offers it and the data file names it. */
export const CHECK_FIELDS = [
  { field: 'position', label: 'Position' },
  { field: 'depth', label: 'Depth range' },
  { field: 'skillLevel', label: 'Skill level' },
  { field: 'access', label: 'Access' },
  { field: 'hazards', label: 'Hazards' },
  { field: 'status', label: 'Status' },
  { field: 'description', label: 'Description' },
  { field: 'history', label: 'History' },
  { field: 'marineLife', label: 'Marine life' },
  { field: 'facilities', label: 'Facilities' },
  { field: 'conditions', label: 'Conditions' },
] as const;
export type CheckField = (typeof CHECK_FIELDS)[number]['field'];
export const CHECK_FIELD_NAMES: readonly string[] = CHECK_FIELDS.map((entry) => entry.field);
export const checkFieldLabel = (field: string): string => CHECK_FIELDS.find((entry) => entry.field === field)?.label ?? field;

/** Who checked: the editor, or a reader's correction the administrator accepted. */
export const CHECKERS = ['editor', 'reader'] as const;
export type Checker = (typeof CHECKERS)[number];
export const CHECKER_LABELS: Record<Checker, string> = { editor: 'the editor', reader: "a reader's correction" };

export const MAX_CHECK_SOURCES = 20;

/** A recorded check of a site's facts. */
export interface SiteCheck {
  id: number;
  siteId: number;
  /** YYYY-MM-DD */
  checkedOn: string;
  fields: string[];
  by: Checker;
  sources: SiteSource[];
}

/** A notice as a page shows it. */
export interface NoticeBrief {
  id: number;
  title: string;
  body: string;
  startsOn: string;
  endsOn: string | null;
  source: SiteSource;
}

/** A notice as the admin API answers it: with the sites it covers. */
export interface AdminNotice extends NoticeBrief {
  sites: { id: number; name: string }[];
  inForce: boolean;
}

/** One row of the administrator's 'needs checking' queue. */
export interface CheckQueueRow {
  site: { id: number; name: string; region: string };
  /** The newest check, or null when the site has none. */
  lastCheck: { checkedOn: string; fields: string[]; by: Checker } | null;
  /** Notices in force on the site. */
  notices: number;
  /** Reader corrections accepted or waiting since the newest check. */
  corrections: number;
}

/** The day (YYYY-MM-DD) as it is in `zone`. */
export { dayIn } from 'core/site-time';

/** Whether a notice is in force on `day`: started, and not ended (an open end never ends). */
export function inForce(notice: Pick<NoticeBrief, 'startsOn' | 'endsOn'>, day: string): boolean {
  return notice.startsOn <= day && (notice.endsOn === null || day <= notice.endsOn);
}

export const NOTICE_TEXT = {
  titleRequired: 'Title is required',
  bodyRequired: 'Body is required',
  startsOn: 'Starts on must be a date written YYYY-MM-DD',
  endsOn: 'Ends on must be a date written YYYY-MM-DD, on or after the start',
  sourceTitle: 'Source title is required',
  sourceUrl: 'Source must be a web address (https:// or http://)',
  sites: 'Choose at least one dive site',
  unknownSites: 'Some dive sites do not exist',
} as const;

export const CHECK_TEXT = {
  checkedOn: 'Checked on must be a date written YYYY-MM-DD, not in the future',
  fields: `Choose what was checked (${CHECK_FIELDS.map((entry) => entry.field).join(', ')})`,
  sources: `Give at least one source, at most ${MAX_CHECK_SOURCES}, each a web address (https:// or http://) with a title of at most 200 characters`,
} as const;
