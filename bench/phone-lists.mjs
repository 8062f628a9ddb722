// `npm run bench:phone`: the long lists of a 300-player academy on a phone. The `bench`
// academy of `npm run bench:seed` (PGlite, DATA_DIR/pglite), served by the production build; headless
// Chromium as a phone (390×844, device scale 3, touch) at each CPU throttling rate asked (default 1×
// and 4×, CDP Emulation.setCPUThrottlingRate). For each list screen, signed in as the bench admin:
// - cold load: a fresh browser context (no HTTP cache, no service worker) opens the screen's address;
//   time from navigation start to the first page of rows laid out (polled each animation frame: the
//   frame they are painted in; rows of a layout hidden by CSS do not count; for the schedule the
//   day's team rows, for the attendance report its player rows);
// - tap: a fresh context loads the dashboard, waits until it is idle (offline worker ready), then each
//   screen is opened by tapping its link (the nav bar; the settings menu for the payments history, the
//   schedule's button for the attendance report), in the order below; time from the tap's
//   pointerdown to the rows painted;
// - scroll and "Show more" (after each cold load): a smooth scroll gesture to the bottom (frames, the
//   longest frame, long tasks), then "Show 25 more" tapped until every row shows or 4 times (time from
//   the tap to the new rows painted, long tasks), then the whole list scrolled again.
// Long tasks come from a PerformanceObserver('longtask') installed before any page script. Each
// measure also keeps the /api/ answers of its window (Resource Timing: start, end, bytes), to tell
// the network from the rendering. Localhost: no network latency is simulated.
//
//   npm run bench:phone [-- --runs 3] [--cpu 1 --cpu 4] [--screen players] [--build] [--dist dir] [--server main.js]
// (--data-dir: the seeded directory, default DATA_DIR or data/bench as `npm run bench:seed`; --dist: a web build
//  of its own, e.g. .tmp/phone-web, so journeys running from apps/web/dist are left alone; --build builds it;
//  --server: another build's apps/server/dist/main.js; --presses: at most this many "Show more", default 4;
//  --report bench/results/phone-lists-….json: print a results file's tables again, measuring nothing)
//
// Prints a table per CPU rate and writes everything to bench/results/phone-lists-<time>.json.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildIfMissing, startProductionServer } from './production-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', multiple: true },
    screen: { type: 'string', multiple: true },
    build: { type: 'boolean', default: false },
    dist: { type: 'string' },
    server: { type: 'string' },
    'data-dir': { type: 'string' },
    presses: { type: 'string', default: '4' },
    report: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const RATES = (args.cpu ?? ['1', '4']).map(Number).filter((n) => n >= 1);
const PRESSES = Math.max(0, Number(args.presses) || 0);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The bench academy's admin (apps/server/src/seed/scale.ts BENCH_LOGIN). */
const ADMIN = { handle: 'bench', email: 'admin@bench.kora.sa', password: 'bench12345' };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-US' };

/**
 * The screens, in the order the tap pass opens them. `rows`: the selector of a row once painted;
 * `paged`: it has "Show more"; `tap`: the link tapped (`via`: a screen opened first, `open`: a
 * selector tapped before, untimed).
 */
const SCREENS = [
  { name: 'players', path: '/players', rows: '[data-testid="player-row"]', paged: true, tap: 'nav a[href="/players"]' },
  { name: 'growth', path: '/growth', rows: '[data-testid="growth-row"]', paged: true, tap: 'nav a[href="/growth"]' },
  { name: 'subscriptions', path: '/settings', rows: '[data-testid="subscription-row"]', paged: true, tap: 'nav a[href="/settings"]' },
  {
    name: 'payments history',
    path: '/settings/payments-history',
    rows: '[data-testid="payments-row"]',
    paged: true,
    via: 'nav a[href="/settings"]',
    viaPath: '/settings',
    viaRows: '[data-testid="subscription-row"]',
    open: '[data-testid="settings-nav-toggle"]',
    tap: 'a[href="/settings/payments-history"]',
  },
  { name: 'schedule week', path: '/schedule', rows: '[data-testid="schedule-day"] > li', paged: false, tap: 'nav a[href="/schedule"]' },
  {
    name: 'attendance report',
    path: '/schedule/attendance',
    rows: '[data-testid="report-player-row"]',
    paged: false,
    via: 'nav a[href="/schedule"]',
    viaPath: '/schedule',
    viaRows: '[data-testid="schedule-day"] > li',
    tap: '[data-testid="open-attendance-report"]',
  },
].filter((s) => !args.screen || args.screen.some((n) => s.name.startsWith(n)));

