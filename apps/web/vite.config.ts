import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogs } from './catalogs';

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogs()],
  server: {
    port: 3000,
    allowedHosts: true,
    proxy: { '/api': 'http://localhost:3001', '/uploads': 'http://localhost:3001' },
  },
  build: {
    // WEB_DIST builds elsewhere (e.g. `npm run bench:web -- --dist …` while journeys run from dist);
    // prerender.mjs and compress.mjs follow it.
    outDir: process.env.WEB_DIST || 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each entry and lazy screen loads (scripts/bundle-size.mjs, scripts/prerender.mjs).
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The app, and the few lines the prerendered public pages run instead of it (scripts/prerender.mjs).
      input: { index: 'index.html', 'public-site': 'src/public-site.ts' },
      output: {
        codeSplitting: {
          groups: [
            // What every page of the app runs first (React, the router, the query cache, react-intl), in one file:
            // on a phone's connection each file of the first load costs a round trip (6 at a time over HTTP/1.1).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-intl|@formatjs|intl-messageformat|use-sync-external-store)[\\/]/,
            },
            // Validation and phone metadata load with the screens that use them, never with the public site's first page.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'phone-metadata', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
