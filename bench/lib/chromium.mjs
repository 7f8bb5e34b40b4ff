import { existsSync } from 'node:fs';

// Debian's Chromium and the switches every run of it here takes (the bench's pages and Lighthouse, the browser
// tests): headless on a machine with no GPU, as root, and nothing that reaches the internet on its own.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The browser tests' Chromium: Debian's headless shell (`chromium-headless-shell`, the same engine without the
// full browser's window and display compositor), which takes about half the CPU of the full one for the same
// test file; the full browser when the shell is not installed. The bench and Lighthouse keep the full browser,
// which is what a visitor runs.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
