import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BUDGET, bundleSizes } from '../apps/web/scripts/bundle-size.mjs';
import { buildIfMissing, startProductionServer } from './production-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    build: { type: 'boolean', default: false },
    url: { type: 'string', multiple: true },
    reports: { type: 'string' },
    server: { type: 'string' },
    dist: { type: 'string' },
    screen: { type: 'string', multiple: true },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_ADMIN = { handle: 'demo', email: 'admin@demo.kora.sa', password: 'demo12345' };
const DEMO_COACH = { ...DEMO_ADMIN, email: 'coach@demo.kora.sa' };
/** The demo parent of the family portal (README "Demo logins"): signed in with a code from the development outbox. */
const DEMO_PARENT = { family: true, address: 'parent@demo.kora.sa' };
/** The signed-in screens audited (the demo academy admin, README "Demo logins"); the subscriptions are the settings' first screen; the
 * last five have forms (in dialogs, or the page itself: the academy profile), docs/performance.md. */
const SIGNED_IN = [
  ['dashboard', '/'],
  ['my trainings (coach)', '/trainings', DEMO_COACH],
  ['players list', '/players'],
  ['schedule', '/schedule'],
  ['subscriptions', '/settings'],
  ['teams', '/teams'],
  ['coaches', '/coaches'],
  ['privileges', '/settings/privileges'],
  ['packages', '/settings/packages'],
  ['academy', '/settings/academy'],
  ['family home (parent)', '/family', DEMO_PARENT],
].filter(([name]) => !args.screen || args.screen.some((s) => name.startsWith(s)));

const WEB_DIST = resolve(root, args.dist ?? 'apps/web/dist');
buildIfMissing({ webDist: WEB_DIST, build: args.build, server: args.server });

