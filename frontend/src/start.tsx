/**
 * The app itself: started by the entry (main.tsx) once the page has painted its first frame. Its
 * start comes in short tasks (the opened page's download, the styling system, the router, then the
 * first render as a transition) so that a slow phone is never held in one long task while the app
 * sets up.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appRouter, preloadOpenedPage } from './app/router';
import { dropFirstScreen, FIRST_SCREEN_LONGEST_MS } from './lib/first-screen';
import { adoptServerHead } from './lib/server-head';
import { yieldToBrowser } from './lib/yield-to-browser';
import { appSystem } from './theme/system';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  adoptServerHead();
  setTimeout(dropFirstScreen, FIRST_SCREEN_LONGEST_MS);
  await yieldToBrowser();
  preloadOpenedPage();
  await yieldToBrowser();
  appSystem();
  await yieldToBrowser();
  appRouter();
  await yieldToBrowser();
  const root = createRoot(container);
  // Rendered as a transition, the first render yields to the browser every few milliseconds
  // instead of holding the main thread in one long task while the whole page is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
