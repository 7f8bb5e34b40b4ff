import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers a request on the bare Node objects, or says false to let the next listener (in the end, Express) have it. */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Puts `answer` ahead of the server's request listeners (Express): what it answers never reaches them.
 * The last one put is asked first.
 */
export function answerFirst(server: Server, answer: FirstAnswer): void {
  const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (answer(request, response)) return;
    for (const listener of listeners) listener.call(server, request, response);
  });
}
