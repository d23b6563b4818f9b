import '@fontsource-variable/inter';
import '@fontsource-variable/oswald';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptServerHead } from './lib/server-head';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

adoptServerHead();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
