// A parent at 390 px in Arabic withdraws the consent to text messages for their child (docs/domain.md, "Data map"):
// the portal's Details records it, Notifications then says texts are refused and greys them out, a cancelled
// training reaches the parent by e-mail but not by text, and the staff read the refusal among the child's consents.
import { readFileSync } from 'node:fs';
import { addDaysIso, riyadhToday } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, codeFor, DEMO, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const m: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));
/** A message's words before its first rich-text tag (the link). */
const lead = (id: string) => m[id].split('<')[0].trim();

/** A child registered in the public wizard with every consent given, on a new team with a training in two days. */
async function family(tag: string) {
  const admin = await apiAs();
  const coach = await apiAs(DEMO.coach);
  const { user: coachUser } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
  const email = `consents-${tag}@example.com`;
  const phone = `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { player } = await registerParent({
    parentInfo: { name: `Parent ${tag}`, phone, email },
    playerInfo: { name: `Reem ${tag}`, nameArabic: `ريم ${tag}`, birthdate: '2015-05-05', gender: 'FEMALE' },
    consents: { language: 'ar', termsPrivacy: true, photos: true, messagesSms: true, messagesEmail: true },
  });
  const team = await admin.call<{ id: string }>('POST', '/api/teams', {
    name: `Consents ${tag}`,
    nameArabic: `الموافقات ${tag}`,
    color: 'BLUE',
    coachIds: [coachUser.id],
    playerIds: [player.id],
  });
  const event = await admin.call<{ id: string }>('POST', '/api/events', {
    type: 'TRAINING_SESSION',
    date: addDaysIso(riyadhToday(), 2),
    time: '17:00',
    endTime: '18:30',
    field: `Pitch ${tag}`,
    teamIds: [team.id],
    coachIds: [coachUser.id],
  });
  return { admin, email, playerId: player.id, event };
}

describe('a parent withdraws the consent to text messages on a phone, in Arabic', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('is recorded from Details, said on Notifications, honoured when a training is cancelled, and shown to staff', async () => {
    const { page, context } = b;
    const tag = uniqueSuffix();
    const { admin, email, playerId, event } = await family(tag);
    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));

    await page.goto(academyUrl('demo', '/family'));
    await page.getByLabel(m['family.signIn.address']).fill(email);
    await page.getByRole('button', { name: m['family.signIn.send'] }).click();
    await page.getByLabel(m['family.signIn.code']).fill(await codeFor(email));
    await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
    await page.getByTestId('family-child').first().waitFor();

    // Details: the child's consents as given at registration; the text-message one is withdrawn.
    await page.goto(academyUrl('demo', '/family/details'));
    const sms = page.getByTestId('family-consent-messages_sms');
    const smsBox = sms.getByRole('checkbox');
    await expect.poll(() => smsBox.isChecked()).toBe(true);
    await smsBox.click();
    await page.getByText(m['family.consents.saved']).first().waitFor();
    await expect.poll(() => smsBox.isChecked()).toBe(false);

    // Notifications: texts refused, said in Arabic with the way back, and their boxes greyed out.
    await page.goto(academyUrl('demo', '/family/notifications'));
    const notice = page.getByTestId('family-notifications-declined');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(lead('family.notifications.declinedSms'));
    await notice.getByRole('link', { name: m['family.nav.details'] }).waitFor();
    const cancelled = page.getByTestId('family-notification-kind-event_cancelled');
    expect(await cancelled.getByLabel(m['messages.channel.sms']).isDisabled()).toBe(true);
    expect(await cancelled.getByLabel(m['messages.channel.email']).isDisabled()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `${artifacts}family-consents-declined-ar-390.png`, fullPage: true });

    // The admin cancels the training: the parent hears of it by e-mail, not by text.
    const me = await page.evaluate(() =>
      fetch('/api/family/me', { headers: { 'x-kora-request': '1' }, credentials: 'same-origin' }).then((r) => r.json()),
    );
    await admin.call('DELETE', `/api/events/${event.id}`);
    const told = await admin.call<{ items: { channel: string }[] }>(
      'GET',
      `/api/messages?recipientId=${me.parent.id}&kind=event_cancelled`,
    );
    expect(told.items.map((x) => x.channel).sort()).toEqual(['email']);

    // The staff read the refusal among the child's consents, given by the parent.
    const consents = await admin.call<{ consents: { purpose: string; granted: boolean; givenBy: string }[] }>(
      'GET',
      `/api/privacy/players/${playerId}/consents`,
    );
    expect(consents.consents.find((c) => c.purpose === 'messages_sms')).toMatchObject({ granted: false, givenBy: 'parent' });
    expect(consents.consents.find((c) => c.purpose === 'messages_email')).toMatchObject({ granted: true });
  });
});
