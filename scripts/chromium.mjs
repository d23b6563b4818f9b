import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's headless shell
 * (`apt-get install chromium-headless-shell`), which is Chromium built for headless use only and
 * costs the processor half of what a browser context of the whole browser does; else Debian's
 * Chromium itself. `.ci/run` installs the headless shell.
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}
