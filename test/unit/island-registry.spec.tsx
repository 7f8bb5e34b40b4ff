import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { ISLANDS, type IslandName } from 'client/islands/registry';
import { Island, islandComponent } from 'views/islands/Island';

const names = Object.keys(ISLANDS) as IslandName[];

describe('islands', () => {
  it.each(names)('%s loads in the browser as the same component the server renders', async (name) => {
    const module = (await ISLANDS[name]()) as Record<string, unknown>;
    expect(typeof module[name]).toBe('function');
    expect(islandComponent(name)).toBe(module[name]);
  });

  it('are every component file in client/islands, so none is left out of the registry', () => {
    const files = readdirSync(join(__dirname, '../../client/islands')).filter((file) => file.endsWith('.tsx'));
    expect(files.map((file) => file.replace('.tsx', '')).sort()).toEqual([...names].sort());
  });

  it('render their component on the server with the props as inert JSON and a strategy', () => {
    const html = renderToString(<Island name="SearchBox" props={{ id: 'search-x' }} hydrate="visible" />);
    expect(html).toContain('data-island="SearchBox"');
    expect(html).toContain('data-hydrate="visible"');
    expect(html).toContain('<script type="application/json" data-island-props="">{"id":"search-x"}</script>');
    expect(html).toContain('id="search-x"');
  });

  it('are loaded on the server only when a page renders them', () => {
    jest.isolateModules(() => {
      // Any other island's file loading now fails the render.
      for (const other of names.filter((name) => name !== 'CopyCoordinates')) {
        jest.doMock(join(__dirname, '../../client/islands', other), () => {
          throw new Error(`${other} was loaded`);
        });
      }
      // A fresh React and <Island> in this registry of modules, the islands' files not yet loaded.
      const server = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
      const fresh = jest.requireActual<typeof import('views/islands/Island')>(join(__dirname, '../../views/islands/Island'));
      const html = server.renderToString(<fresh.Island name="CopyCoordinates" props={{ text: '-28.6130, 153.6270' }} />);
      expect(html).toContain('data-island="CopyCoordinates"');
    });
  });

  it('refuse a name no island has', () => {
    expect(() => islandComponent('Nothing')).toThrow('No island is named Nothing');
  });
});
