import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        // Validation and phone metadata load with the screens that use them, never with the public site's first page.
        advancedChunks: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'phone-metadata', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
