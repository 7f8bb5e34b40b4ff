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
  if (!safeDecode(request.originalUrl).includes('\u0000') && !holdsNull(request.body)) {
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
