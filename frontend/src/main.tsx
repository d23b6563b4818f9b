/**
 * The page's entry: the fonts' faces (their CSS goes into the page's one stylesheet) and then the
 * app, fetched and started once the browser has painted its first frame. The gateway writes the
 * page's words into the HTML (the first screen); evaluating the app's libraries before that first
 * paint would keep those words off the screen for as long as the code takes to run, which on a
 * slow phone is most of a second. The libraries' code runs first and the app's in a later task
 * (both imports preload all of it, see vite.config.ts), so neither is one long task.
 */
import '@fontsource-variable/inter';
import '@fontsource-variable/oswald';
import { afterFirstPaint } from './lib/after-first-paint';
import { hasFirstScreen } from './lib/first-screen';
import { yieldToBrowser } from './lib/yield-to-browser';

async function startApp(): Promise<void> {
  await import('./libraries');
  await yieldToBrowser();
  await import('./start');
}

afterFirstPaint(
  () => {
    void startApp();
  },
  { hasFirstScreen: hasFirstScreen() },
);