// ── the server ───────────────────────────────────────────────────────────────

const WEB_DIST = resolve(root, args.dist ?? 'apps/web/dist');
const DATA_DIR = resolve(root, args['data-dir'] ?? (process.env.DATA_DIR || 'data/bench'));

/** Builds what is missing (or everything with --build) and checks the data is seeded. */
function prepare() {
  buildIfMissing({ webDist: WEB_DIST, build: args.build, server: args.server });
  if (!existsSync(join(DATA_DIR, 'pglite'))) {
    console.error(`${DATA_DIR}/pglite is not seeded: run \`BENCH_DB=pglite DATA_DIR=${DATA_DIR} npm run bench:seed\` first`);
    process.exit(2);
  }
}

/** The production server on the seeded directory (rate limits raised: one address opens hundreds of pages). */
const startServer = () =>
  startProductionServer({
    server: args.server,
    webDist: WEB_DIST,
    dataDir: DATA_DIR,
    handle: ADMIN.handle,
    env: { SEED_DEMO: 'never', RATE_LIMIT_SCALE: '100' },
    notReady: ` (is ${DATA_DIR} seeded with the bench academy?)`,
  });

// ── in the page ──────────────────────────────────────────────────────────────

/** Installed before any page script: long tasks, and the timestamp of the next pointerdown once armed. */
const INIT = () => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  window.__tap = null;
  addEventListener('pointerdown', (e) => (window.__tap ??= e.timeStamp), { capture: true });
};

/** True once at least `min` rows are laid out (called on each animation frame). */
const rowsPainted = ({ selector, min }) => {
  // Rows of a layout hidden by CSS (a screen rendering both its cards and its table) have no box and do not count.
  let shown = 0;
  for (const row of document.querySelectorAll(selector)) if (row.getClientRects().length > 0) shown++;
  return shown >= Math.max(1, min) ? { at: performance.now(), rows: shown } : false;
};

/** The frame's time once `check` holds, polled each animation frame; the paint follows it. */
async function waitRows(page, selector, min = 1, timeout = 60_000) {
  const handle = await page.waitForFunction(rowsPainted, { selector, min }, { polling: 'raf', timeout });
  return handle.jsonValue();
}

/** What happened in the page between two of its times: long tasks and /api/ answers. */
function windowOf(page, from, to) {
  return page.evaluate(
    ({ from, to }) => ({
      longTasks: window.__longTasks
        .filter((t) => t.start + t.duration > from && t.start < to)
        .map((t) => ({ start: Math.round(t.start - from), ms: Math.round(t.duration) })),
      api: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.includes('/api/') && r.startTime >= from - 1 && r.startTime < to)
        .map((r) => {
          const url = new URL(r.name);
          return {
            path: url.pathname + url.search,
            start: Math.round(r.startTime - from),
            end: Math.round(r.responseEnd - from),
            ms: Math.round(r.responseEnd - r.startTime),
            waitMs: Math.round(r.responseStart - r.requestStart),
            transferKiB: Math.round(r.transferSize / 102.4) / 10,
            bodyKiB: Math.round(r.decodedBodySize / 102.4) / 10,
          };
        }),
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => r.initiatorType === 'script' && r.startTime >= from - 1 && r.startTime < to)
        .reduce((a, r) => ({ files: a.files + 1, end: Math.max(a.end, Math.round(r.responseEnd - from)) }), { files: 0, end: 0 }),
      dom: document.getElementsByTagName('*').length,
    }),
    { from, to },
  );
}

