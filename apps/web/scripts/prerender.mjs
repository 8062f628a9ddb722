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
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
