import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Tells the hydration entry once React has committed the island, so that it can hand over what happened meanwhile. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Loaded on demand by the hydration entry, so that React is fetched only when an island needs it.
 * Hydration runs as a transition: React hydrates in slices and yields to the browser between them, so a
 * large island (the 244 dive-site cards) never blocks input for one long task. Resolves once the island
 * is hydrated and its effects have run; rejects when it fails to render.
 */
export function mount(root: HTMLElement, Component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    let hydrated = false;
    const onHydrated = () => {
      hydrated = true;
      resolve();
    };
    // An error after hydration is reported as React does by default; one before it fails the island.
    const onUncaughtError = (error: unknown) => (hydrated ? reportError(error) : reject(error));
    startTransition(() => {
      hydrateRoot(root, createElement(Hydrated, { onHydrated }, createElement(Component, props)), { onUncaughtError });
    });
  });
}
