import { IMAGE_ROUTE, isAdminPath, isApiPath, isJsonRoute, requestKind } from 'core/request-kind';

// The one answer to "API, admin, page or asset", for the server's edge and the service worker alike.
describe('requestKind', () => {
  it('names the admin screens and the admin API admin, in any letter case, and nothing that only starts alike', () => {
    for (const path of ['/admin', '/admin/', '/admin/articles', '/api/admin', '/api/admin/login', '/ADMIN/articles', '/Api/Admin/comments']) {
      expect([path, requestKind(path)]).toEqual([path, 'admin']);
      expect(isAdminPath(path)).toBe(true);
    }
    for (const path of ['/administrator', '/api/administrators', '/blog/admin']) expect([path, requestKind(path)]).not.toEqual([path, 'admin']);
  });

  it('names the rest of the JSON API api, the admin API counting as API for the body reader and the errors', () => {
    for (const path of ['/api', '/api/dive-sites', '/API/dive-sites/3', '/api/newsletter/subscribe']) expect([path, requestKind(path)]).toEqual([path, 'api']);
    expect(isApiPath('/api/admin/login')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
  });

  it("names the build's hashed files asset and everything else a page", () => {
    expect(requestKind('/assets/app-91bc03d2e4.css')).toBe('asset');
    for (const path of ['/', '/dive-sites/12', '/blog', '/rss.xml', '/media/reef.jpg', IMAGE_ROUTE, '/assetsx/a.css']) {
      expect([path, requestKind(path)]).toEqual([path, 'page']);
    }
  });

  it('answers in JSON for the API and the image endpoint only', () => {
    expect(isJsonRoute('/api/dive-sites')).toBe(true);
    expect(isJsonRoute('/IMG')).toBe(true);
    expect(isJsonRoute('/img/x')).toBe(false);
    expect(isJsonRoute('/dive-sites')).toBe(false);
  });
});
