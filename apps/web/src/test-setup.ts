import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerCatalog } from './lib/i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';

// The app loads one language's messages on demand; tests render either at once.
registerCatalog('en', en);
registerCatalog('ar', ar);

// findBy…/waitFor wait up to 5 s (not 1 s): screens load their data asynchronously, slower on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
