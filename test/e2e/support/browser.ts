import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless, with everything that would reach the internet switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    // scripts/test.mjs honours the same variable when it checks that Chromium is installed.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