const summarize = (w) => ({
  longTasks: w.longTasks.length,
  longTaskMs: w.longTasks.reduce((a, t) => a + t.ms, 0),
  longestTaskMs: Math.max(0, ...w.longTasks.map((t) => t.ms)),
});

/** Taps a selector and returns the time of its pointerdown in the page's clock. */
async function tap(page, selector) {
  await page.evaluate(() => {
    window.__tap = null;
  });
  await page.locator(selector).first().tap();
  return page.evaluate(() => window.__tap);
}

/**
 * Taps a link on the way to a measured screen (untimed) until the address is `pathname`: on this busy
 * machine a tap on the scrolling nav bar is now and then lost (1 in 36 in one run), as a person's would be.
 */
async function tapTo(page, selector, pathname) {
  for (let attempt = 1; ; attempt++) {
    await page.locator(selector).first().tap();
    try {
      await page.waitForURL((u) => u.pathname === pathname, { timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** A smooth scroll to the bottom; frames drawn meanwhile (requestAnimationFrame), the longest gap, long tasks. */
async function scrollToBottom(page, cdp) {
  const start = await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    window.__stopFrames = false;
    requestAnimationFrame(tick);
    return { at: performance.now(), distance: document.documentElement.scrollHeight - innerHeight - scrollY };
  });
  // A smooth scroll gesture (a quick flick: 3,000 px/s asked) in steps of at most 3,000 px. Headless Chromium here moves
  // nothing for gestureSourceType 'touch' (checked by hand), so the gesture is the mouse wheel's smooth scroll:
  // the same compositor scrolling and the same frames to draw.
  let left = start.distance;
  while (left > 10) {
    const step = Math.min(left, 3000);
    await cdp.send('Input.synthesizeScrollGesture', {
      x: 195,
      y: 700,
      yDistance: -step,
      speed: 3000,
      gestureSourceType: 'mouse',
      repeatCount: 1,
    });
    const now = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight - scrollY);
    if (now >= left - 5) break; // the page does not move (gesture ignored): stop
    left = now;
  }
  const end = await page.evaluate(() => {
    window.__stopFrames = true;
    return { at: performance.now(), left: document.documentElement.scrollHeight - innerHeight - scrollY, frames: window.__frames };
  });
  const w = await windowOf(page, start.at, end.at);
  const frames = end.frames.slice(1);
  return {
    px: Math.round(start.distance - end.left),
    ms: Math.round(end.at - start.at),
    frames: frames.length,
    longestFrameMs: Math.round(Math.max(0, ...frames)),
    framesOver50ms: frames.filter((f) => f > 50).length,
    ...summarize(w),
  };
}

// ── the passes ───────────────────────────────────────────────────────────────

async function newPhone(browser, base, token, rate) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  await context.addInitScript(INIT);
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, cdp, base };
}

/** Says what failed, with the page's address and a screenshot in the temporary directory. */
async function failure(page, what, err) {
  const shot = join(tmpdir(), `phone-lists-${what.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.png`);
  await page.screenshot({ path: shot }).catch(() => {});
  const message = `${what}: ${String(err?.message ?? err).split('\n')[0]} at ${page.url()} (screenshot ${shot})`;
  process.stderr.write(`${message}\n`);
  return message;
}

/** A cold load of the screen and its scrolls and presses; one failure is retried once (a busy machine). */
async function coldRun(browser, base, token, rate, screen, attempt = 1) {
  try {
    return await coldRunOnce(browser, base, token, rate, screen);
  } catch (err) {
    if (attempt >= 2) throw err;
    return coldRun(browser, base, token, rate, screen, attempt + 1);
  }
}

