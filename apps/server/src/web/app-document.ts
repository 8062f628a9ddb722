import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  addressOf,
  BOOT_ELEMENT_ID,
  type FamilyMe,
  familyFirstRequestsOf,
  firstRequestsOf,
  isFamilyPortalPath,
  isStaffAppPath,
  type MeReply,
  riyadhToday,
} from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../http/session-cookie.js';
import { encodingFor, type Language, languageOf } from './public-site.js';

/**
 * The signed-in app's document (docs/architecture.md, "First paint from the server"). A navigation to an academy
 * page with a member's session cookie (or to the family portal with a parent's) is answered with the app's
 * index.html holding what its first paint needs:
 * the frame (top bar and the member's navigation) drawn by the web build's renderer (apps/web/src/boot-shell.tsx),
 * the session and the screen's first answers as JSON the app starts from (contracts `FIRST_PAINT`), and the
 * screen's code and messages to fetch at once. Anything else gets the plain index.html, as before.
 */
export interface AppDocument {
  /** The document for this request, or null when the plain index.html answers it. */
  render(req: FastifyRequest): Promise<string | null>;
}

interface Renderers {
  renderShell(input: { me: MeReply; pathname: string; locale: Language }): Promise<string | null>;
  /** Absent from builds before the portal's frame: its documents are then the plain shell. */
  renderFamilyShell?(input: { familyMe: FamilyMe; pathname: string; locale: Language }): Promise<string | null>;
}
interface Preload {
  screens: Record<string, string[]>;
  /** Per language, the catalog's parts the first render waits for: the staff app's, and the portal's (with `public`). */
  catalogs: Record<Language, string[]>;
  familyCatalogs?: Record<Language, string[]>;
}

/** `</script>` and friends cannot end the JSON's element early: `<` is written as its escape (JSON only has it in strings). */
const inHtml = (json: string) => json.replaceAll('<', '\\u003c');

/**
 * The document carries its stylesheet and its scripts come after the frame is drawn: the frame is in the HTML, so
 * the first paint waits for no other file (docs/performance.md, "First paint from the server"). The stylesheet (12 KB
 * gzipped) is put in the page instead of linked — one round trip less before anything shows (the CSP allows inline
 * styles) —, and the app's entry and the screen's chunks are fetched at low priority, so they do not take the
 * connection from the document while it arrives; they run once loaded, as before.
 */
function withInlineStylesheet(html: string, webDist: string) {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/.exec(html);
  const css = link && existsSync(join(webDist, link[1])) ? readFileSync(join(webDist, link[1]), 'utf8') : '';
  const inlined = link && css && !css.includes('</') ? html.replace(link[0], () => `<style>${css}</style>`) : html;
  return inlined
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
}

/** Frames drawn lately, by session kind, who (their `me` answer), address and language: the same frame is not drawn again. */
const SHELLS_KEPT = 500;

