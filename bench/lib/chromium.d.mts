// Types of chromium.mjs for the TypeScript tests that launch the same browser (test/support/browser.ts).
export const CHROMIUM: string;
export const TEST_CHROMIUM: string;
export const CHROMIUM_ARGS: readonly string[];
