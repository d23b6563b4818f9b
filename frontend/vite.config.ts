import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves /api on 8080 in development; proxying keeps the browser on one origin,
// as in production, so the api-client's relative base path behaves the same everywhere.
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // ApexCharts alone is ~580 kB minified; it loads only with the admin dashboard.
    chunkSizeWarningLimit: 600,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss)[\\/]/,
              priority: 3,
            },
            {
              // Only the dashboard draws charts: a group of their own, loaded with it, never by `/`.
              // Below react and chakra, because a group also takes what its modules import: above
              // them it took React too, and every page then loaded the charts chunk.
              name: 'charts',
              test: /node_modules[\\/](apexcharts|react-apexcharts)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
