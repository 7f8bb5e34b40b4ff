import { errorBody } from 'src/common/error-body';
import type { FirstAnswer } from './answer-first';

/**
 * Once SIGTERM has arrived (`closing()` says so, src/main.ts), a request on a connection still open is
 * refused (503, Connection: close) while the ones already in flight finish. Asked before anything else,
 * the page cache's hits included.
 */
export function draining(closing: () => boolean): FirstAnswer {
  return (_request, response) => {
    if (!closing()) return false;
    response.writeHead(503, { Connection: 'close', 'Retry-After': '5', 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(errorBody(503, 'Service temporarily unavailable')));
    return true;
  };
}
