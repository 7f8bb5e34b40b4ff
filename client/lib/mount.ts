import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Loaded on demand by the hydration entry, so that React is fetched only when an island needs it.
 * Hydration runs as a transition: React hydrates in slices and yields to the browser between them, so a
 * large island (the 244 dive-site cards) never blocks input for one long task.
 */
export function mount(root: HTMLElement, Component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>): void {
  startTransition(() => {
    hydrateRoot(root, createElement(Component, props));
  });
}
