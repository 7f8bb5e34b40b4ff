import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { Island } from 'views/islands/Island';
import { ISLANDS } from 'views/islands/registry';

describe('islands', () => {
  it('are registered under the same names on the server and in the browser entry', () => {
    const entry = readFileSync(join(__dirname, '../../client/hydrate.ts'), 'utf8');
    const loaders = entry.slice(entry.indexOf('const loaders'), entry.indexOf('};', entry.indexOf('const loaders')));
    const clientNames = [...loaders.matchAll(/^\s+(\w+): \(\) => import\('\.\/islands\/(\w+)\.js'\)/gm)].map((m) => m[1]).sort();
    expect(clientNames).toEqual(Object.keys(ISLANDS).sort());
  });

  it('render their component on the server with the props as inert JSON and a strategy', () => {
    const html = renderToString(<Island name="SearchBox" props={{ id: 'search-x' }} hydrate="visible" />);
    expect(html).toContain('data-island="SearchBox"');
    expect(html).toContain('data-hydrate="visible"');
    expect(html).toContain('<script type="application/json" data-island-props="">{"id":"search-x"}</script>');
    expect(html).toContain('id="search-x"');
  });
});
