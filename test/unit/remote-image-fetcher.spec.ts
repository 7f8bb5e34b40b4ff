import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpException, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { publicAddressesOnly } from 'src/outbound/address-policy';
import { REMOTE_OFF, RemoteImageFetcher, type RemoteFetchOptions, type Resolver } from 'src/images/remote-image.fetcher';

/**
 * The fetcher against real local HTTP servers. The test gives the DNS answers (never the internet) and
 * treats one loopback address, 127.0.0.2 where the "public" image host listens, as public; everything
 * else goes through the production policy.
 */
const PUBLIC_HOST = '127.0.0.2';
const testPolicy = (address: string) => address === PUBLIC_HOST || publicAddressesOnly(address);

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
interface TestServer {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function serve(host: string, handler: Handler): Promise<TestServer> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let png: Buffer;
let images: TestServer;
let internal: TestServer;
const dns: Record<string, string[]> = {};
const lookups: string[] = [];
const resolver: Resolver = async (hostname) => {
  lookups.push(hostname);
  const answers = dns[hostname];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

function fetcher(overrides: Partial<RemoteFetchOptions> = {}): RemoteImageFetcher {
  return new RemoteImageFetcher({
    resolve: resolver,
    allowAddress: testPolicy,
    allowedHosts: null,
    timeoutMs: 3_000,
    connectTimeoutMs: 1_000,
    maxBytes: 64 * 1024,
    maxRedirects: 3,
    ...overrides,
  });
}

/** The refusal a fetch ends in: its HTTP status and JSON body. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: { statusCode: number; error: string; message: string } }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() as never };
    throw error;
  }
  throw new Error('the fetch was not refused');
}

let warnings: jest.SpyInstance;

beforeAll(async () => {
  warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
  images = await serve(PUBLIC_HOST, (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/photo.png') {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end(png);
    } else if (url.pathname === '/hop') {
      const left = Number(url.searchParams.get('n'));
      response.writeHead(302, { Location: left > 0 ? `/hop?n=${left - 1}` : '/photo.png' }).end();
    } else if (url.pathname === '/to') {
      response.writeHead(301, { Location: url.searchParams.get('target') ?? '/' }).end();
    } else if (url.pathname === '/big') {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(1024 * 1024) });
      response.end(Buffer.alloc(1024 * 1024));
    } else if (url.pathname === '/endless') {
      // No Content-Length: the fetcher must count and stop reading by itself.
      response.writeHead(200, { 'Content-Type': 'image/png' });
      const chunk = Buffer.alloc(16 * 1024);
      const pump = () => {
        while (response.write(chunk));
        response.once('drain', pump);
      };
      response.on('close', () => response.removeAllListeners('drain'));
      pump();
    } else if (url.pathname === '/silent') {
      // Never answers: the overall timeout ends it.
    } else {
      response.writeHead(404).end();
    }
  });
  internal = await serve('127.0.0.1', (_request, response) => response.writeHead(200).end('secret'));
  dns['images.test'] = [PUBLIC_HOST];
  dns['internal.test'] = ['10.0.0.7'];
  dns['loopback.test'] = ['127.0.0.1'];
  dns['mixed.test'] = [PUBLIC_HOST, '192.168.0.10'];
  dns['v6-private.test'] = ['fd12:3456::1'];
  dns['metadata.test'] = ['169.254.169.254'];
});

afterAll(async () => {
  warnings?.mockRestore();
  await images?.close();
  await internal?.close();
});

beforeEach(() => {
  lookups.length = 0;
  internal.hits.length = 0;
  warnings.mockClear();
});

describe('RemoteImageFetcher', () => {
  it('fetches an image from an allowed host, connecting to the address it checked', async () => {
    // images.test exists only in the test's resolver: the bytes arriving prove the socket used that answer.
    const bytes = await fetcher().fetch(new URL(`http://images.test:${images.port}/photo.png`));
    expect(bytes.equals(png)).toBe(true);
    expect(lookups).toEqual(['images.test']);
  });

  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/`],
    ['loopback as IPv6', (port: number) => `http://[::1]:${port}/`],
    ['loopback in hex', (port: number) => `http://0x7f000001:${port}/`],
    ['loopback as one decimal', (port: number) => `http://2130706433:${port}/`],
    ['loopback shortened', (port: number) => `http://127.1:${port}/`],
    ['loopback in octal', (port: number) => `http://0177.0.0.1:${port}/`],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['IPv4-compatible loopback', (port: number) => `http://[::127.0.0.1]:${port}/`],
    ['unspecified', (port: number) => `http://0.0.0.0:${port}/`],
    ['private 10/8', () => 'http://10.1.2.3/x.png'],
    ['private 172.16/12', () => 'http://172.20.0.1/x.png'],
    ['private 192.168/16', () => 'http://192.168.1.1/x.png'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['AWS metadata over IPv6', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['unique-local IPv6', () => 'http://[fc00::1]/x.png'],
    ['link-local IPv6', () => 'http://[fe80::1]/x.png'],
    ['carrier-grade NAT', () => 'http://100.64.1.1/x.png'],
    ['a name resolving to a private address', () => 'http://internal.test/x.png'],
    ['a name resolving to loopback', (port: number) => `http://loopback.test:${port}/`],
    ['a name resolving to public and private addresses', () => `http://mixed.test/x.png`],
    ['a name resolving to a private IPv6 address', () => 'http://v6-private.test/x.png'],
    ['a name resolving to the metadata address', () => 'http://metadata.test/x.png'],
    ['a name that does not resolve', () => 'http://nowhere.test/x.png'],
    ['another scheme', () => 'ftp://images.test/x.png'],
    ['a file URL', () => 'file:///etc/passwd'],
    ['credentials in the URL', () => `http://user:pass@images.test:${images.port}/photo.png`],
  ])('refuses %s with a 400 and connects to nothing', async (_name, url) => {
    const { status, body } = await refusal(fetcher().fetch(new URL(url(internal.port))));
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'src must be a public http or https image URL', message: 'src must be a public http or https image URL' });
    expect(internal.hits).toEqual([]);
  });

  it('logs a refusal without the query string, which may carry a token', async () => {
    await refusal(fetcher().fetch(new URL('http://internal.test/x.png?token=s3cret&sig=abc')));
    expect(warnings).toHaveBeenCalledTimes(1);
    const line = String(warnings.mock.calls[0][0]);
    expect(line).toContain('http://internal.test/x.png');
    expect(line).not.toMatch(/s3cret|sig=|\?/);
  });

  it('refuses a redirect from an allowed host to a private address, loopback or a private name', async () => {
    for (const target of [
      `http://127.0.0.1:${internal.port}/`,
      `http://[::ffff:7f00:1]:${internal.port}/`,
      `http://internal.test/`,
      'http://169.254.169.254/latest/meta-data/',
      'gopher://images.test/',
    ]) {
      const { status } = await refusal(fetcher().fetch(new URL(`http://images.test:${images.port}/to?target=${encodeURIComponent(target)}`)));
      expect(status).toBe(400);
    }
    expect(internal.hits).toEqual([]);
  });

  it('follows at most 3 redirects, checking each', async () => {
    const bytes = await fetcher().fetch(new URL(`http://images.test:${images.port}/hop?n=2`));
    expect(bytes.equals(png)).toBe(true);
    expect((await refusal(fetcher().fetch(new URL(`http://images.test:${images.port}/hop?n=3`)))).status).toBe(400);
  });

  it('asks DNS once per hop, so a second, rebinding answer is never used', async () => {
    let answers = 0;
    const rebinding: Resolver = async () => (answers++ === 0 ? [{ address: PUBLIC_HOST, family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const bytes = await fetcher({ resolve: rebinding }).fetch(new URL(`http://rebind.test:${images.port}/photo.png`));
    expect(bytes.equals(png)).toBe(true);
    expect(answers).toBe(1);
  });

  it('keeps to IMAGE_REMOTE_HOSTS when it is set, before asking DNS', async () => {
    const limited = fetcher({ allowedHosts: ['images.test'] });
    expect((await limited.fetch(new URL(`http://images.test:${images.port}/photo.png`))).equals(png)).toBe(true);
    lookups.length = 0;
    expect((await refusal(limited.fetch(new URL('http://other.test/x.png')))).status).toBe(400);
    expect(lookups).toEqual([]);
  });

  it('fetches nothing at all when IMAGE_REMOTE_HOSTS is empty (its default), before asking DNS', async () => {
    lookups.length = 0;
    const off = await refusal(fetcher({ allowedHosts: [] }).fetch(new URL(`http://images.test:${images.port}/photo.png`)));
    expect(off).toEqual({ status: 400, body: { statusCode: 400, error: REMOTE_OFF, message: REMOTE_OFF } });
    expect(lookups).toEqual([]);
  });

  it('refuses a body over the size cap, declared or not, and stops reading it', async () => {
    const declared = await refusal(fetcher().fetch(new URL(`http://images.test:${images.port}/big`)));
    expect(declared.status).toBe(413);
    expect(declared.body.message).toMatch(/^src is larger than/);
    const streamed = await refusal(fetcher().fetch(new URL(`http://images.test:${images.port}/endless`)));
    expect(streamed.status).toBe(413);
  });

  it('gives up on a host that does not answer, and on one that answers an error', async () => {
    const silent = await refusal(fetcher({ timeoutMs: 1_000 }).fetch(new URL(`http://images.test:${images.port}/silent`)));
    expect(silent).toEqual({ status: 404, body: { statusCode: 404, error: 'src could not be fetched', message: 'src could not be fetched' } });
    expect((await refusal(fetcher().fetch(new URL(`http://images.test:${images.port}/missing.png`)))).status).toBe(404);
  });
});