/** The production server on a free port with a fresh embedded database (the demo academy is seeded). */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kora-bench-web-'));
  // The outbox gives the parent's sign-in code.
  const { port, child } = await startProductionServer({
    server: args.server,
    webDist: WEB_DIST,
    dataDir,
    handle: 'demo',
    env: { EXPOSE_OUTBOX: 'true' },
  });
  return {
    port,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/** One Lighthouse run; `keepStorage` keeps the signed-in token (Lighthouse clears the origin's storage otherwise). */
async function audit(chromePort, url, keepStorage) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: keepStorage,
    formFactor: 'mobile',
  });
  const lhr = result.lhr;
  if (args.reports) {
    mkdirSync(args.reports, { recursive: true });
    writeFileSync(
      join(args.reports, `${new URL(url).hostname}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`),
      result.report,
    );
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([id, name]) => [name, lhr.audits[id]?.displayValue ?? '']));
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  // What keeps a category below 100: its failing audits (weighted, or informative ones of performance).
  const failing = {};
  for (const c of CATEGORIES) {
    failing[c] = lhr.categories[c].auditRefs
      .filter((ref) => {
        const a = lhr.audits[ref.id];
        return a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual';
      })
      .map((ref) => `${ref.id}${lhr.audits[ref.id].displayValue ? ` (${lhr.audits[ref.id].displayValue})` : ''}`);
  }
  return {
    url,
    scores,
    metrics,
    scriptKiB: scripts ? Math.round(scripts.transferSize / 1024) : null,
    failing,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function median(chromePort, url, before = async () => {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    // Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most.
    for (let attempt = 1; ; attempt++) {
      try {
        const keepStorage = (await before()) === 'keep-storage';
        runs.push(await audit(chromePort, url, keepStorage));
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        console.warn(`retrying: ${err.message}`);
      }
    }
  }
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return { ...runs[Math.floor(runs.length / 2)], performanceRuns: runs.map((r) => r.scores.performance) };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const results = [];
try {
  const base = `http://localhost:${server.port}`;
  const academy = `http://${DEMO_ADMIN.handle}.localhost:${server.port}`;
  for (const path of args.screen ? (args.url ?? []) : ['/', ...(args.url ?? [])])
    results.push({ page: `public ${path}`, ...(await median(chrome.port, base + path)) });

  // Signed in: the session cookie (HttpOnly, as the login sets it) and the app's signed-in marker, set in the
  // browser Lighthouse drives. Lighthouse then keeps the origin's storage, so the HTTP cache, the service worker
  // and its caches are emptied here instead (the offline worker would otherwise answer the next run from its
  // cache): each run loads cold.
  const familyTokenOf = async (address) => {
    // node:http, not fetch: the academy is the Host header's, which fetch leaves out.
    const post = (path, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            path,
            method: 'POST',
            headers: { host: new URL(academy).host, 'content-type': 'application/json' },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () =>
              resolve({ ok: res.statusCode === 200, status: res.statusCode, text: async () => text, json: async () => JSON.parse(text) }),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    await post('/api/family/sign-in', { address, language: 'en' });
    const mails = await (await fetch(`${base}/api/dev/outbox`)).json();
    const code = /\b(\d{6})\b/.exec(mails.filter((m) => m.to === address).at(-1)?.text ?? '')?.[1];
    const verified = await post('/api/family/verify', { address, code });
    if (!verified.ok) throw new Error(`family sign-in failed: ${verified.status} ${await verified.text()}`);
    return (await verified.json()).token;
  };
  const tokenOf = async (who) => {
    if (who.family) return familyTokenOf(who.address);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
    return (await login.json()).token;
  };
  const signIn = (token, family) => async () => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${academy}/favicon.svg`);
    await page.evaluate((marker) => localStorage.setItem(marker, '1'), family ? 'familySignedIn' : 'signedIn');
    const cdp = await page.context().newCDPSession(page);
    const name = family ? 'kora_family' : 'kora_session';
    await cdp.send('Network.setCookie', { name, value: token, url: academy, httpOnly: true, sameSite: 'Lax' });
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: academy, storageTypes: 'service_workers,cache_storage' });
    await page.close();
    await browser.close();
    return 'keep-storage';
  };
  const tokens = new Map();
  for (const [page, path, who = DEMO_ADMIN] of SIGNED_IN) {
    if (!tokens.has(who)) tokens.set(who, await tokenOf(who));
    const result = await median(chrome.port, academy + path, signIn(tokens.get(who), !!who.family));
    // A run that ended on the login page measured the wrong page.
    if (/^\/(auth\/|family\/sign-in)/.test(new URL(result.finalUrl).pathname)) throw new Error(`${page}: signed out (${result.finalUrl})`);
    results.push({ page: `${page} (signed in)`, ...result });
  }
} finally {
  await chrome.kill();
  server.stop();
}

const sizes = bundleSizes(WEB_DIST);
const pad = (s, n) => String(s).padEnd(n);
console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs by performance)` : ''} — mobile, simulated throttling, ${CHROME}`);
console.log(`${pad('page', 26)}${CATEGORIES.map((c) => pad(c, 16)).join('')}JS transferred   ${Object.values(METRICS).join(' / ')}`);
for (const r of results) {
  console.log(
    `${pad(r.page, 26)}${CATEGORIES.map((c) => pad(r.scores[c], 16)).join('')}${pad(r.scriptKiB === null ? '' : `${r.scriptKiB} KiB`, 17)}${Object.values(r.metrics).join(' / ')}`,
  );
  if (RUNS > 1) console.log(`${pad('', 26)}performance of each run: ${r.performanceRuns.join(', ')}`);
  for (const [c, list] of Object.entries(r.failing)) if (list.length) console.log(`${pad('', 26)}${c} below 0.9: ${list.join(', ')}`);
}
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log('\nJavaScript, gzip (apps/web/scripts/bundle-size.mjs)');
console.log(`landing  ${kb(sizes.landing.js)} (budget ${kb(BUDGET.landing)}: ${sizes.landing.js <= BUDGET.landing ? 'ok' : 'OVER'})`);
console.log(`shell    ${kb(sizes.shell.js)} (budget ${kb(BUDGET.shell)}: ${sizes.shell.js <= BUDGET.shell ? 'ok' : 'OVER'})`);
// Each audited screen: its own chunks (budget) and all it loads beyond the shell (older builds' scripts may not count screens).
for (const [name, s] of Object.entries(sizes.screens ?? {}))
  if (['dashboard', 'players', 'schedule', 'subscriptions'].includes(name))
    console.log(
      `${name.padEnd(14)} own ${kb(s.own)} (budget ${kb(BUDGET.screen)}: ${s.own <= BUDGET.screen ? 'ok' : 'OVER'}), beyond the shell ${kb(s.beyond)}`,
    );

mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, `bench/results/web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      runs: RUNS,
      results,
      sizes: { landing: sizes.landing, shell: sizes.shell, screens: sizes.screens },
      budget: BUDGET,
    },
    null,
    2,
  ),
);
console.log(`\nwritten: ${file}`);
