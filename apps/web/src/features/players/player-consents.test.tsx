// The player page's consents for staff (docs/domain.md, "Data map"): each purpose's latest answer, given by the
// parent or recorded from a paper form by a member, in English and Arabic; a purpose never answered says so.
import type { ChildConsents } from '@kora/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderWithApp, signedInAs, stubRoutes } from '../../test-render';
import { PlayerConsents } from './PlayerConsents';

const CHILD = '00000000-0000-4000-8000-000000000011';
const CONSENTS: ChildConsents = {
  childId: CHILD,
  consents: [
    {
      purpose: 'terms_privacy',
      granted: true,
      version: '2026-12-01',
      language: 'ar',
      at: '2026-11-30T22:30:00.000Z',
      givenBy: 'parent',
      recordedByName: null,
    },
    {
      purpose: 'medical',
      granted: true,
      version: '2026-12-01',
      language: 'en',
      at: '2026-12-02T08:00:00.000Z',
      givenBy: 'staff',
      recordedByName: 'Sara Admin',
    },
    {
      purpose: 'messages_sms',
      granted: false,
      version: '2026-12-01',
      language: 'ar',
      at: '2026-12-02T08:00:00.000Z',
      givenBy: 'parent',
      recordedByName: null,
    },
  ],
};

function renderConsents(answer: () => Response, locale: Locale = 'en') {
  localStorage.setItem('signedIn', '1');
  const requests = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadPlayers: true })),
    [`GET /api/privacy/players/${CHILD}/consents`]: answer,
  }).requests;
  renderWithApp(<PlayerConsents playerId={CHILD} />, locale);
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("the player page's consents", () => {
  it('lists every purpose with its answer, who gave it and when (the Riyadh day), and the ones never answered', async () => {
    renderConsents(() => json(CONSENTS));
    const row = async (purpose: string) => screen.findByTestId(`player-consent-${purpose}`);
    // 22:30 UTC on 30 November is 1 December in Riyadh.
    expect((await row('terms_privacy')).textContent).toMatch(/^YesTerms and privacyBy the parent on 2026\/12\/01.*\(text 2026-12-01\)$/);
    expect((await row('medical')).textContent).toMatch(/From the paper form, recorded by Sara Admin on 2026\/12\/02/);
    expect(within(await row('messages_sms')).getByTestId('player-consent-state').textContent).toBe('No');
    expect((await row('photos')).textContent).toBe('NoPhotosNever answered');
    expect((await row('messages_email')).textContent).toContain('Never answered');
  });

  it('speaks Arabic, and shows a failure with Retry', async () => {
    let fail = true;
    renderConsents(() => (fail ? json({ message: 'Not found', code: 'player.not_found' }, 404) : json(CONSENTS)), 'ar');
    const section = await screen.findByTestId('player-consents');
    expect(within(section).getByRole('heading').textContent).toBe('الموافقات');
    const retry = await within(section).findByRole('button');
    fail = false;
    retry.click();
    expect((await screen.findByTestId('player-consent-medical')).textContent).toContain('من النموذج الورقي، سجّلها Sara Admin');
    expect(section.textContent).not.toMatch(/Yes|No\b|Never|Photos|paper/);
  });
});
