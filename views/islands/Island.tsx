import { useContext, type ComponentProps } from 'react';
import { FORM_ISLANDS, FormOutcomeContext } from './form-outcome-context';
import { ISLANDS, type IslandName } from './registry';
import { serializeForScript } from './serialize';

/**
 * When an island's JavaScript is fetched and hydrated:
 * load (at once), idle (when the browser is idle), visible (when scrolled near), interaction (first focus or pointer).
 */
export type HydrationStrategy = 'load' | 'idle' | 'visible' | 'interaction';

interface IslandProps<N extends IslandName> {
  name: N;
  props: ComponentProps<(typeof ISLANDS)[N]>;
  hydrate?: HydrationStrategy;
}

/**
 * Server-renders an interactive component and marks it for hydration in the browser.
 * The wrapper names the island; its props travel as escaped JSON in a non-executable script element.
 */
export function Island<N extends IslandName>({ name, props: given, hydrate = 'idle' }: IslandProps<N>) {
  const Component = ISLANDS[name] as unknown as (p: Record<string, unknown>) => React.ReactNode;
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
