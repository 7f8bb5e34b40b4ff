import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from 'src/outbound/address-policy';

/** One address a host name resolved to, as dns.lookup with `all` gives them. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name's addresses, as dns.lookup with `all` gives them. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (what the socket would ask), every address it knows. */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The address to connect to for a URL's host, once every address the name resolves to passes the policy
 * (a name mixing public and private answers is a rebinding attempt). Throws an Error naming the reason.
 * The URL parser has already normalised 0x7f000001, 127.1 and the like to dotted form.
 */
export async function checkedAddress(url: URL, resolve: Resolver, allowAddress: AddressPolicy): Promise<ResolvedAddress> {
  const hostname = url.hostname.toLowerCase();
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : /^[\d.]+$/.test(hostname) ? hostname : null;
  let addresses: ResolvedAddress[];
  if (literal !== null) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new Error('host does not resolve');
    }
  }
  if (addresses.length === 0) throw new Error('host does not resolve');
  const refused = addresses.find(({ address }) => !allowAddress(address));
  if (refused) throw new Error(`address ${refused.address} is not public`);
  return addresses[0];
}

export interface PinnedRequestOptions {
  method?: 'GET' | 'HEAD';
  headers: OutgoingHttpHeaders;
  /** Aborts the whole exchange (headers and body). */
  signal: AbortSignal;
  /** The longest the connection (TLS included) may take to open. */
  connectTimeoutMs: number;
}

/**
 * One request to a URL, connected to an address already checked (the socket's lookup is pinned, so a
 * second, rebinding DNS answer is never asked for); resolves with the response once its headers arrive.
 */
export function pinnedRequest(url: URL, pinned: ResolvedAddress, options: PinnedRequestOptions): Promise<IncomingMessage> {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: options.method ?? 'GET', lookup, signal: options.signal, agent: false, headers: options.headers });
    const connectTimer = setTimeout(() => request.destroy(new Error('connect timeout')), options.connectTimeoutMs);
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    request.on('response', (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    request.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.end();
  });
}
