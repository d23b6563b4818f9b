import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress.ts';

// The gateway serves /api on 8080 in development; proxying keeps the browser on one origin,
// as in production, so the api-client's relative base path behaves the same everywhere.
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

/**
 * The Latin faces of the two fonts are fetched with the page, not once the first text needing them
 * is laid out: the server's first screen (and the app) then draws in them from the start, instead
 * of drawing in a fallback and moving its lines when the font swaps in.
 */
function preloadFonts(): Plugin {
  const FIRST_FONTS = /^assets\/(inter|oswald)-latin-wght-normal-[\w-]+\.woff2$/;
  return {
    name: 'cinefold-preload-fonts',
    apply: 'build',
    transformIndexHtml(_html, context) {
      return Object.keys(context.bundle ?? {})
        .filter((file) => FIRST_FONTS.test(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
    },
  };
}

/**
 * What a dynamic import preloads: only the chunks of at least PRELOAD_MIN_BYTES. Each
 * `<link rel="modulepreload">` the import adds costs the main thread about a millisecond on a phone
 * (the app's start has 28 dependencies, most of them a kilobyte or two), while a small chunk left
 * out is fetched as soon as the importing chunk arrives, long before the large ones (React is
 * 300 kB) have: the page is not ready any later for it.
 */
const PRELOAD_MIN_BYTES = 8_000;

/** What the current build's bundle says, read before Vite writes the preload lists. */
let built = { chunks: new Map<string, OutputChunk>(), entry: '', entryLoads: new Set<string>() };

/**
 * Reads the bundle before Vite writes its preload lists (Vite's generateBundle runs later): each
 * chunk, and every chunk the entry's dynamic imports load (the libraries, the app's start).
 */
function readBundle(): Plugin {
  return {
    name: 'cinefold-read-bundle',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle))
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const entryLoads = new Set<string>();
        const queue = [...(entry?.dynamicImports ?? [])];
        while (queue.length > 0) {
          const file = queue.pop()!;
          if (entryLoads.has(file)) continue;
          entryLoads.add(file);
          queue.push(...(chunks.get(file)?.imports ?? []));
        }
        built = { chunks, entry: entry?.fileName ?? '', entryLoads };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadFonts(), readBundle()],
  // The app's code and the contracts it bundles get zod without its `new Function` probe, which the
  // site's Content-Security-Policy would report (see src/lib/zod-without-eval.ts).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  build: {
    modulePreload: {
      // The entry's imports (the libraries, then the app) each preload all that both load: the
      // app's code downloads while the libraries run, instead of after.
      resolveDependencies: (_file, deps, { hostId }) =>
        [...new Set([...deps, ...(hostId === built.entry ? built.entryLoads : [])])].filter(
          (dep) => (built.chunks.get(dep)?.code.length ?? Infinity) >= PRELOAD_MIN_BYTES,
        ),
    },
    outDir: 'dist',
    // ApexCharts alone is ~580 kB minified; it loads only with the admin dashboard.
    chunkSizeWarningLimit: 600,
    emptyOutDir: true,
    rolldownOptions: {
      // Schema and recipe definitions only describe: one the app does not use can be left out
      // (zod's \`z.object(…)\`, Chakra's recipes), which a bundler cannot know of a call by itself.
      treeshake: {
        manualPureFunctions: ['z', 'pageQuery', 'defineConfig', 'defineRecipe', 'defineSlotRecipe'],
      },
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
