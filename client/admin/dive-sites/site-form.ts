import type { DiveSiteResponse } from 'core/api/dive-sites';
import type { CompassPoint } from 'core/outlook/compass';
import { textsOrEmpty, textsOrNull } from '../form-text';
import { firstMediaUrlProblem } from '../urls';

export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** The dive-site form of the create and edit dialogs (SPEC section 2, dive-site administration). */
export interface SiteForm {
  name: string;
  region: string;
  latitude: string;
  longitude: string;
  description: string;
  skillLevel: string;
  depthRange: string;
  waterTemp: string;
  visibility: string;
  bestTime: string;
  marineLife: string;
  hazards: string;
  facilities: string;
  imageUrl: string;
  videoUrl: string;
  videoThumbnail: string;
  reviewLink: string;
  featured: boolean;
  kind: string;
  access: string;
  status: string;
  statusNote: string;
  statusSince: string;
  statusSource: string;
  /** One source a line: its address, or 'Title | address'. */
  sources: string;
  /** A tide station id, 'none', or empty for the nearest (issue 46). */
  tideStation: string;
  /** Issue 46: the exposure profile (ExposureFields); null: not profiled. */
  swellExposure: CompassPoint[] | null;
  onshoreWinds: CompassPoint[] | null;
}

export const EMPTY_SITE_FORM: SiteForm = {
  name: '',
  region: '',
  latitude: '',
  longitude: '',
  description: '',
  skillLevel: 'Beginner',
  depthRange: '',
  waterTemp: '',
  visibility: '',
  bestTime: '',
  marineLife: '',
  hazards: '',
  facilities: '',
  imageUrl: '',
  videoUrl: '',
  videoThumbnail: '',
  reviewLink: '',
  featured: false,
  kind: 'other',
  access: 'both',
  status: 'open',
  statusNote: '',
  statusSince: '',
  statusSource: '',
  sources: '',
  tideStation: '',
  swellExposure: null,
  onshoreWinds: null,
};

/** The site's optional text: '' in the form where the site has none, null in the payload where left blank. */
const SITE_OPTIONAL_TEXT = [
  'visibility',
  'bestTime',
  'marineLife',
  'hazards',
  'facilities',
  'imageUrl',
  'videoUrl',
  'videoThumbnail',
  'reviewLink',
  'statusNote',
  'statusSince',
  'statusSource',
  'tideStation',
] as const;

export function siteToForm(site: DiveSiteResponse): SiteForm {
  return {
    name: site.name,
    region: site.region,
    latitude: String(site.latitude ?? ''),
    longitude: String(site.longitude ?? ''),
    description: site.description,
    skillLevel: site.skillLevel,
    depthRange: site.depthRange,
    waterTemp: site.waterTemp,
    ...textsOrEmpty(site, SITE_OPTIONAL_TEXT),
    featured: site.featured,
    kind: site.kind,
    access: site.access,
    status: site.status,
    sources: site.sources.map((source) => `${source.title} | ${source.url}`).join('\n'),
    swellExposure: site.swellExposure ?? null,
    onshoreWinds: site.onshoreWinds ?? null,
  };
}

/** The sources field's lines as the API takes them: 'Title | address', or the address alone (titled by its host). */
export function parseSources(text: string): (string | { title: string; url: string })[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.lastIndexOf(' | ');
      return bar < 0 ? line : { title: line.slice(0, bar).trim(), url: line.slice(bar + 3).trim() };
    });
}

/** The required text fields of the site form, by name, with their labels. */
const SITE_REQUIRED = [
  ['name', 'Site Name'],
  ['region', 'Region'],
  ['description', 'Description'],
  ['depthRange', 'Depth Range'],
  ['waterTemp', 'Water Temperature'],
] as const;

/** 'Latitude must be between -90 and 90' (the server's words), or null for a number in range. */
function coordinateProblem(value: string, label: string, limit: number): string | null {
  if (!value.trim()) return `${label} is required.`;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? null : `${label} must be between -${limit} and ${limit}.`;
}

/**
 * Each field that stops the site's save, by the field's name, with its message under it (issue 44): the
 * required fields left empty and coordinates out of range. Empty when the form can be sent.
 */
export function siteFieldProblems(form: SiteForm): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, label] of SITE_REQUIRED) if (!form[field].trim()) problems[field] = `${label} is required.`;
  const latitude = coordinateProblem(form.latitude, 'Latitude', 90);
  const longitude = coordinateProblem(form.longitude, 'Longitude', 180);
  if (latitude) problems.latitude = latitude;
  if (longitude) problems.longitude = longitude;
  return problems;
}

export const siteUrlProblem = (form: SiteForm) =>
  firstMediaUrlProblem([
    ['Image URL', form.imageUrl],
    ['Video URL', form.videoUrl],
    ['Video Thumbnail URL', form.videoThumbnail],
  ]);

/**
 * The body of POST /api/dive-sites and PUT /api/dive-sites/{id}: coordinates as numbers, optional
 * fields null when empty (PUT replaces the whole site, so an emptied field is cleared).
 */
export function sitePayload(form: SiteForm) {
  return {
    name: form.name.trim(),
    region: form.region.trim(),
    latitude: Number(form.latitude),
    longitude: Number(form.longitude),
    description: form.description.trim(),
    skillLevel: form.skillLevel,
    depthRange: form.depthRange.trim(),
    waterTemp: form.waterTemp.trim(),
    ...textsOrNull(form, SITE_OPTIONAL_TEXT),
    featured: form.featured,
    kind: form.kind,
    access: form.access,
    status: form.status,
    sources: parseSources(form.sources),
    swellExposure: form.swellExposure,
    onshoreWinds: form.onshoreWinds,
  };
}

/** SPEC section 9: sites sorted by name. */
export const byName = (a: DiveSiteResponse, b: DiveSiteResponse) => a.name.localeCompare(b.name, 'en-AU');

/** 'All regions' plus the distinct regions found, sorted alphabetically. */
export const regionsOf = (sites: DiveSiteResponse[]) => [...new Set(sites.map((site) => site.region))].sort((a, b) => a.localeCompare(b, 'en-AU'));
