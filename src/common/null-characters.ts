import type { RequestHandler } from 'express';
import { errorBody } from './error-body';
import { isJsonRoute } from './json-routes';

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
  if (isJsonRoute(request.path)) {
    response.json(errorBody(400, NULL_CHARACTER_MESSAGE));
  } else {
    response.type('text/plain').send(NULL_CHARACTER_MESSAGE);
  }
};

export const NESTING_MESSAGE = 'The request body is nested too deeply';
export const UNICODE_MESSAGE = 'The request contains text that is not valid Unicode';
const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** 'deep' when nested over MAX_DEPTH levels, 'ill-formed' when a string or key holds a lone surrogate. */
function problem(value: unknown, depth = 0): 'deep' | 'ill-formed' | null {
  if (typeof value === 'string') return wellFormed(value) ? null : 'ill-formed';
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return 'deep';
  for (const [key, inner] of Object.entries(value)) {
    if (!wellFormed(key)) return 'ill-formed';
    const found = problem(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No form or API body nests more than a couple of levels: a body nested dozens or thousands of levels
 * deep (valid JSON) would make the validation recurse until the stack runs out. And a JSON string may
 * carry a lone UTF-16 surrogate (`"\uD800"`), which is no character at all and breaks the validators
 * that encode text. Both are refused with a 400 before anything reads the body.
 */
export const rejectHostileBodies: RequestHandler = (request, response, next) => {
  const found = problem(request.body);
  if (!found) {
    next();
    return;
  }
  response.status(400).json(errorBody(400, found === 'deep' ? NESTING_MESSAGE : UNICODE_MESSAGE));
};
