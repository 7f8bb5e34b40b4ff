import { serializeForScript } from 'views/islands/serialize';

describe('serializeForScript', () => {
  it('cannot be broken out of by content that closes the script element', () => {
    const json = serializeForScript({ title: '</script><script>alert(1)</script>', note: '<!-- x -->' });
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>', note: '<!-- x -->' });
  });

  it('escapes the line and paragraph separators', () => {
    const json = serializeForScript('a\u2028b\u2029c');
    expect(json).toBe('"a\\u2028b\\u2029c"');
    expect(JSON.parse(json)).toBe('a\u2028b\u2029c');
  });
});
