import { type Browser, chromium } from 'playwright-core';
import { chromiumPath } from '../../../scripts/chromium.mjs';

let launched: Promise<Browser> | undefined;

/**
 * Debian's Chromium (its headless shell where installed: `chromiumPath`), headless, with
 * everything that would reach the internet switched off: one browser for the end-to-end files,
 * which one worker runs in turn (vitest.config.ts). The first file to ask launches it, a later file
 * gets it back with nothing of the files before it (their browser contexts, should one have been
 * left open, are closed here), and one that finds it gone launches another. Playwright ends it
 * with the worker. Each file opens its pages in contexts of its own, so what files share is the
 * browser's process, whose start costs the processor about what two page loads do on a two-core
 * virtual machine.
 */
export async function sharedBrowser(): Promise<Browser> {
  const browser = await launched?.catch(() => undefined);
  if (browser?.isConnected()) {
    await Promise.all(browser.contexts().map((context) => context.close()));
    return browser;
  }
  launched = chromium.launch({
    executablePath: chromiumPath(),
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
  return launched;
}
