import { safeUrl } from 'src/common/logging';

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
