import '@fontsource-variable/inter';
import '@fontsource-variable/oswald';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { dropFirstScreen, FIRST_SCREEN_LONGEST_MS } from './lib/first-screen';
import { adoptServerHead } from './lib/server-head';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

adoptServerHead();
setTimeout(dropFirstScreen, FIRST_SCREEN_LONGEST_MS);
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
