import type { IncomingMessage } from 'node:http';
import type { AddressPolicy } from 'src/outbound/address-policy';
import { checkedAddress, pinnedRequest, type Resolver } from 'src/outbound/pinned-request';
import type { LinkState } from 'core/api/link-health';

/** What one check of a purchase link found. */
export interface LinkCheckResult {
  state: LinkState;
  /** The last HTTP status answered (after redirects); null when none was. */
  httpStatus: number | null;
  /** Where the redirects ended, when the link redirected. */
  finalUrl: string | null;
  /** In words, for the administrator: 'answered 404', 'redirects to https://shop.example/', 'connect timeout'. */
  detail: string;
}

export interface LinkCheckOptions {
  resolve: Resolver;
  allowAddress: AddressPolicy;
  /** The longest one link's check may take, redirects included. */
  timeoutMs: number;
  /** Requests to one host are at least this far apart (issue 32: one a second). */
  perHostIntervalMs: number;
  maxRedirects: number;
  userAgent: string;
}

export const LINK_CHECK_OPTIONS = Symbol('LINK_CHECK_OPTIONS');

/** Runs one request to a host when that host's turn comes (src/link-health/host-pacer.ts). */
export type Paced = <T>(host: string, request: () => Promise<T>) => Promise<T>;

/** Statuses that say the product page is gone. */
const GONE = new Set([404, 410]);
/** Statuses a shop answers HEAD with when only GET is served. */
const NO_HEAD = new Set([400, 403, 405, 501]);

/** A URL that is a shop's front page: nothing after the host but '/' (and no query). */
function isHomePage(url: URL): boolean {
  return (url.pathname === '/' || url.pathname === '') && url.search === '';
}

/**
 * Asks purchase links whether they still lead to a product (issue 32): HEAD first (GET when a shop does not
 * answer HEAD), redirects followed by hand. A link is 'broken' when it ends in 404 or 410, 'home' when a
 * link to a product page redirects to the shop's front page (the product was taken down), 'ok' on 2xx, and
 * 'failed' when it could not be asked (no answer, another status, an address that is not public: the
 * server never connects to its own network for an administrator's URL). Every request, redirects
 * included, goes through the run's `paced`, which keeps one host's requests apart.
 */
export class LinkChecker {
  constructor(private readonly options: LinkCheckOptions) {}

  async check(link: string, paced: Paced): Promise<LinkCheckResult> {
    let current: URL;
    try {
      current = new URL(link);
    } catch {
      return { state: 'failed', httpStatus: null, finalUrl: null, detail: 'not a URL' };
    }
    const startedAtProduct = !isHomePage(current);
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        if (current.protocol !== 'http:' && current.protocol !== 'https:') return this.failed(`scheme ${current.protocol}`, null, hop ? current : null);
        const status = await this.ask(current, deadline, paced);
        if (status.location !== null) {
          if (hop >= this.options.maxRedirects) return this.failed(`more than ${this.options.maxRedirects} redirects`, status.code, current);
          current = new URL(status.location, current);
          continue;
        }
        const finalUrl = hop > 0 ? current.toString() : null;
        if (GONE.has(status.code)) return { state: 'broken', httpStatus: status.code, finalUrl, detail: `answered ${status.code}` };
        if (status.code >= 200 && status.code < 300) {
          if (hop > 0 && startedAtProduct && isHomePage(current))
            return { state: 'home', httpStatus: status.code, finalUrl, detail: `redirects to the shop's home page ${current.origin}/` };
          return { state: 'ok', httpStatus: status.code, finalUrl, detail: `answered ${status.code}` };
        }
        return this.failed(`answered ${status.code}`, status.code, finalUrl ? current : null);
      }
    } catch (error) {
      return this.failed(deadline.aborted ? 'no answer in time' : (error as Error).message, null, null);
    }
  }

  private failed(detail: string, httpStatus: number | null, finalUrl: URL | null): LinkCheckResult {
    return { state: 'failed', httpStatus, finalUrl: finalUrl?.toString() ?? null, detail };
  }

  /** One URL's status and redirect target: HEAD, then GET when HEAD is not served. */
  private async ask(url: URL, deadline: AbortSignal, paced: Paced): Promise<{ code: number; location: string | null }> {
    const pinned = await checkedAddress(url, this.options.resolve, this.options.allowAddress);
    let response: IncomingMessage | null = null;
    for (const method of ['HEAD', 'GET'] as const) {
      response = await paced(url.hostname.toLowerCase(), async () => {
        const answer = await pinnedRequest(url, pinned, {
          method,
          signal: deadline,
          connectTimeoutMs: Math.min(this.options.timeoutMs, 5_000),
          headers: { Accept: 'text/html,*/*;q=0.8', 'Accept-Encoding': 'identity', 'User-Agent': this.options.userAgent },
        });
        // Only the status line and headers matter: the body is never read.
        answer.destroy();
        return answer;
      });
      if (method === 'GET' || !NO_HEAD.has(response.statusCode ?? 0)) break;
    }
    const code = response?.statusCode ?? 0;
    const location = code >= 300 && code < 400 ? (response?.headers.location ?? null) : null;
    return { code, location };
  }
}
