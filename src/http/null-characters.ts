import type { RequestHandler } from 'express';
import { errorBody } from 'src/common/error-body';
import { isJsonRoute } from 'core/request-kind';

export const NULL_CHARACTER_MESSAGE = 'The request contains a null character, which no field may hold';
export const NESTING_MESSAGE = 'The request body is nested too deeply';
export const UNICODE_MESSAGE = 'The request contains text that is not valid Unicode';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * PostgreSQL text cannot hold U+0000, so a null character in the URL would reach the database only to
 * fail there. Refused up front with a 400 instead, before anything is read or written. (Bodies are
 * checked once parsed, after the route's guards: src/http/request-body.ts.)
 */
export const rejectNullCharacters: RequestHandler = (request, response, next) => {
  // `%00` anywhere: a URL with another malformed escape would not decode as a whole, yet its query
  // parameters are decoded one by one and would carry the null on.
  const url = request.originalUrl;
  if (!/%00/i.test(url) && !safeDecode(url).includes('\u0000')) {
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

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): 'null' | 'ill-formed' | null {
  if (text.includes('\u0000')) return 'null';
  return LONE_SURROGATE.test(text) ? 'ill-formed' : null;
}

/**
 * What is wrong with a parsed body, if anything: 'deep' when nested over MAX_DEPTH levels (the
 * validation would recurse until the stack runs out), 'null' when a string or key holds U+0000 (no
 * PostgreSQL text can), 'ill-formed' when one holds a lone UTF-16 surrogate (`"\uD800"`, no character
 * at all, which breaks the validators that encode text). Walks arrays by index, so a large body is
 * checked without a copy of it.
 */
export function bodyProblem(value: unknown, depth = 0): 'deep' | 'null' | 'ill-formed' | null {
  if (typeof value === 'string') return textProblem(value);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return 'deep';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = bodyProblem(value[i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const found = textProblem(key) ?? bodyProblem((value as Record<string, unknown>)[key], depth + 1);
    if (found) return found;
  }
  return null;
}
