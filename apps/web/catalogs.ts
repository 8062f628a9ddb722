import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { partOf } from './src/locales/parts';

/**
 * The language catalogs (src/locales/en.json, ar.json) as the app imports them: `…json?part=core|errors|public` is that
 * part's messages (src/locales/parts.ts), so the signed-in shell loads only what it shows. The production build also
 * parses them (ICU text → react-intl's AST, as `formatjs compile --ast` does) and leaves react-intl's message parser
 * out (8 KB gzip of the shell); a phone then parses no message, and a plain-text one is answered without building a
 * formatter. Tests and the dev server keep the text.
 */
export function catalogs(): Plugin {
  const noParser = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  let build = false;
  return {
    name: 'kora:catalogs',
    enforce: 'pre',
    config: (_, { command }) => {
      build = command === 'build';
      return build ? { resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParser }] } } : {};
    },
    transform(code, id) {
      const match = /[\\/]src[\\/]locales[\\/](en|ar)\.json(?:\?part=(\w+))?$/.exec(id);
      if (!match) return;
      const part = match[2];
      const messages = Object.entries(JSON.parse(code)).filter(([key]) => !part || partOf(key) === part);
      const kept = JSON.stringify(
        Object.fromEntries(messages.map(([key, text]) => [key, build && typeof text === 'string' ? parse(text) : text])),
      );
      // The whole catalog stays JSON for Vite's JSON plugin; a part (an address with a query) is a module of its own.
      return { code: part ? `export default JSON.parse(${JSON.stringify(kept)});` : kept, map: null };
    },
  };
}
