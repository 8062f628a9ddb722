import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The catalogs' messages parsed at build time (ICU text → react-intl's AST, as `formatjs compile --ast` does), so the
 * app ships react-intl without its message parser (8 KB gzip of the shell) and never parses a message on a phone;
 * a message of plain text is then answered without building a formatter. Tests and the dev server keep the text.
 */
function compiledMessages(): Plugin {
  const noParser = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  return {
    name: 'kora:compiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParser }] } }),
    transform(code, id) {
      if (!/[\\/]src[\\/]locales[\\/](en|ar)\.json$/.test(id)) return;
      const messages: Record<string, string> = JSON.parse(code);
      return { code: JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]))), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), compiledMessages()],
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
