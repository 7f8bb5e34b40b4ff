import type { RequestHandler } from 'express';
import { errorBody } from './error-body';

export const NULL_CHARACTER_MESSAGE = 'The request contains a null character, which no field may hold';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function holdsNull(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNull(inner, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000, so a null character in the URL or in a JSON or form body would
 * reach the database only to fail there. Refused up front with a 400 instead, before anything is read
 * or written.
 */
export const rejectNullCharacters: RequestHandler = (request, response, next) => {
  // `%00` anywhere: a URL with another malformed escape would not decode as a whole, yet its query
  // parameters are decoded one by one and would carry the null on.
  const url = request.originalUrl;
  if (!/%00/i.test(url) && !safeDecode(url).includes('\u0000') && !holdsNull(request.body)) {
    next();
    return;
  }
  response.status(400);
  if (request.path.startsWith('/api/')) {
    response.json(errorBody(400, NULL_CHARACTER_MESSAGE));
  } else {
    response.type('text/plain').send(NULL_CHARACTER_MESSAGE);
  }
};

export const NESTING_MESSAGE = 'The request body is nested too deeply';
const MAX_DEPTH = 32;

function tooDeep(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  return Object.values(value).some((inner) => tooDeep(inner, depth + 1));
}

/**
 * No form or API body nests more than a couple of levels. A body nested dozens or thousands of levels
 * deep (valid JSON) would make the validation recurse until the stack runs out: refused with a 400.
 */
export const rejectDeepBodies: RequestHandler = (request, response, next) => {
  if (!tooDeep(request.body)) {
    next();
    return;
  }
  response.status(400).json(errorBody(400, NESTING_MESSAGE));
};
