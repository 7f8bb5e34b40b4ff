import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPinoLogger, requestLogging, safeUrl, successLogging, useJsonLogs } from 'src/common/logging';

describe('safeUrl (the request log line)', () => {
  it("keeps only a remote image source's origin and path: its query and credentials may be tokens", () => {
    const logged = safeUrl(`/img?src=${encodeURIComponent('https://user:secret@cdn.example.com/a/photo.jpg?sig=abc123&exp=9')}&w=400`);
    expect(logged).not.toMatch(/abc123|secret|user/);
    expect(new URLSearchParams(logged.split('?')[1]).get('src')).toBe('https://cdn.example.com/a/photo.jpg?[Redacted]');
    expect(logged).toMatch(/w=400$/);
  });

  it('leaves a site path and a plain remote URL as they are', () => {
    expect(safeUrl('/img?src=%2Fmedia%2Fscene-kelp.svg&w=800')).toBe('/img?src=%2Fmedia%2Fscene-kelp.svg&w=800');
    expect(new URLSearchParams(safeUrl(`/img?src=${encodeURIComponent('https://cdn.example.com/p.jpg')}&w=400`).split('?')[1]).get('src')).toBe(
      'https://cdn.example.com/p.jpg',
    );
  });

  it('redacts a source that is not a URL at all, and still masks emails elsewhere', () => {
    expect(safeUrl('/img?src=jane%40example.com%20x&w=400')).toBe('/img?src=%5BRedacted%5D&w=400');
    expect(safeUrl('/api/newsletter?email=jane.doe%40example.com')).toBe('/api/newsletter?email=j***%40example.com');
  });
});

describe('successLogging (the page cache hits)', () => {
  async function serve(level: 'log' | 'error') {
    const lines: string[] = [];
    useJsonLogs(createPinoLogger({ logLevel: level }, { write: (line: string) => void lines.push(line) }));
    const logging = successLogging(requestLogging());
    let setBeforeAnswer: string[] = [];
    // As a page cache hit answers: the id it is given goes out with the other headers, in one writeHead of
    // one flat array (also after pino-http has set the id on the answer itself).
    const server = http.createServer((request, response) => {
      const id = logging(request, response);
      setBeforeAnswer = response.getHeaderNames();
      response.writeHead(200, ['Content-Type', 'text/plain', 'X-Page-Cache', 'hit', ...(id ? ['X-Request-Id', id] : [])]);
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/blog/some-article`);
      await response.text();
      // pino-http writes its line once the answer has finished.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return {
        id: response.headers.get('x-request-id'),
        cache: response.headers.get('x-page-cache'),
        setBeforeAnswer,
        lines: lines.map((line) => JSON.parse(line) as { req?: { id: string; url: string }; res?: { statusCode: number } }),
      };
    } finally {
      server.close();
      useJsonLogs(null);
    }
  }

  it('writes the request line with its id while info lines are kept', async () => {
    const { id, cache, lines } = await serve('log');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cache).toBe('hit');
    expect(lines).toEqual([expect.objectContaining({ req: expect.objectContaining({ id, url: '/blog/some-article' }), res: { statusCode: 200 } })]);
  });

  it('only gives the request its id when the log keeps errors alone, setting nothing on the answer before its headers', async () => {
    const { id, cache, lines, setBeforeAnswer } = await serve('error');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cache).toBe('hit');
    expect(setBeforeAnswer).toEqual([]);
    expect(lines).toEqual([]);
  });
});
