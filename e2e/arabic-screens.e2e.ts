// Arabic screens show no English (docs/domain.md, "Languages and demo data"): the demo
// admin, in Arabic, visits every signed-in screen and collects what a reader sees or hears — the
// visible text, placeholders, accessible names (aria-label), titles and alternative texts — and
// every Latin word outside names, codes and brands is a violation. Text a screen marks as written in
// another language (`lang`, text-language.tsx) is the user's own and is not checked. Each screen
// collects all its violations and compares them once, so one run names them all.
// Each screen also writes its numbers in one digit system (Latin, `ar-SA-u-nu-latn`), never mixed
// with Arabic-Indic digits.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, port, signInWithToken, useBrowser } from './browser';
import { RUN_TAG } from './data';

/** Latin words an Arabic screen may show: the brand, file formats and standards, other companies' names. */
const ALLOWED = new Set([
  'Kora',
  'PDF',
  'CSV',
  'XLSX',
  'Excel',
  'XML',
  'UBL',
  'QR',
  'ZATCA',
  'Fatoora',
  'PayTabs',
  'Google',
  'Apple',
  'Outlook',
  'iCal',
  'ICS',
  'OTP',
]);

/** Addresses and codes written in Latin letters by nature: e-mail addresses, links and host names, ids. */
const CODES = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses
  /\b(?:https?:\/\/|webcal:\/\/)\S+/g, // links
  /\b[\w-]+(\.[\w-]+)*\.(?:localhost|sa|com|test)(?::\d+)?(?:\/\S*)?/g, // host names
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, // ids
  RUN_TAG, // other journeys' data tags
];

const LATIN_WORD = /\p{Script=Latin}[\p{Script=Latin}\p{M}'’-]*/gu;
const LATIN_DIGIT = /[0-9]/;
const ARABIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/;

interface Seen {
  text: string;
  where: string;
}

/** What the page shows or says: visible text nodes, and the placeholders, labels, titles and alt texts of its elements. */
function collect(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    // Text marked as written in another language is the user's own (WrittenText); scripts and styles are not shown.
    const skipped = (el: Element) => el.closest('[lang]:not([lang="ar"]), script, style, noscript, template');
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('role') ?? '';
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || skipped(el)) continue;
      // The options of a closed list are shown when it opens.
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !el.closest('option')) continue;
      out.push({ text, where: describe(el) });
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], [alt], [aria-placeholder], [aria-description]')) {
      if (skipped(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt', 'aria-placeholder', 'aria-description']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push({ text: value, where: `${describe(el)}@${attr}` });
      }
    }
    if (document.title) out.push({ text: document.title, where: 'document.title' });
    return out;
  });
}

/** The Latin words of a text outside codes, brands and the names (of data without an Arabic form) in `names`. */
function latinWords(text: string, names: Set<string>): string[] {
  let rest = text;
  for (const code of CODES) rest = rest.replace(code, ' ');
  return (rest.match(LATIN_WORD) ?? []).filter((w) => !ALLOWED.has(w) && !names.has(w));
}

/** Waits until the screen has loaded and its text stopped changing (bounded; no fixed pause). */
async function settled(page: Page) {
  await page.getByTestId('avatar-menu').waitFor();
  await page.waitForLoadState('networkidle');
  let before = '';
  for (let tries = 0; tries < 40; tries++) {
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is checked
    const now = await page.locator('body').innerText();
    if (now === before && !(await page.locator('[aria-busy="true"]').count())) return;
    before = now;
    await page.waitForTimeout(150);
  }
}

/** Every signed-in screen (routes/app); `:player` is a demo player with an Arabic name, a subscription and growth records. */
const SCREENS = [
  '/',
  '/trainings',
  '/teams',
  '/players',
  '/players/:player',
  '/growth',
  '/growth/:player',
  '/coaches',
  '/schedule',
  '/schedule/attendance',
  '/settings',
  '/settings/privileges',
  '/settings/packages',
  '/settings/payments-history',
  '/settings/academy',
];

/** The menus and dialogs opened from them, each at its first step. */
const OPENED: { name: string; path: string; opener: (page: Page) => Promise<unknown> }[] = [
  { name: 'bell', path: '/', opener: (p) => p.getByTestId('attention-bell').click() },
  { name: 'account menu', path: '/', opener: (p) => p.getByTestId('avatar-menu').click() },
  { name: 'add player dialog', path: '/players', opener: (p) => p.getByRole('button', { name: 'إضافة لاعب' }).first().click() },
  {
    name: 'new event dialog',
    path: '/schedule',
    opener: (p) => p.getByRole('button', { name: 'إضافة فعالية', exact: true }).first().click(),
  },
];

describe('Arabic screens', () => {
  const b = useBrowser({ locale: 'ar' });
  let token = '';
  /** Words of names stored without an Arabic form (players, their families, teams, coaches, packages, account types added by other journeys). */
  const names = new Set<string>();
  let playerId = '';

  beforeAll(async () => {
    const base = `http://127.0.0.1:${port()}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle: 'demo', ...DEMO.admin }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    type Named = { id: string; name: string; nameArabic?: string | null };
    const players = await get<Named[]>('/api/users?role=PLAYER');
    const lists: Omit<Named, 'id'>[][] = [players];
    for (const path of ['/api/users?role=COACH', '/api/teams', '/api/packages', '/api/account-types']) lists.push(await get<Named[]>(path));
    // The dashboard's money block names each payment's family (a parent, whom no list of its own names).
    const { items } = await get<{ items: { family: Omit<Named, 'id'> }[] }>('/api/stats/collections');
    lists.push(items.map((i) => i.family));
    for (const list of lists)
      for (const item of list) if (!item.nameArabic?.trim()) for (const w of item.name.match(LATIN_WORD) ?? []) names.add(w);
    // A demo player with an Arabic name, a subscription and growth records.
    playerId = (players.find((p) => p.nameArabic) ?? players[0]).id;
  });

  /** The page as the admin sees it in Arabic: the Latin words outside names, codes and brands, and any Arabic-Indic digits beside Latin ones. */
  async function check(screen: string) {
    const { page } = b;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.screenshot({ path: `${artifacts}arabic-${screen.replace(/[^\p{L}\p{N}]+/gu, '-')}.png`, fullPage: true });
    const seen = await collect(page);
    const latin = new Set<string>();
    for (const s of seen) for (const w of latinWords(s.text, names)) latin.add(`${w} (${s.where}: "${s.text.slice(0, 60)}")`);
    const arabicDigits = seen.filter((s) => ARABIC_DIGIT.test(s.text)).map((s) => `${s.where}: "${s.text.slice(0, 60)}"`);
    const mixedDigits = seen.some((s) => LATIN_DIGIT.test(s.text)) ? [...new Set(arabicDigits)] : [];
    expect({ screen, latin: [...latin], mixedDigits }).toEqual({ screen, latin: [], mixedDigits: [] });
  }

  async function open(path: string) {
    const { page, context } = b;
    await signInWithToken(context, token);
    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));
    await page.goto(academyUrl('demo', path.replace(':player', playerId)));
    await settled(page);
  }

  it.each(SCREENS)('shows no English words and one digit system on %s', async (path) => {
    await open(path);
    await check(path);
  });

  it.each(OPENED)('shows no English words and one digit system in the $name', async ({ name, path, opener }) => {
    await open(path);
    await opener(b.page);
    await b.page.locator('[role="dialog"], [role="menu"]').first().waitFor();
    await settled(b.page);
    await check(`${path} ${name}`);
  });
});
