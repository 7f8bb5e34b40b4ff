import type { ReportCreated } from 'core/reports';
import { ApiError } from '../../lib/api';
import { dropPhotos, keptPhotos } from './report-photo-store';

/** A condition report written without a connection, kept in the browser until it can be sent (issue 45). */
export interface QueuedReport {
  siteId: number;
  /** Sent as Idempotency-Key: the server stores the report once however often it is sent. */
  key: string;
  body: Record<string, string | number>;
  /** How many photos wait with it in IndexedDB (report-photo-store.ts), and their descriptions in order. */
  photos?: number;
  photoAlt?: string[];
}

const STORAGE_KEY = 'adg:report-queue';

/** 32 random hex digits (getRandomValues works on plain http too, where randomUUID does not). */
export function newReportKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function queuedReports(): QueuedReport[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as QueuedReport[]) : [];
  } catch {
    return [];
  }
}

export function setQueuedReports(queue: QueuedReport[]): void {
  try {
    if (queue.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(queue));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, full): the report is lost with the page, as a plain form's would be.
  }
}

/** The multipart body of a report with photos: its fields, each photo and its description in order. */
function multipart(body: QueuedReport['body'], photos: { blob: Blob; name: string }[], alts: string[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, String(value));
  photos.forEach((photo, index) => {
    form.append('photoAlt', alts[index] ?? '');
    form.append('photos', photo.blob, photo.name);
  });
  return form;
}

/**
 * POSTs a report with its Idempotency-Key (JSON, or multipart with the photos given or kept in IndexedDB);
 * a refusal is an ApiError, no connection any other error. Once answered, its kept photos are dropped.
 */
export async function sendReport(entry: QueuedReport, files?: File[]): Promise<ReportCreated> {
  const photos = files ?? (entry.photos ? await keptPhotos(entry.key) : []);
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': entry.key };
  let body: BodyInit;
  if (photos.length) {
    body = multipart(
      entry.body,
      photos.map((photo) => ('blob' in photo ? photo : { blob: photo, name: photo.name })),
      entry.photoAlt ?? [],
    );
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(entry.body);
  }
  const response = await fetch(`/api/dive-sites/${entry.siteId}/reports`, { method: 'POST', credentials: 'include', headers, body });
  const text = await response.text();
  // Answered for good (taken, or refused for what it is): its kept photos are no longer needed.
  const final = response.ok || (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429);
  if (final && entry.photos) await dropPhotos(entry.key).catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return JSON.parse(text) as ReportCreated;
}
