// The catalogs are loaded in parts (locales/parts.ts): the signed-in shell waits for `core` only, a public page
// for `public` too, and a language picked later loads the parts already asked for.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { MESSAGE_PARTS, partOf } from '../locales/parts';

/** lib/i18n as a fresh page has it: nothing loaded (test-setup registered whole catalogs in its own copy). */
const freshI18n = () => import('./i18n');
beforeEach(() => vi.resetModules());

describe('catalog parts', () => {
  it('put every message in one part, the public pages and the server codes apart from the shell', () => {
    const ids = Object.keys(en);
    expect(new Set(ids.map(partOf))).toEqual(new Set(MESSAGE_PARTS));
    expect(partOf('landing.title')).toBe('public');
    expect(partOf('login.title')).toBe('public');
    // The payment pages are public pages: the staff app never shows their messages.
    expect(partOf('paymentPage.pay')).toBe('public');
    expect(partOf('paymentResult.tryAgain')).toBe('public');
    expect(partOf('errors.request.failed')).toBe('errors');
    expect(partOf('nav.dashboard')).toBe('core');
    expect(partOf('einvoicing.otp')).toBe('settings');
    // Settings → Messages' texts load with Settings; the kinds' and channels' names are the portal's too.
    expect(partOf('messages.title')).toBe('settings');
    expect(partOf('messages.channel.whatsapp')).toBe('core');
    expect(partOf('messages.kind.event_moved')).toBe('core');
    // The report's and the import dialog's words load with them; what opens them, and the export menu, with their lists.
    expect(partOf('attendanceReport.open')).toBe('core');
    expect(partOf('attendanceReport.title')).toBe('tools');
    expect(partOf('playerImport.open')).toBe('core');
    expect(partOf('playerImport.exportCsv')).toBe('core');
    expect(partOf('playerImport.title')).toBe('tools');
  });

  it('load the parts asked for; another language then loads the same parts', async () => {
    const { loadCatalog } = await freshI18n();
    const core = await loadCatalog('en', ['core']);
    expect(Object.keys(core).every((id) => partOf(id) === 'core')).toBe(true);
    expect(core).not.toHaveProperty('landing.title');

    const withPublic = await loadCatalog('en', ['public']);
    expect(withPublic).toHaveProperty(['landing.title'], en['landing.title']);
    expect(withPublic).not.toHaveProperty('errors.request.failed');

    const arabic = await loadCatalog('ar', []);
    expect(arabic).toHaveProperty(['landing.title'], 'إدارة الأكاديمية أصبحت سهلة');
    expect(arabic).not.toHaveProperty('errors.request.failed');
  });
});
