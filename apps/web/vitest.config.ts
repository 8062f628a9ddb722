import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogs } from './catalogs';

export default defineConfig({
  // The catalogs' parts as the app imports them (lib/i18n.tsx), as text.
  plugins: [react(), catalogs()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // Rendering whole screens in jsdom takes seconds on a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
});
