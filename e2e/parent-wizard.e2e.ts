import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, useBrowser } from './browser';

describe.each([
  ['desktop', false],
  ['phone', true],
])('parent registration wizard (%s)', (label, mobile) => {
  const b = useBrowser({ mobile });

  it('validates each step and registers parent and child', async () => {
    const { page } = b;
    await page.goto(academyUrl('demo', '/auth/register/parent'));
    // The first package the academy offers, whatever its name (the option after 'Skip package selection').
    const firstPackage = page.getByLabel('Subscription package').locator('option').nth(1);
    await firstPackage.waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Phone number is required').waitFor();
    await page.getByLabel('Parent name', { exact: true }).fill('Khalid Al-Otaibi');
    await page.getByLabel('Phone number', { exact: true }).fill('50123');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone number', { exact: true }).fill('501112233');
    await page.getByLabel('Subscription package').selectOption({ value: (await firstPackage.getAttribute('value')) ?? '' });
    await page.getByLabel('Subscription start date').waitFor();
    await page.screenshot({ path: `${artifacts}wizard-step1-${label}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByText('Player name is required').waitFor();
    await page.getByText('Birthdate is required').waitFor();
    await page.getByLabel('Player name', { exact: true }).fill('Faisal Al-Otaibi');
    await page.getByLabel('Nationality').fill('Saudi');
    await page.getByRole('option', { name: /Saudi Arabia/ }).click();
    await page.getByLabel('Birthdate').fill('2016/04/12');
    await page.getByLabel('Birthdate').press('Tab');
    await page.getByRole('button', { name: 'Female' }).click();
    // The terms are required: refused until agreed to.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByText('Please agree to the terms and the privacy notice').waitFor();
    await page.getByTestId('consent-terms_privacy').check();
    await page.getByTestId('consent-photos').check();
    await page.screenshot({ path: `${artifacts}wizard-step2-${label}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByTestId('parent-success').waitFor();
    expect(await page.getByTestId('parent-success').textContent()).toContain('+966501112233');
    // The parent's next place is the family portal, not the staff login.
    expect(await page.getByTestId('family-portal-link').getAttribute('href')).toBe('/family');
  });
});
