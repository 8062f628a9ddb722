import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { initialLocale, LocaleProvider, loadCatalog } from './i18n';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test's own cookie, removed.
  document.cookie = 'lang=; path=/; max-age=0';
});

describe('the language catalogs', () => {
  it('load one language on demand, once', async () => {
    const arabic = await loadCatalog('ar');
    expect(arabic['landing.title']).toBe('إدارة الأكاديمية أصبحت سهلة');
    expect(await loadCatalog('ar')).toBe(arabic);
    expect((await loadCatalog('en'))['landing.title']).toBe('Academy Management Made Simple');
  });

  it('switch with the flag buttons, remembered for the app and told to the server (prerendered pages)', async () => {
    render(
      <LocaleProvider locale="en">
        <LanguageSwitcher />
        <h1>
          <FormattedMessage id="landing.title" />
        </h1>
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Academy Management Made Simple');
    expect(document.cookie).not.toContain('lang=');
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect((await screen.findByRole('heading')).textContent).toBe('إدارة الأكاديمية أصبحت سهلة');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('locale')).toBe('ar');
    expect(document.cookie).toContain('lang=ar');
    expect(initialLocale()).toBe('ar');
  });
});
