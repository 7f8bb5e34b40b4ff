import { useContext, type ComponentType } from 'react';
import { ISLANDS, isIslandName, type IslandName, type IslandProps as PropsOf } from 'client/islands/registry';
import { FORM_ISLANDS, FormOutcomeContext } from './form-outcome-context';
import { serializeForScript } from './serialize';

/**
 * When an island's JavaScript is fetched and hydrated:
 * load (at once), idle (when the browser is idle), visible (when scrolled near), interaction (first focus or pointer).
 */
export type HydrationStrategy = 'load' | 'idle' | 'visible' | 'interaction';

interface IslandProps<N extends IslandName> {
  name: N;
  props: PropsOf[N];
  hydrate?: HydrationStrategy;
}

/**
 * The island's component. Its file (client/islands/<name>.tsx, as the registry's loaders name it) is loaded
 * the first time a page renders the island, not with this module, so that a page's code pulls in only the
 * islands it renders (the dive-site pages never load the admin dashboard's).
 */
export function islandComponent(name: string): ComponentType<Record<string, unknown>> {
  if (!isIslandName(name)) throw new Error(`No island is named ${name} (client/islands/registry.ts)`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a render is synchronous: the file is required when first needed
  const module = require(`../../client/islands/${name}.js`) as Record<string, ComponentType<Record<string, unknown>>>;
  return module[name];
}

/** Loads every island's file now: the server does so once as it starts, so that no visitor waits for one. */
export function loadIslands(): void {
  for (const name of Object.keys(ISLANDS)) islandComponent(name);
}

/**
 * Server-renders an interactive component and marks it for hydration in the browser.
 * The wrapper names the island; its props travel as escaped JSON in a non-executable script element.
 */
export function Island<N extends IslandName>({ name, props: given, hydrate = 'idle' }: IslandProps<N>) {
  const Component = islandComponent(name);
  // A form island is handed the outcome of its own form posted without JavaScript (it checks the target).
  const outcome = useContext(FormOutcomeContext);
  const props = outcome && FORM_ISLANDS[name] === outcome.form ? { ...(given as object), outcome } : given;
  return (
    <div data-island={name} data-hydrate={hydrate} className="contents">
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: serializeForScript(props) }} />
      <div data-island-root="" className="contents">
        <Component {...(props as unknown as Record<string, unknown>)} />
      </div>
    </div>
  );
}
