import { imageSources, singleImageUrl } from 'core/images';

describe("imageSources (the pages' srcset over GET /img)", () => {
  it("offers SPEC's widths of a raster image through the endpoint", () => {
    const { src, srcSet } = imageSources('/media/uploads/abc.png');
    expect(src).toBe('/img?src=%2Fmedia%2Fuploads%2Fabc.png&w=800');
    expect(srcSet?.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['400w', '600w', '800w', '1200w', '1600w']);
  });

  it('stops at the widest width the layout needs', () => {
    expect(imageSources('https://cdn.example.com/a.jpg', { maxWidth: 1200 }).srcSet).not.toMatch(/1600w/);
  });

  it('asks for the review crop at quality 85, 1200 wide without srcset support', () => {
    const { src, srcSet } = imageSources('https://cdn.example.com/a.jpg', { review: true });
    expect(src).toBe(`/img?src=${encodeURIComponent('https://cdn.example.com/a.jpg')}&w=1200&q=85&fit=review`);
    expect(srcSet).toMatch(/w=400&q=85&fit=review 400w/);
  });

  it('serves an SVG, and a source the endpoint does not take, as it is', () => {
    expect(imageSources('/media/scene-kelp.svg')).toEqual({ src: '/media/scene-kelp.svg' });
    expect(imageSources('https://cdn.example.com/logo.svg?v=2')).toEqual({ src: 'https://cdn.example.com/logo.svg?v=2' });
    expect(imageSources('/assets/x.png')).toEqual({ src: '/assets/x.png' });
    expect(singleImageUrl('/media/poster-reef.svg', 1600)).toBe('/media/poster-reef.svg');
    expect(singleImageUrl('/media/uploads/abc.jpg', 1600)).toBe('/img?src=%2Fmedia%2Fuploads%2Fabc.jpg&w=1600');
  });
});
