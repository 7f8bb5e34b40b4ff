import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { allOf, BufferedLines, createPinoLogger, processAccessLog, requestTracking, safeUrl, useJsonLogs } from 'src/http/logging';

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

describe('the access log', () => {
  type Line = Record<string, unknown>;

  /** A server whose every answer goes through requestTracking with the access log of a logger at `level`. */
  async function serve(level: 'log' | 'error', answer: (url: string) => number) {
    const lines: string[] = [];
    useJsonLogs(createPinoLogger({ logLevel: level }, { write: (line: string) => void lines.push(line) }));
    // Each request's observer call, awaited by get() (the line is written then, after the answer has gone).
    let heard: () => void = () => undefined;
    const track = requestTracking(allOf(processAccessLog(), () => heard()));
    const server = http.createServer((request, response) =>
      track(request as never, response as never, () => {
        response.statusCode = answer(request.url!);
        response.end('ok');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      async get(path: string) {
        const finished = new Promise<void>((resolve) => (heard = resolve));
        const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
        await response.text();
        await finished;
        return { id: response.headers.get('x-request-id'), lines: lines.map((line) => JSON.parse(line) as Line) };
      },
      close() {
        server.close();
        useJsonLogs(null);
      },
    };
  }

  it('writes one line per answer with what an operator reads: time, request id, method, path, status, ms', async () => {
    const server = await serve('log', () => 200);
    try {
      const { id, lines } = await server.get('/blog/some-article?from=jane.doe%40example.com');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines).toEqual([
        {
          level: 'info',
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          service: 'australian-dive-guide',
          reqId: id,
          method: 'GET',
          url: '/blog/some-article?from=j***%40example.com',
          status: 200,
          ms: expect.any(Number),
        },
      ]);
    } finally {
      server.close();
    }
  });

  it('keeps only the failures when the level is error, and never the probes', async () => {
    const quiet = await serve('error', (url) => (url === '/broken' ? 503 : 200));
    try {
      expect((await quiet.get('/blog/fine')).lines).toEqual([]);
      expect((await quiet.get('/broken')).lines).toEqual([expect.objectContaining({ level: 'error', url: '/broken', status: 503 })]);
    } finally {
      quiet.close();
    }
    const probes = await serve('log', () => 200);
    try {
      expect((await probes.get('/healthz')).lines).toEqual([]);
    } finally {
      probes.close();
    }
  });
});

describe('the log destination (BufferedLines)', () => {
  it('holds lines until 4 KB have gathered or it is drained, and writes every one in order', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'adg-log-')), 'out.log');
    const fd = openSync(file, 'a');
    try {
      const out = new BufferedLines(fd);
      out.write('first\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readFileSync(file, 'utf8')).toBe('');
      const lines = Array.from({ length: 300 }, (_, i) => `{"line":${i},"pad":"${'x'.repeat(40)}"}\n`);
      for (const line of lines) out.write(line);
      await out.drain(2000);
      expect(readFileSync(file, 'utf8')).toBe(['first\n', ...lines].join(''));
    } finally {
      closeSync(fd);
    }
  });
});
