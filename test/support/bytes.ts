import type { Response } from 'supertest';

/**
 * A supertest parser that keeps an answer's body as its bytes (a Buffer), whatever its type says:
 * `.buffer(true).parse(asBytes)` for a CSV, an uploaded image, ...
 */
export function asBytes(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
