// Runs after `vite build`: renders the public site's pages (landing, pricing, about, contact, terms,
// privacy) to static HTML in English and Arabic with react-dom/server, from a small SSR build of
// src/prerender.tsx, into dist/prerendered/<lang>/<page>.html. Each is the app's index.html with the
// page's markup in #root, its <html lang dir>, title, description, canonical and hreflang links, and
// instead of the app's scripts only src/public-site.ts (language buttons; the app's code fetched on
// intent). The server answers these on the root domain (apps/server/src/web/public-site.ts), where
// `%ORIGIN%` becomes the configured public origin.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { SCREENS } from './bundle-size.mjs';

/** The signed-in screens by address (the names of bundle-size.mjs `SCREENS`), whose documents preload their code. */
const SCREEN_PATHS = {
  '/': 'dashboard',
  '/trainings': 'trainings',
  '/teams': 'teams',
  '/players': 'players',
  '/coaches': 'coaches',
  '/schedule': 'schedule',
  '/schedule/attendance': 'attendance',
  '/growth': 'growth',
  '/settings': 'subscriptions',
  '/settings/privileges': 'privileges',
  '/settings/packages': 'packages',
  '/settings/payments-history': 'paymentsHistory',
  '/settings/academy': 'academy',
};

const webRoot = join(import.meta.dirname, '..');
// WEB_DIST: the build's other output folder (vite.config.ts); inside the repository, so the SSR bundle resolves.
const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(webRoot, 'dist');
const out = join(dist, 'prerendered');

// Inside dist, so the SSR bundle finds the workspace's node_modules; removed when done.
const ssrDir = join(dist, '.ssr');
try {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [
      react(),
      // The app's catalog parts (lib/i18n.tsx imports them) are never loaded here: the pages render with the catalogs
      // this script reads itself (setCatalogs).
      { name: 'catalog-parts', transform: (_, id) => (/\.json\?part=/.test(id) ? { code: 'export default {};', map: null } : undefined) },
    ],
    build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
  });
  const { renderPage, setCatalogs, PAGES, LOCALES, pathOf } = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
  setCatalogs(Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(join(webRoot, 'src', 'locales', `${l}.json`), 'utf8'))])));

  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const publicScript = manifest['src/public-site.ts'];
  if (!publicScript) throw new Error('src/public-site.ts is not in the build (vite.config.ts input)');
  /** The app's entry with its static imports: fetched ahead when a visitor points at a link into the app. */
  const appFiles = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const k of chunk.imports ?? []) appFiles(k, files);
    return files;
  };
  const app = [...appFiles('index.html')].map((f) => `/${f}`).join(' ');
  // The parts of a language's catalog the sign-in pages show (src/locales/parts.ts).
  const catalog = (l) => ['core', 'public'].map((part) => `/${manifest[`src/locales/${l}.json?part=${part}`].file}`).join(' ');

  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const escapeHtml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  // English, the default language, has the plain address (also what a visitor without a choice gets: x-default);
  // Arabic its `?lang=ar` one. Each page's canonical is its own language's address.
  const url = (page, l) => `%ORIGIN%${pathOf(page)}${l && l !== 'en' ? `?lang=${l}` : ''}`;

  const replaceOnce = (html, pattern, replacement) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${pattern}`);
    return html.replace(pattern, replacement);
  };

  for (const locale of LOCALES) {
    mkdirSync(join(out, locale), { recursive: true });
    for (const page of PAGES) {
      const { html, title, description } = await renderPage(page, locale);
      const head = [
        `<title>${escapeHtml(title)}</title>`,
        `<meta name="description" content="${escapeHtml(description)}" />`,
        `<link rel="canonical" href="${url(page, locale)}" />`,
        ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${url(page, l)}" />`),
        `<link rel="alternate" hreflang="x-default" href="${url(page)}" />`,
        `<meta name="kora-app" content="${app}" ${LOCALES.map((l) => `data-${l}="${catalog(l)}"`).join(' ')} />`,
        `<script type="module" crossorigin src="/${publicScript.file}"></script>`,
      ].join('\n    ');
      let doc = template;
      doc = replaceOnce(doc, /<html lang="en">/, `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      // The app's own scripts are not needed to read or use these pages.
      doc = doc.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      doc = replaceOnce(doc, /\s*<meta name="description"[^>]*>/, '');
      doc = replaceOnce(doc, /<title>[^<]*<\/title>/, head);
      doc = replaceOnce(doc, /<div id="root"><\/div>/, `<div id="root">${html}</div>`);
      writeFileSync(join(out, locale, `${page}.html`), doc);
    }
  }
  console.log(`prerendered ${PAGES.length} pages × ${LOCALES.length} languages into ${out}`);

  // The signed-in document (apps/server/src/web/app-document.ts): the frame's renderer, one file the server imports
  // with everything it uses bundled in, and what each screen's document names for the browser to fetch at once.
  const bootDir = join(dist, 'boot');
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [
      react(),
      { name: 'catalog-parts', transform: (_, id) => (/\.json\?part=/.test(id) ? { code: 'export default {};', map: null } : undefined) },
    ],
    ssr: { noExternal: true },
    publicDir: false,
    build: {
      ssr: 'src/boot-shell.tsx',
      outDir: bootDir,
      emptyOutDir: true,
      minify: true,
      rolldownOptions: { output: { entryFileNames: 'shell.js', codeSplitting: false } },
    },
  });
  const entry = appFiles('index.html');
  /** A screen's own scripts: its modules with their static imports, less what the app's entry names already. */
  const screenFiles = (patterns) => {
    const files = new Set();
    for (const pattern of patterns) for (const key of Object.keys(manifest).filter((k) => pattern.test(k))) appFiles(key, files);
    return [...files].filter((f) => !entry.has(f)).map((f) => `/${f}`);
  };
  const layout = [/routes\/app\/layout\.tsx$/];
  const part = (l, name) => `/${manifest[`src/locales/${l}.json?part=${name}`].file}`;
  const preload = {
    screens: {
      ...Object.fromEntries(Object.entries(SCREEN_PATHS).map(([path, name]) => [path, screenFiles([...layout, ...SCREENS[name]])])),
      // The family portal's home: its layout, screen and queries.
      '/family': screenFiles([/features\/family\/FamilyLayout\.tsx$/, /features\/family\/HomePage\.tsx$/, /features\/family\/api\.ts$/]),
    },
    catalogs: Object.fromEntries(LOCALES.map((l) => [l, [part(l, 'core')]])),
    // The portal's pages show messages of the `public` part too (routes/root.tsx waits for it there).
    familyCatalogs: Object.fromEntries(LOCALES.map((l) => [l, [part(l, 'core'), part(l, 'public')]])),
  };
  writeFileSync(join(bootDir, 'preload.json'), JSON.stringify(preload, null, 1));
  console.log(`signed-in frame and the preloads of ${Object.keys(preload.screens).length} screens in ${bootDir}`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
