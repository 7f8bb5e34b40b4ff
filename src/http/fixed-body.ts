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

/**
 * The encoding the compression stage would choose for an Accept-Encoding header, by header (clients send a
 * handful): also what a page cache hit is sent in (src/http/page-cache.middleware.ts), so that a hit and the
 * render before it choose alike ('gzip, deflate, br', as browsers send it: brotli for both).
 */
const chosen = new Map<string, string>();
export function encodingFor(request: IncomingMessage): string {
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

/** `bytes` in `method` (br, gzip or deflate) in one call: brotli at `brotliQuality`, the others at `zlibLevel`. */
export function compressed(bytes: Buffer, method: string, brotliQuality: number, zlibLevel: number = constants.Z_DEFAULT_COMPRESSION): Buffer {
  if (method === 'br')
    return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  return method === 'gzip' ? gzipSync(bytes, { level: zlibLevel }) : deflateSync(bytes, { level: zlibLevel });
}

/**
 * A whole body, known before anything is sent. A FixedBody is the same on every answer (a refusal's page,
 * RenderService.fixedBody): its bytes, its ETag and its compressed forms are made once and kept, at
 * zlib's best, so that an answer with it costs no rendering, no hashing and no compression. One made for
 * a single answer (sendBody with a string) is compressed in one call at the compression stage's quality,
 * without the stage's stream (its set-up, events and thread-pool hop cost about half as much again as the
 * compressing itself for an 11 KB page at brotli's quality 4: 0.36 ms against 0.24 ms). Either way the
 * decoded body and the headers are the ones the compression stage gives the same text sent as usual,
 * but the length is sent rather than the body in chunks.
 */
export class FixedBody {
  readonly bytes: Buffer;
  private etag: string | false | undefined;
  private readonly encoded = new Map<string, Buffer>();

  constructor(
    readonly text: string,
    private readonly kept = true,
  ) {
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

  /** The bytes in `method` (br, gzip or deflate), compressed once. */
  encodedAs(method: string): Buffer {
    let body = this.encoded.get(method);
    if (!body) {
      // Kept: zlib's best. For one answer: the compression stage's own (brotli 4, zlib's default).
      body = this.kept ? compressed(this.bytes, method, 11, 9) : compressed(this.bytes, method, 4);
      if (this.kept) this.encoded.set(method, body);
    }
    return body;
  }
}

/**
 * Sends `body` as the answer, whole: compressed already as the client accepts it (the compression stage
 * lets an answer with its own Content-Encoding through), or as usual (res.send) where the compression
 * stage would not compress it (HEAD, too small, no-transform, not HTML, not accepted). A FixedBody is
 * sent as it was kept; a string (a page rendered for this answer) is compressed here in one call.
 */
export function sendBody(request: Request, response: Response, body: FixedBody | string): void {
  const text = typeof body === 'string' ? body : body.text;
  const method = request.method === 'HEAD' ? 'identity' : encodingFor(request);
  if (
    method === 'identity' ||
    (typeof body === 'string' ? Buffer.byteLength(text, 'utf8') : body.bytes.length) < COMPRESSION_THRESHOLD ||
    !String(response.getHeader('Content-Type') ?? '').startsWith('text/html') ||
    NO_TRANSFORM.test(String(response.getHeader('Cache-Control') ?? ''))
  ) {
    response.send(text);
    return;
  }
  const whole = typeof body === 'string' ? new FixedBody(body, false) : body;
  const etag = whole.etagFor(request);
  if (etag) response.setHeader('ETag', etag);
  response.vary('Accept-Encoding');
  response.setHeader('Content-Encoding', method);
  response.send(whole.encodedAs(method));
}
