// Debian's Chromium and the switches every run of it here takes (the bench's pages and Lighthouse, the browser
// tests): headless on a machine with no GPU, as root, and nothing that reaches the internet on its own.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
