import type { IncomingMessage } from 'node:http';
import { BadRequestException, HttpException, Inject, Injectable, Logger, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { errorBody } from 'src/common/error-body';
import type { AddressPolicy } from 'src/outbound/address-policy';
import { checkedAddress, pinnedRequest, type ResolvedAddress, type Resolver } from 'src/outbound/pinned-request';

export { systemResolver, type Resolver } from 'src/outbound/pinned-request';

export interface RemoteFetchOptions {
  resolve: Resolver;
  allowAddress: AddressPolicy;
  /**
   * Lower-case host names (IMAGE_REMOTE_HOSTS): empty, no remote image at all. null allows any host whose
   * addresses pass `allowAddress`: only tests of the address rules use it, the configuration never does.
   */
  allowedHosts: string[] | null;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const REMOTE_FETCH_OPTIONS = Symbol('REMOTE_FETCH_OPTIONS');

const REFUSED = 'src must be a public http or https image URL';
/** IMAGE_REMOTE_HOSTS is empty (its default): the site's own media only. */
export const REMOTE_OFF = 'src must be a /media/ path: this site takes no remote images';
/** A host IMAGE_REMOTE_HOSTS does not name. */
export const HOST_NOT_ALLOWED = 'src must be a /media/ path or an image on a host this site takes images from';
const UNREACHABLE = 'src could not be fetched';

/** A URL fit for a log line: no credentials and no query string (which may carry tokens). */
export function loggableUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

class Refusal extends BadRequestException {
  constructor(
    readonly reason: string,
    message = REFUSED,
  ) {
    super(errorBody(400, message));
  }
}

/**
 * Fetches remote images without letting a visitor reach the server's own network (SSRF): only http and
 * https, only allowed hosts, every address the name resolves to checked by the policy, and the
 * connection made to that checked address (the socket's lookup is pinned, so a second, rebinding DNS
 * answer is never asked for). Redirects are followed by hand, each target checked the same way; the
 * body is cut off past the size cap and the whole exchange past the timeout.
 */
@Injectable()
export class RemoteImageFetcher {
  private readonly logger = new Logger('Images');

  constructor(@Inject(REMOTE_FETCH_OPTIONS) private readonly options: RemoteFetchOptions) {}

  async fetch(url: URL): Promise<Buffer> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    let current = url;
    try {
      for (let hop = 0; ; hop++) {
        const address = await this.check(current);
        const response = await this.request(current, address, deadline);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.destroy();
          if (hop >= this.options.maxRedirects) throw new Refusal(`more than ${this.options.maxRedirects} redirects`);
          current = this.redirectTarget(current, response.headers.location);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new NotFoundException(errorBody(404, UNREACHABLE));
        }
        return await this.body(response, deadline);
      }
    } catch (error) {
      if (error instanceof Refusal) {
        this.logger.warn(`Remote image refused: ${loggableUrl(current)} (${error.reason})`);
        throw error;
      }
      if (error instanceof HttpException) throw error;
      this.logger.warn(`Remote image unreachable: ${loggableUrl(current)} (${(error as Error).message})`);
      throw new NotFoundException(errorBody(404, UNREACHABLE));
    }
  }

  private redirectTarget(from: URL, location: string): URL {
    try {
      return new URL(location, from);
    } catch {
      throw new Refusal('unreadable redirect');
    }
  }

  /** The address to connect to, after every rule. */
  private async check(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refusal(`scheme ${url.protocol}`);
    if (url.username || url.password) throw new Refusal('credentials in URL');
    const hostname = url.hostname.toLowerCase();
    const { allowedHosts } = this.options;
    if (allowedHosts?.length === 0) throw new Refusal('IMAGE_REMOTE_HOSTS is empty', REMOTE_OFF);
    if (allowedHosts && !allowedHosts.includes(hostname)) throw new Refusal('host not in IMAGE_REMOTE_HOSTS', HOST_NOT_ALLOWED);
    try {
      return await checkedAddress(url, this.options.resolve, this.options.allowAddress);
    } catch (error) {
      throw new Refusal((error as Error).message);
    }
  }

  private request(url: URL, pinned: ResolvedAddress, deadline: AbortSignal): Promise<IncomingMessage> {
    return pinnedRequest(url, pinned, {
      signal: deadline,
      connectTimeoutMs: this.options.connectTimeoutMs,
      headers: {
        Accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
        'Accept-Encoding': 'identity',
        'User-Agent': 'AustralianDiveGuide-ImageProxy/1.0',
      },
    });
  }

  private body(response: IncomingMessage, deadline: AbortSignal): Promise<Buffer> {
    const { maxBytes } = this.options;
    const declared = Number(response.headers['content-length']);
    const tooLarge = () => new PayloadTooLargeException(errorBody(413, `src is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      return Promise.reject(tooLarge());
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const abort = () => response.destroy(new Error('timeout'));
      deadline.addEventListener('abort', abort, { once: true });
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          // Stop reading at once: the rest is never buffered.
          response.destroy();
          deadline.removeEventListener('abort', abort);
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        deadline.removeEventListener('abort', abort);
        resolve(Buffer.concat(chunks, size));
      });
      response.on('error', (error) => {
        deadline.removeEventListener('abort', abort);
        reject(error);
      });
      response.on('close', () => {
        if (!response.complete) reject(new Error('connection closed early'));
      });
    });
  }
}
