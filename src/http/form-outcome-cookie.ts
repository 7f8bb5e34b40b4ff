import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { FormOutcome } from 'core/form-outcome';
import { isJsonRoute } from 'core/request-kind';

/** The cookie that carries a no-JavaScript post's outcome to the page it was redirected to. */
export const FORM_OUTCOME_COOKIE = 'form_outcome';
/** Long enough for the redirect to be followed; a page opened later shows nothing stale. */
const MAX_AGE_MS = 60_000;
/** Below the 4096 bytes a browser keeps per cookie, with room for its name and attributes. */
const MAX_VALUE_LENGTH = 3800;

const outcomes = new AsyncLocalStorage<FormOutcome>();
/**
 * The requests carrying an outcome now. On Node.js 20 an enabled AsyncLocalStorage hooks every promise in
 * the process, so it is enabled only while one of them is answered (run() enables it again).
 */
let carrying = 0;

function cookieOptions(siteUrl: string): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: siteUrl.startsWith('https:'), path: '/' };
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`form-outcome:${payload}`).digest('base64url').slice(0, 32);
}

/** What the cookie carries: the outcome and when it was issued (epoch milliseconds), signed together. */
interface Issued {
  outcome: FormOutcome;
  at: number;
}

/**
 * Signed, so that only this server's outcomes are shown; stamped with its issue time, so that a kept
 * copy is refused after MAX_AGE_MS whatever the browser does with the cookie; compressed, and when
 * still too long for a cookie, the longest kept value is shortened until it fits (a refused message far
 * past its limit).
 */
export function encodeOutcome(outcome: FormOutcome, secret: string, issuedAt: number): string {
  const values = { ...outcome.values };
  for (;;) {
    const issued: Issued = { outcome: { ...outcome, values }, at: issuedAt };
    const payload = deflateRawSync(JSON.stringify(issued)).toString('base64url');
    const value = `${payload}.${sign(payload, secret)}`;
    if (value.length <= MAX_VALUE_LENGTH) return value;
    const longest = Object.keys(values).reduce((a, b) => (values[a].length >= values[b].length ? a : b));
    values[longest] = values[longest].slice(0, Math.floor(values[longest].length * 0.8));
  }
}

/** The outcome, when the value is this server's and was issued less than a minute before `now`. */
export function decodeOutcome(value: string, secret: string, now: number): FormOutcome | null {
  const [payload, signature] = value.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const issued = JSON.parse(inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8')) as Partial<Issued>;
    if (typeof issued.at !== 'number' || !issued.outcome || Math.abs(now - issued.at) > MAX_AGE_MS) return null;
    return issued.outcome;
  } catch {
    return null;
  }
}

export function setOutcomeCookie(response: Response, outcome: FormOutcome, siteUrl: string, secret: string, now: number): void {
  response.cookie(FORM_OUTCOME_COOKIE, encodeOutcome(outcome, secret, now), { ...cookieOptions(siteUrl), maxAge: MAX_AGE_MS });
}

function readCookie(request: Request): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FORM_OUTCOME_COOKIE) return rest.join('=');
  }
  return null;
}

/**
 * A page request carrying an outcome: read once (the cookie is cleared in the same answer, so a reload
 * shows the plain page), and the answer is personal, so it is `no-store` and the page cache neither
 * answers nor keeps it (src/page-cache). The render reads it through currentFormOutcome().
 */
export function formOutcomes(siteUrl: string, secret: string, now: () => number): RequestHandler {
  return (request, response, next) => {
    const value = request.method === 'GET' && !isJsonRoute(request.path) ? readCookie(request) : null;
    if (value === null) return next();
    response.clearCookie(FORM_OUTCOME_COOKIE, cookieOptions(siteUrl));
    response.setHeader('Cache-Control', 'no-store');
    const outcome = decodeOutcome(value, secret, now());
    if (!outcome) return next();
    carrying++;
    response.once('close', () => {
      if (--carrying === 0) outcomes.disable();
    });
    outcomes.run(outcome, next);
  };
}

/** The outcome the page being rendered shows, if its request carried one. */
export function currentFormOutcome(): FormOutcome | undefined {
  return outcomes.getStore();
}
