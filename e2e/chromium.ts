import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, as the journeys, the screenshots and the browser budget launch it (no browser
 * is downloaded). Its headless shell (package chromium-headless-shell), the build Playwright itself
 * runs headless tests in, when it is installed: on two cores it takes the journeys half the time
 * of the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
