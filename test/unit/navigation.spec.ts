import { isActive, NAV_ITEMS } from 'views/layout/navigation';

describe('header navigation', () => {
  it('lists the seven items of SPEC in order', () => {
    expect(NAV_ITEMS.map((item) => `${item.label} ${item.href}`)).toEqual([
      'Home /',
      'News /blog',
      'Gear Reviews /gear-reviews',
      'Dive Sites /dive-sites',
      'Learn to Dive /learn-to-dive',
      'About /about',
      'Contact /contact',
    ]);
  });

  it('highlights Home only on an exact match', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/blog')).toBe(false);
  });

  it('highlights other items on their path prefix, not on a longer word', () => {
    expect(isActive('/blog', '/blog')).toBe(true);
    expect(isActive('/blog', '/blog/some-article')).toBe(true);
    expect(isActive('/dive-sites', '/dive-sites/12')).toBe(true);
    expect(isActive('/blog', '/blogger')).toBe(false);
  });
});
