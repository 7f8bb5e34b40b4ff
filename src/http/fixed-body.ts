import { createRequire } from 'node:module';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';

/** The compression stage's threshold (src/app.setup.ts): a smaller answer goes as it is. */
export const COMPRESSION_THRESHOLD = 1024;

/** The Negotiator the compression stage itself asks (its own dependency), so that both choose alike. */
type EncodingNegotiator = new (request: IncomingMessage) => { encoding(available: string[], preferred?: string[]): string | undefined };
const Negotiator = createRequire(require.resolve('compression'))('negotiator') as EncodingNegotiator;
/** compression 1.8's SUPPORTED_ENCODING and PREFERRED_ENCODING. */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

/** The encoding the compression stage would choose for an Accept-Encoding header, by header (clients send a handful). */
const chosen = new Map<string, string>();
function encodingFor(request: IncomingMessage): string {
  const header = request.headers['accept-encoding'];
  // No Accept-Encoding at all: the compression stage sends it as it is (its enforceEncoding).
  if (!header) return 'identity';
  let method = chosen.get(header);
  if (method === undefined) {
    method = new Negotiator(request).encoding(SUPPORTED, PREFERRED) ?? 'identity';
    if (chosen.size >= 100) chosen.clear();
    chosen.set(header, method);
  }
  return method;
}

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/**
 * A body that is the same on every answer (a refusal's page, RenderService.fixedBody): its bytes, its
 * ETag and its compressed forms made once, so that an answer with it costs no rendering, no hashing
 * and no compression. The decoded body and the headers are the ones the compression stage gives the
 * same text sent as usual (but its length is sent rather than the body in chunks).
 */
export class FixedBody {
  readonly bytes: Buffer;
  private etag: string | false | undefined;
  private readonly encoded = new Map<string, Buffer>();

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  /** The ETag Express's send would give these bytes (the app's 'etag fn'), made once. */
  etagFor(request: Request): string | false {
    if (this.etag === undefined) {
      const etagFn = request.app.get('etag fn') as ((body: Buffer) => string) | undefined;
      this.etag = typeof etagFn === 'function' ? etagFn(this.bytes) : false;
    }
    return this.etag;
  }

  /** The bytes in `method` (br, gzip or deflate), compressed once, as small as zlib makes them. */
  encodedAs(method: string): Buffer {
    let body = this.encoded.get(method);
    if (!body) {
      body =
        method === 'br'
          ? brotliCompressSync(this.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length } })
          : method === 'gzip'
            ? gzipSync(this.bytes, { level: 9 })
            : deflateSync(this.bytes, { level: 9 });
      this.encoded.set(method, body);
    }
    return body;
  }
}

/**
 * Sends `body` as the answer: a FixedBody compressed already, as the client accepts it (the compression
 * stage lets an answer with its own Content-Encoding through), or as usual (res.send) where the
 * compression stage would not compress it (HEAD, too small, no-transform, not HTML, not accepted) or
 * for a body that is not fixed (a string: rendered for this request).
 */
export function sendBody(request: Request, response: Response, body: FixedBody | string): void {
  if (typeof body === 'string') {
    response.send(body);
    return;
  }
  const method = request.method === 'HEAD' ? 'identity' : encodingFor(request);
  if (
    method === 'identity' ||
    body.bytes.length < COMPRESSION_THRESHOLD ||
    !String(response.getHeader('Content-Type') ?? '').startsWith('text/html') ||
    NO_TRANSFORM.test(String(response.getHeader('Cache-Control') ?? ''))
  ) {
    response.send(body.text);
    return;
  }
  const etag = body.etagFor(request);
  if (etag) response.setHeader('ETag', etag);
  response.vary('Accept-Encoding');
  response.setHeader('Content-Encoding', method);
  response.send(body.encodedAs(method));
}
