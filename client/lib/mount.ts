import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Loaded on demand by the hydration entry, so that React is fetched only when an island needs it. */
export function mount(root: HTMLElement, Component: ComponentType<any>, props: object): void {
  hydrateRoot(root, createElement(Component, props));
}
