import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers a request on the bare Node objects, or says false to let the next one (in the end, Express) have it. */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Puts `answers` ahead of the server's request listeners (Express), asked in their order: what one of them
 * answers never reaches the next, nor Express. The server is wrapped once, here (src/http/edge.ts).
 */
export function answerFirst(server: Server, answers: FirstAnswer[]): void {
  const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    for (const answer of answers) if (answer(request, response)) return;
    for (const listener of listeners) listener.call(server, request, response);
  });
}
