import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ERRORS, recordOf } from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { rootUrl } from '../http/host.js';

/**
 * The public site of the root domain: its pages prerendered by the web build (apps/web/scripts/prerender.mjs,
 * the same list as apps/web/src/prerender.tsx), answered in the visitor's language, and what search engines
 * read (robots.txt, sitemap.xml). Academy subdomains are the app: none of it applies there.
 */
export const PUBLIC_PAGES = {
  '/': 'landing',
  '/pricing': 'pricing',
  '/about': 'about',
  '/contact': 'contact',
  '/terms': 'terms',
  '/privacy': 'privacy',
} as const;
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
const isLanguage = (v: unknown): v is Language => v === 'en' || v === 'ar';

/** The best of English and Arabic for an Accept-Language header (quality, then order), or null when it names neither. */
export function acceptedLanguage(header: string | undefined): Language | null {
  let best: { lang: Language; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (!isLanguage(primary)) continue;
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? '1',
    );
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? null;
}

/** An explicit `?lang=`, else the language picked on the site (the `lang` cookie the web app sets), else the browser's, else English. */
export function languageOf(req: FastifyRequest): Language {
  const asked: unknown = req.query;
  const query = asked && typeof asked === 'object' && 'lang' in asked ? asked.lang : undefined;
  if (isLanguage(query)) return query;
  const cookie = /(?:^|;\s*)lang=(en|ar)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  return acceptedLanguage(req.headers['accept-language']) ?? 'en';
}

/** What robots read on the root domain: the public pages, not the API, the sign-in pages or payment links. */
export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /auth/',
    'Disallow: /uploads/',
    'Disallow: /initial-subscription/',
    'Disallow: /renew-subscription/',
    'Disallow: /family-payment/',
    'Disallow: /payment/',
    'Disallow: /subscription-invoice/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
/** An academy's subdomain is its private app: nothing there is for search engines. */
const academyRobotsTxt = 'User-agent: *\nDisallow: /\n';

/**
 * Each public page in each language, with its alternates (hreflang): English, the default, at the plain
 * address (also the x-default, which answers a visitor in their language), Arabic at `?lang=ar`.
 */
export function sitemapXml(origin: string) {
  const url = (path: string, lang?: Language) => `${origin}${path}${lang && lang !== 'en' ? `?lang=${lang}` : ''}`;
  const entries = Object.keys(PUBLIC_PAGES).flatMap((path) =>
    LANGUAGES.map((lang) =>
      [
        '  <url>',
        `    <loc>${url(path, lang)}</loc>`,
        ...LANGUAGES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${url(path, l)}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
        '  </url>',
      ].join('\n'),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

interface Variant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A document compressed once, at start-up (it never changes while the process runs). */
function variantOf(text: string): Variant {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
}

/** Brotli, then gzip, when the browser accepts it (`;q=0` refuses). */
export function encodingFor(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .toLowerCase()
      .split(',')
      .map((p) => p.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function sendVariant(req: FastifyRequest, reply: FastifyReply, variant: Variant, headers: { type: string; cache: string; vary?: string }) {
  reply
    .header('Content-Type', headers.type)
    .header('Cache-Control', headers.cache)
    .header('ETag', variant.etag)
    .header('Vary', headers.vary ?? 'Accept-Encoding');
  if (req.headers['if-none-match'] === variant.etag) return reply.status(304).send();
  const encoding = encodingFor(req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding ? variant[encoding] : variant.identity);
}

/**
 * GET (and HEAD) of the public pages on the root domain, answered with their prerendered HTML when the
 * web build made it (dist/prerendered/<lang>/<page>.html), revalidated on every visit like the app's
 * shell; robots.txt and sitemap.xml on every host. Anything else falls through to the app.
 */
export async function registerPublicSite(app: FastifyInstance, opts: { webDist?: string; config: Config }) {
  const { config } = opts;
  // Without the trailing slash: the build writes `%ORIGIN%/path`.
  const origin = rootUrl(config, '');
  const isRoot = (req: FastifyRequest) => req.site.kind === 'root';
  const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };

  const robots = variantOf(robotsTxt(origin));
  const academyRobots = variantOf(academyRobotsTxt);
  const sitemap = variantOf(sitemapXml(origin));
  const hourly = 'public, max-age=3600';
  app.get('/robots.txt', routeOptions, (req, reply) =>
    sendVariant(req, reply, isRoot(req) ? robots : academyRobots, {
      type: 'text/plain; charset=utf-8',
      cache: hourly,
      vary: 'Accept-Encoding, Host',
    }),
  );
  app.get('/sitemap.xml', routeOptions, (req, reply) =>
    isRoot(req)
      ? sendVariant(req, reply, sitemap, { type: 'application/xml; charset=utf-8', cache: hourly })
      : reply.status(404).send({ message: ERRORS['request.not_found'], code: 'request.not_found' }),
  );

  const dir = opts.webDist ? join(opts.webDist, 'prerendered') : undefined;
  if (!dir || !existsSync(dir)) return;
  for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
    const fileOf = (lang: Language) => join(dir, lang, `${page}.html`);
    if (!LANGUAGES.every((lang) => existsSync(fileOf(lang)))) continue;
    // Canonical and alternate links are absolute: the configured public origin takes the build's placeholder.
    const variants = recordOf(LANGUAGES, (lang) => variantOf(readFileSync(fileOf(lang), 'utf8').replaceAll('%ORIGIN%', origin)));
    app.get(path, routeOptions, (req, reply) => {
      if (!isRoot(req)) return reply.callNotFound();
      const lang = languageOf(req);
      reply.header('Content-Language', lang);
      // Revalidated on every visit like the app's shell; the answer depends on the language asked for, not only the address.
      return sendVariant(req, reply, variants[lang], {
        type: 'text/html; charset=utf-8',
        cache: 'no-cache',
        vary: 'Accept-Encoding, Accept-Language, Cookie',
      });
    });
  }
}
