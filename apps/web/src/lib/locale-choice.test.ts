// The language of a document the server drew (main.tsx, `kora-boot`) against the one picked on this browser:
// a pick wins and the server is told it; without one, the document's becomes this browser's.
import { afterEach, describe, expect, it } from 'vitest';
import { adoptLocale, initialLocale, tellServerLocale } from './i18n';

const langCookie = () => document.cookie.split('; ').find((c) => c.startsWith('lang='));
afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the one cookie the module writes
  document.cookie = 'lang=; path=/; max-age=0';
});

describe("a server document's language", () => {
  it("becomes this browser's when none was picked here", () => {
    adoptLocale('ar');
    expect(initialLocale()).toBe('ar');
  });

  it('gives way to the language picked here, and the server is told it for the next page load', () => {
    localStorage.setItem('locale', 'ar');
    adoptLocale('en');
    expect(initialLocale()).toBe('ar');
    expect(langCookie()).toBe('lang=ar');
  });

  it('is set on start from a pick the server does not know yet (an older version kept none)', () => {
    localStorage.setItem('locale', 'ar');
    expect(langCookie()).toBeUndefined();
    tellServerLocale();
    expect(langCookie()).toBe('lang=ar');
  });
});
