/**
 * The only script every page loads. It finds the islands on the page and hydrates each one with its
 * own strategy, fetching React and the island's code only when that island needs them (hydrate/strategies.ts);
 * and it does the page's small jobs that need no island.
 */
import { focusSearchOnOpen } from './hydrate/search-focus';
import { trackPage } from './hydrate/page-analytics';
import { registerServiceWorker } from './hydrate/service-worker';
import { schedule } from './hydrate/strategies';
import { installImageFallbacks } from './lib/image-fallbacks';

installImageFallbacks();
registerServiceWorker();
focusSearchOnOpen();
document.querySelectorAll<HTMLElement>('[data-island]').forEach(schedule);
trackPage();