/** A cold load of the screen, then its scroll and "Show more" presses. */
async function coldRunOnce(browser, base, token, rate, screen) {
  const { context, page, cdp } = await newPhone(browser, base, token, rate);
  try {
    await page.goto(base + screen.path, { waitUntil: 'commit' });
    const ready = await waitRows(page, screen.rows);
    const w = await windowOf(page, 0, ready.at);
    const load = { ms: Math.round(ready.at), rows: ready.rows, ...summarize(w), api: w.api, scripts: w.scripts, dom: w.dom };
    await page.waitForLoadState('networkidle').catch(() => {});
    const total = await page.evaluate(() => {
      const status = document.querySelector('[data-testid="show-more"] [role="status"]')?.textContent ?? '';
      const numbers = status.match(/\d[\d,]*/g)?.map((n) => Number(n.replaceAll(',', ''))) ?? [];
      return numbers.length ? numbers[numbers.length - 1] : null;
    });
    const firstScroll = await scrollToBottom(page, cdp);
    const presses = [];
    for (let i = 0; screen.paged && i < PRESSES; i++) {
      const before = await page.evaluate(
        (selector) => [...document.querySelectorAll(selector)].filter((row) => row.getClientRects().length > 0).length,
        screen.rows,
      );
      if ((await page.locator('[data-testid="show-more"] button').count()) === 0) break;
      const at = await tap(page, '[data-testid="show-more"] button');
      const shown = await waitRows(page, screen.rows, before + 1);
      const pw = await windowOf(page, at, shown.at);
      presses.push({ ms: Math.round(shown.at - at), rows: shown.rows, ...summarize(pw), dom: pw.dom });
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    }
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForTimeout(200);
    const lastScroll = presses.length ? await scrollToBottom(page, cdp) : null;
    return { load, total, firstScroll, presses, lastScroll };
  } catch (err) {
    throw new Error(await failure(page, `cold ${screen.name} cpu ${rate}x`, err));
  } finally {
    await context.close();
  }
}

/** One fresh context: the dashboard, idle, then each screen opened by a tap (its way there untimed). */
async function tapRun(browser, base, token, rate) {
  const { context, page } = await newPhone(browser, base, token, rate);
  const out = {};
  try {
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    await page.locator('nav a[href="/players"]').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // The offline worker registers once the app is idle (apps/web/src/offline/register.ts): let it settle first.
    await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 15_000))])).catch(() => {});
    await page.waitForLoadState('networkidle');
    for (const screen of SCREENS) {
      try {
        if (screen.via) {
          await tapTo(page, screen.via, screen.viaPath);
          await waitRows(page, screen.viaRows, 1, 30_000);
          await page.waitForLoadState('networkidle');
        }
        if (screen.open) await page.locator(screen.open).tap();
        const at = await tap(page, screen.tap);
        const ready = await waitRows(page, screen.rows, 1, 30_000);
        const w = await windowOf(page, at, ready.at);
        out[screen.name] = { ms: Math.round(ready.at - at), rows: ready.rows, ...summarize(w), api: w.api, scripts: w.scripts };
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => scrollTo(0, 0));
        await tapTo(page, 'nav a[href="/"]', '/');
        await page.waitForLoadState('networkidle');
      } catch (err) {
        // Kept as a failed measure (with a screenshot of what the phone showed); the pass goes on from the dashboard.
        out[screen.name] = { error: await failure(page, `tap ${screen.name} cpu ${rate}x`, err) };
        await page.goto(`${base}/`);
        await page.locator('nav a[href="/players"]').waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
      }
    }
    return out;
  } finally {
    await context.close();
  }
}

