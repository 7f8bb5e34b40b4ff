import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Answers a request on the bare Node objects, or says false to let the next one (in the end, Express) have it.
 * One that must wait before it knows (a render of the same page in flight, src/http/page-cache.middleware.ts)
 * says true and later either answers or hands the request on with `resume`.
 */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse, resume: (request: IncomingMessage, response: ServerResponse) => void) => boolean;

/**
 * Puts `answers` ahead of the server's request listeners (Express), asked in their order: what one of them
 * answers never reaches the next, nor Express. The server is wrapped once, here (src/http/edge.ts).
 */
export function answerFirst(server: Server, answers: FirstAnswer[]): void {
  const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const from = (start: number, request: IncomingMessage, response: ServerResponse): void => {
    for (let i = start; i < answers.length; i++) if (answers[i](request, response, resumes[i])) return;
    for (const listener of listeners) listener.call(server, request, response);
  };
  // Made once: what the answer at i calls to hand a request on to the ones after it (no closure per request).
  const resumes = answers.map((_, i) => (request: IncomingMessage, response: ServerResponse) => from(i + 1, request, response));
  server.on('request', (request: IncomingMessage, response: ServerResponse) => from(0, request, response));
}
