import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogs } from './catalogs';

// The web's test set-up, shared by its two projects (the root vitest.config.ts): which files run in one
// shared module graph and which keep their own is decided there.
export default defineConfig({
  // The catalogs' parts as the app imports them (lib/i18n.tsx), as text.
  plugins: [react(), catalogs()],
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // Rendering whole screens in jsdom takes seconds on a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
});