/** The list's own answer among a load's /api/ answers: the largest. */
const listAnswer = (api) => api.reduce((best, a) => (!best || a.bodyKiB > best.bodyKiB ? a : best), null);
const median = (list) => {
  const s = list.filter((n) => typeof n === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const uptime = () => {
  try {
    return execSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  }
};

/** A screen's figures at one CPU rate from its runs: medians, the range of the loads, the worst scroll. */
function summarizeScreen(rate, screen, c, tapRuns) {
  const tp = tapRuns.filter((r) => !r.error);
  const pressMs = Array.from({ length: Math.max(0, ...c.map((r) => r.presses?.length ?? 0)) }, (_, k) =>
    median(c.map((r) => r.presses?.[k]?.ms)),
  );
  const worst = (key) =>
    c
      .map((r) => r[key])
      .reduce(
        (w, x) =>
          x && (!w || x.framesOver50ms > w.framesOver50ms || (x.framesOver50ms === w.framesOver50ms && x.longestFrameMs > w.longestFrameMs))
            ? x
            : w,
        null,
      );
  const data = listAnswer(c[0].load.api);
  return {
    cpu: rate,
    screen: screen.name,
    path: screen.path,
    firstPageRows: c[0].load.rows,
    totalRows: c[0].total ?? c[0].load.rows,
    coldMs: median(c.map((r) => r.load.ms)),
    coldRuns: c.map((r) => r.load.ms),
    tapMs: median(tp.map((r) => r.ms)),
    tapRuns: tp.map((r) => r.ms),
    loadLongTaskMs: median(c.map((r) => r.load.longTaskMs)),
    loadLongestTaskMs: median(c.map((r) => r.load.longestTaskMs)),
    tapLongestTaskMs: median(tp.map((r) => r.longestTaskMs)),
    // The list's data: the largest /api/ answer before the rows (cold load; median of the runs).
    dataPath: data?.path ?? null,
    dataStartMs: median(c.map((r) => listAnswer(r.load.api)?.start)),
    dataEndMs: median(c.map((r) => listAnswer(r.load.api)?.end)),
    dataServerMs: median(c.map((r) => listAnswer(r.load.api)?.waitMs)),
    dataKiB: data ? { transfer: data.transferKiB, body: data.bodyKiB } : null,
    tapDataEndMs: median(tp.map((r) => listAnswer(r.api)?.end)),
    scriptsEndMs: median(c.map((r) => r.load.scripts.end)),
    scriptFiles: median(c.map((r) => r.load.scripts.files)),
    pressMs,
    pressLongestTaskMs: median(c.flatMap((r) => (r.presses ?? []).map((p) => p.longestTaskMs))),
    // The worst run's scrolls (most frames over 50 ms, then the longest frame).
    scroll: worst('firstScroll'),
    lastScroll: worst('lastScroll'),
    tapErrors: tapRuns.filter((r) => r.error).map((r) => r.error),
    runs: { cold: c, taps: tapRuns },
  };
}

function printTables(results, rates, runs) {
  const pad = (s, n) => String(s ?? '').padEnd(n);
  const ms = (n) => (n === null || n === undefined ? '' : `${n}`);
  const scroll = (x) => (x ? `${x.frames}/${x.longestFrameMs}/${x.framesOver50ms}` : '');
  for (const rate of rates) {
    console.log(`\nCPU ${rate}x — phone 390×844 @3x, touch; ms, median of ${runs} (cold: and its range)`);
    console.log(
      `${pad('screen', 19)}${pad('rows', 9)}${pad('cold', 17)}${pad('tap', 6)}${pad('data start→end (server)', 24)}${pad('js end', 7)}${pad('long task', 11)}${pad('show more (each)', 22)}scroll first page → all`,
    );
    for (const r of results.filter((x) => x.cpu === rate)) {
      const data = r.dataEndMs === null ? '' : `${r.dataStartMs}→${r.dataEndMs} (${r.dataServerMs})`;
      const tasks = `${ms(r.loadLongestTaskMs)}${r.pressLongestTaskMs !== null ? `/${r.pressLongestTaskMs}` : ''}`;
      const cold = `${ms(r.coldMs)} (${Math.min(...r.coldRuns)}–${Math.max(...r.coldRuns)})`;
      console.log(
        `${pad(r.screen, 19)}${pad(`${r.firstPageRows}/${r.totalRows}`, 9)}${pad(cold, 17)}${pad(ms(r.tapMs), 6)}${pad(data, 24)}${pad(ms(r.scriptsEndMs), 7)}${pad(tasks, 11)}${pad(r.pressMs.join(', '), 22)}${scroll(r.scroll)}${r.lastScroll ? ` → ${scroll(r.lastScroll)}` : ''}`,
      );
      for (const e of r.tapErrors ?? []) console.log(`${pad('', 19)}failed: ${e}`);
      const over = [r.coldMs > 1000 && `cold ${r.coldMs} ms`, r.tapMs > 1000 && `tap ${r.tapMs} ms`].filter(Boolean);
      if (over.length)
        console.log(
          `${pad('', 19)}over 1 s: ${over.join(', ')}; ${r.dataPath} asked at ${r.dataStartMs} ms, answered at ${r.dataEndMs} ms (server ${r.dataServerMs} ms, ${r.dataKiB?.transfer} KiB sent, ${r.dataKiB?.body} KiB JSON), ${r.scriptFiles ?? ''} scripts received by ${r.scriptsEndMs} ms, rows painted ${r.coldMs - Math.max(r.dataEndMs ?? 0, r.scriptsEndMs ?? 0)} ms after both`,
        );
    }
  }
  console.log(
    '\nrows: first page / all (the status line); cold: navigation start → first rows painted; tap: pointerdown → rows painted;\n' +
      "data: the list's answer (largest /api/ answer) asked → answered, and the server's part (request to first byte), cold load;\n" +
      'js end: last script of the cold load received; long task: longest of the cold load / of a "Show more";\n' +
      'scroll (worst run): frames, longest frame (ms), frames over 50 ms while scrolling (3,000 px/s) from the top to the bottom.',
  );
}

// ── main ─────────────────────────────────────────────────────────────────────

if (args.report) {
  // Prints a results file again (its figures recomputed from its runs).
  const saved = JSON.parse(readFileSync(resolve(args.report), 'utf8'));
  const byName = new Map(SCREENS.map((s) => [s.name, s]));
  const results = saved.results.map((r) =>
    summarizeScreen(r.cpu, byName.get(r.screen) ?? { name: r.screen, path: r.path }, r.runs.cold, r.runs.taps),
  );
  printTables(results, saved.cpuRates, saved.runs);
  console.log(`load before: ${saved.loadBefore}\nload after:  ${saved.loadAfter}`);
  process.exit(0);
}

prepare();
const loadBefore = uptime();
console.log(`load before: ${loadBefore}`);
const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const base = `http://${ADMIN.handle}.localhost:${server.port}`;
const results = [];
try {
  const login = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: `${ADMIN.handle}.localhost:${server.port}` },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`bench admin login failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();

  for (const rate of RATES) {
    const cold = Object.fromEntries(SCREENS.map((s) => [s.name, []]));
    const taps = Object.fromEntries(SCREENS.map((s) => [s.name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const screen of SCREENS) {
        process.stderr.write(`cpu ${rate}x run ${i + 1}/${RUNS}: ${screen.name} (cold)\n`);
        cold[screen.name].push(await coldRun(browser, base, token, rate, screen));
      }
      process.stderr.write(`cpu ${rate}x run ${i + 1}/${RUNS}: taps from the dashboard\n`);
      const t = await tapRun(browser, base, token, rate);
      for (const [name, r] of Object.entries(t)) taps[name].push(r);
    }
    for (const screen of SCREENS) results.push(summarizeScreen(rate, screen, cold[screen.name], taps[screen.name]));
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
}
const loadAfter = uptime();
printTables(results, RATES, RUNS);
console.log(`load before: ${loadBefore}\nload after:  ${loadAfter}`);

mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, `bench/results/phone-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
let commit = null;
try {
  commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
} catch {}
writeFileSync(
  file,
  JSON.stringify(
    { at: new Date().toISOString(), commit, loadBefore, loadAfter, runs: RUNS, cpuRates: RATES, phone: PHONE, dataDir: DATA_DIR, results },
    null,
    2,
  ),
);
console.log(`written: ${file}`);
