import type { ComponentType } from 'react';
import { ISLANDS, isIslandName } from '../islands/registry';
import { holdInteraction } from './replay';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Fetches React and the island's code, and hydrates the island with its server-rendered props. */
async function hydrate(wrapper: HTMLElement): Promise<void> {
  const name = wrapper.dataset.island ?? '';
  const root = wrapper.querySelector<HTMLElement>(':scope > [data-island-root]');
  const propsScript = wrapper.querySelector<HTMLScriptElement>(':scope > script[data-island-props]');
  if (!isIslandName(name) || !root) return;
  const held = holdInteraction(wrapper, root);
  let hydrated = false;
  try {
    const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
    const [{ mount }, module] = await Promise.all([import('../lib/mount.js'), ISLANDS[name]()]);
    // Evaluating React's code is one long task the first time; hydration starts in a task of its own, so
    // that the browser can answer input between the two.
    await nextTask();
    const exports = module as unknown as Record<string, ComponentType<Record<string, unknown>>>;
    await mount(root, exports[name], props);
    hydrated = true;
    wrapper.dataset.hydrated = 'true';
  } finally {
    held.release(hydrated);
  }
}

/** Hydrates the island when its strategy (data-hydrate: load, visible, interaction, or idle by default) says. */
export function schedule(wrapper: HTMLElement): void {
  const run = () => void hydrate(wrapper).catch((error) => console.error(`Island ${wrapper.dataset.island} failed`, error));
  switch (wrapper.dataset.hydrate) {
    case 'load':
      run();
      break;
    case 'visible': {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            run();
          }
        },
        { rootMargin: '200px' },
      );
      // The wrapper is display:contents, so observe its rendered child.
      observer.observe((wrapper.querySelector('[data-island-root] > *') as Element | null) ?? wrapper);
      break;
    }
    case 'interaction': {
      const events = ['pointerenter', 'focusin', 'touchstart'] as const;
      const once = () => {
        events.forEach((event) => wrapper.removeEventListener(event, once, true));
        run();
      };
      events.forEach((event) => wrapper.addEventListener(event, once, { capture: true, passive: true }));
      break;
    }
    default:
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
      else setTimeout(run, 200);
  }
}
