import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import en from './locales/en.json';
import { PAGES, pathOf, renderPage, setCatalogs } from './prerender';

setCatalogs({ en, ar });

describe('the prerendered public pages', () => {
  it('render the landing page in each language with its hero, calls to action and language buttons', async () => {
    const english = await renderPage('landing', 'en');
    expect(english.html).toContain(
      '<h1 class="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Academy Management Made Simple</h1>',
    );
    expect(english.html).toContain('href="/auth/register/academy"');
    // The spec names the hero's button: 'Start Free Trial', to /auth/register/academy.
    expect(english.html).toMatch(/<a [^>]*href="\/auth\/register\/academy"[^>]*>Start Free Trial<\/a>/);
    expect(english.html).toContain('href="/auth/login"');
    expect(english.html).toMatch(/data-locale="ar"/);
    expect(english.title).toBe('Kora — Academy Management Made Simple');

    const arabic = await renderPage('landing', 'ar');
    expect(arabic.html).toContain('إدارة الأكاديمية أصبحت سهلة');
    expect(arabic.html).not.toContain('Academy Management Made Simple');
    expect(arabic.html).toContain('ابدأ التجربة المجانية');
    expect(arabic.title).toBe('كورة — إدارة الأكاديمية أصبحت سهلة');
  });

  it('give every page a title and a description of search-result length in both languages', async () => {
    for (const page of PAGES) {
      for (const locale of ['en', 'ar'] as const) {
        const { html, title, description } = await renderPage(page, locale);
        expect(html, `${page} ${locale}`).toContain('<main');
        expect(title.length, `${page} ${locale}`).toBeGreaterThan(3);
        expect(description.length, `${page} ${locale}`).toBeGreaterThanOrEqual(50);
        expect(description.length, `${page} ${locale}`).toBeLessThanOrEqual(320);
      }
    }
    expect(PAGES.map(pathOf)).toEqual(['/', '/pricing', '/about', '/contact', '/terms', '/privacy']);
  });

  it("carry the company's Arabic legal notice on every page, and its English one only on English pages", async () => {
    const arabic = await renderPage('landing', 'ar');
    expect(arabic.html).toContain('جميع الحقوق محفوظة لشركة كورا لتقنية المعلومات');
    expect(arabic.html).not.toContain('All rights reserved');
    const english = await renderPage('landing', 'en');
    expect(english.html).toContain('Kora Information Technology Co. All rights reserved.');
    expect(english.html).toContain('جميع الحقوق محفوظة لشركة كورا لتقنية المعلومات');
  });

  it('render the pricing page with a sign-up link on every plan', async () => {
    const { html } = await renderPage('pricing', 'ar');
    expect(html.match(/data-testid="pricing-card"/g)).toHaveLength(3);
    expect(html.match(/href="\/auth\/register\/academy"/g)?.length).toBeGreaterThanOrEqual(3);
  });
});
