import type { ReportCreated } from 'core/reports';
import { ApiError } from '../../lib/api';

/** A condition report written without a connection, kept in the browser until it can be sent (issue 45). */
export interface QueuedReport {
  siteId: number;
  /** Sent as Idempotency-Key: the server stores the report once however often it is sent. */
  key: string;
  body: Record<string, string | number>;
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

/** POSTs a report with its Idempotency-Key; a refusal is an ApiError, no connection any other error. */
export async function sendReport(entry: QueuedReport): Promise<ReportCreated> {
  const response = await fetch(`/api/dive-sites/${entry.siteId}/reports`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': entry.key },
    body: JSON.stringify(entry.body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return JSON.parse(text) as ReportCreated;
}