/** Loads the web build's renderer and preloads; null when the build has none (a build before them, or no build). */
export async function loadAppDocument(app: FastifyInstance, webDist: string): Promise<AppDocument | null> {
  const shellFile = join(webDist, 'boot', 'shell.js');
  const preloadFile = join(webDist, 'boot', 'preload.json');
  if (!existsSync(shellFile) || !existsSync(preloadFile)) return null;
  const renderers: Renderers = await import(pathToFileURL(shellFile).href);
  const preload: Preload = JSON.parse(readFileSync(preloadFile, 'utf8'));
  const template = withInlineStylesheet(readFileSync(join(webDist, 'index.html'), 'utf8'), webDist);
  if (!template.includes('<div id="root"></div>') || !template.includes('<html lang="en">'))
    throw new Error(`${webDist}/index.html has no <div id="root"></div> or <html lang="en">`);
  const { config } = app.deps;
  const cookies = { member: sessionCookieName(config, 'member'), parent: sessionCookieName(config, 'parent') };
  const shells = new Map<string, string | null>();
  const kept = async (key: string, draw: () => Promise<string | null>) => {
    if (shells.has(key)) return shells.get(key) ?? null;
    const shell = await draw();
    // The oldest first out (a Map keeps insertion order).
    if (shells.size >= SHELLS_KEPT) shells.delete(shells.keys().next().value ?? '');
    shells.set(key, shell);
    return shell;
  };
  const keyOf = (kind: string, whoJson: string, pathname: string, locale: Language) =>
    `${kind} ${locale} ${pathname} ${createHash('sha1').update(whoJson).digest('base64url')}`;

  return {
    async render(req) {
      // Only a page load (never the service worker's or a script's fetch of the shell) on an academy host, with a session.
      const { site } = req;
      if (req.headers['sec-fetch-dest'] !== 'document' || site.kind !== 'academy') return null;
      const [pathname, rawSearch = ''] = req.url.split('?');
      const family = isFamilyPortalPath(pathname);
      if (!family && !isStaffAppPath(pathname)) return null;
      if (!req.cookies?.[family ? cookies.parent : cookies.member] || (family && !renderers.renderFamilyShell)) return null;
      // The API's own routes answer, with the visitor's cookie, address and language: the same rules, limits and answers.
      const get = (url: string) =>
        app.inject({
          method: 'GET',
          url,
          remoteAddress: req.ip,
          headers: {
            host: req.headers.host ?? '',
            cookie: req.headers.cookie ?? '',
            'x-kora-request': '1',
            'accept-language': req.headers['accept-language'] ?? '',
          },
        });
      const locale = languageOf(req);
      const context = { search: Object.fromEntries(new URLSearchParams(rawSearch)), today: riyadhToday(app.deps.clock.now()), locale };
      // The academy's own check is not carried: a session on its host says it exists (main.tsx).
      const urlsFor = (userId: string) =>
        (family ? familyFirstRequestsOf(pathname) : firstRequestsOf(pathname, { ...context, userId })).map(({ key, ...input }) =>
          addressOf(key, input),
        );
      // The answers that do not depend on who the member is leave beside the session's; the rest once it is known.
      const asked = new Map(urlsFor('').map((url) => [url, get(url)]));
      const whoUrl = addressOf(family ? 'familyMe' : 'me');
      const who = await (asked.get(whoUrl) ?? get(whoUrl));
      if (who.statusCode !== 200) return null;
      let shell: string | null;
      let me = 'null';
      let userId = '';
      if (family) {
        const familyMe: FamilyMe = who.json();
        shell = await kept(
          keyOf('family', who.body, pathname, locale),
          async () => (await renderers.renderFamilyShell?.({ familyMe, pathname, locale })) ?? null,
        );
      } else {
        const member: MeReply = who.json();
        me = who.body;
        userId = member.user.id;
        shell = await kept(keyOf('member', who.body, pathname, locale), () => renderers.renderShell({ me: member, pathname, locale }));
      }
      if (shell === null) return null;
      const urls = urlsFor(userId);
      const answered = await Promise.all(urls.map((url) => asked.get(url) ?? get(url)));
      // A refused or failed answer is left out: the screen asks again and shows what it gets. The answers' JSON is
      // put in as the API wrote it (not parsed and written again).
      const answers = urls.flatMap((url, i) => (answered[i].statusCode === 200 ? [`${JSON.stringify(url)}:${answered[i].body}`] : []));
      const session = family ? 'family' : 'member';
      const boot = `{"locale":${JSON.stringify(locale)},"session":"${session}","me":${me},"answers":{${answers.join(',')}}}`;
      const catalogs = (family ? preload.familyCatalogs : undefined) ?? preload.catalogs;
      const preloads = [...(preload.screens[pathname] ?? []), ...catalogs[locale]];
      // Replaced by functions: a `$` in a name or an answer is text, not a replacement pattern.
      return template
        .replace('<html lang="en">', () => `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`)
        .replace(
          '</head>',
          () =>
            `${preloads.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`).join('\n    ')}\n  </head>`,
        )
        .replace(
          '<div id="root"></div>',
          // Marked as the server's until the app has drawn over it (main.tsx): its buttons do nothing before.
          () =>
            `<div id="root" data-frame="server">${shell}</div>\n    <script type="application/json" id="${BOOT_ELEMENT_ID}">${inHtml(boot)}</script>`,
        );
    },
  };
}

/** Compressed off the event loop (the thread pool), fast rather than small: every document is compressed anew. */
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A member's document: never stored by a cache (it holds their data), compressed when the browser accepts it. */
export async function sendSignedInDocument(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  const encoding = encodingFor(req.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  reply.header('Content-Encoding', encoding);
  // Brotli's quality 1 writes 15% more than its 4 in a quarter of the time (a 90 KB players page: 16 KB in 4 ms vs 14 KB in 16 ms).
  return reply.send(
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : await gzipped(html, { level: 1 }),
  );
}
