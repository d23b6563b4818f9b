/**
 * zod as the app's code sees it (vite.config.ts points `zod` here). zod probes once whether it may
 * compile parsers with `new Function`; the site's Content-Security-Policy forbids that, and
 * although zod catches the refusal, the browser still reports it as a policy violation. `jitless`
 * skips the probe: under this policy zod parses without compiled parsers either way.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
