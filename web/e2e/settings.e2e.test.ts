/**
 * The settings page in a real browser against the running product: a fresh company's admin changes an option and
 * finds it kept after a reload, turns LGPD on at once (its consent message is optional), and switches the business hours
 * to the company's own to edit them in the schedules tab, in the time zone it sets. Screenshots under test-results/settings-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `settings.${run}@example.com`, password: 'settings-password-1' };

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `settings-${name}`, { fullPage: true, waitMs: 400 });

/** Opens a PrimeReact dropdown by its test id and picks the option with this label. */
const choose = async (testId: string, label: string) => {
  await page.getByTestId(testId).click();
  await page.locator('.p-dropdown-panel li[role=option]', { hasText: label }).first().click();
};

const dropdownText = (testId: string) => page.getByTestId(testId).locator('.p-dropdown-label').textContent();

const savedToast = () => page.locator('.p-toast-message', { hasText: 'Operación actualizada con éxito.' }).last();

beforeAll(async () => {
  await signUpCompany({ name: 'Sílvia Ajustes', email: OWNER.email, password: OWNER.password }, `Loja Ajustes ${run}`);
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('settings in the browser', () => {
  it('saves an option as soon as it changes and keeps it after a reload', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.locator('a[href="/settings"]').first().click();
    await page.waitForURL('**/settings');
    await page.getByTestId('settings-options').waitFor();
    await shot('01-options');
    expect(await page.getByTestId('settings-tab-schedules').count()).toBe(0);

    await choose('setting-userRating', 'Habilitado');
    await savedToast().waitFor();
    await page.reload();
    await page.getByTestId('settings-options').waitFor();
    await expect.poll(() => dropdownText('setting-userRating')).toBe('Habilitado');
  });

  it('turns LGPD on at once without a message, then saves its message and link', async () => {
    await choose('setting-enableLGPD', 'Habilitado');
    await savedToast().waitFor();
    const message = page.getByTestId('setting-lgpdMessage');
    await message.waitFor();
    expect(await page.locator('#setting-lgpdMessage-error').count()).toBe(0);
    await page.getByTestId('setting-lgpdHideNumber').waitFor();
    await shot('02-lgpd-on-without-message');

    await message.fill('Para continuar, aceite nossa política de privacidade.');
    await page.getByTestId('setting-lgpdLink').fill('https://example.com/privacidade');
    await page.getByTestId('setting-lgpdMessage-save').click();
    await savedToast().waitFor();
    await page.getByTestId('setting-lgpdLink-save').click();
    await page.getByTestId('setting-lgpdHideNumber').waitFor();
    await shot('03-lgpd-on');

    await page.reload();
    await page.getByTestId('settings-options').waitFor();
    await expect.poll(() => dropdownText('setting-enableLGPD')).toBe('Habilitado');
    await expect
      .poll(() => page.getByTestId('setting-lgpdMessage').inputValue())
      .toBe('Para continuar, aceite nossa política de privacidade.');
    await expect.poll(() => page.getByTestId('setting-lgpdLink').inputValue()).toBe('https://example.com/privacidade');
  });

  it('shows the schedules tab once hours are the company’s, starting from the default hours, and keeps edited hours', async () => {
    await choose('setting-scheduleType', 'Empresa');
    await page.getByTestId('settings-tab-schedules').click();
    await page.getByTestId('company-hours').waitFor();
    expect(await page.getByTestId('company-hours-monday-startTimeA').inputValue()).toBe('08:00');
    expect(await page.getByTestId('company-hours-sunday-endTimeB').inputValue()).toBe('18:00');

    // an afternoon that starts before the morning ends is refused on the page
    await page.getByTestId('company-hours-monday-startTimeB').fill('11:00');
    await page.getByTestId('company-hours-save').click();
    await page.locator('#company-hours-monday-startTimeB-error').waitFor();
    await shot('04-schedules-invalid');

    await page.getByTestId('company-hours-monday-startTimeB').fill('14:00');
    await page.getByTestId('company-hours-saturday-endTimeB').fill('');
    await page.getByTestId('company-hours-saturday-startTimeB').fill('');
    await page.getByTestId('company-hours-save').click();
    await page.locator('.p-toast-message', { hasText: 'Horarios actualizados correctamente.' }).waitFor();
    await shot('05-schedules-saved');

    await page.reload();
    await page.getByTestId('settings-tab-schedules').click();
    await page.getByTestId('company-hours').waitFor();
    await expect.poll(() => page.getByTestId('company-hours-monday-startTimeB').inputValue()).toBe('14:00');
    expect(await page.getByTestId('company-hours-saturday-startTimeB').inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
  });

  it("sets the company's time zone from a searchable list, and the hours editor says which zone its hours are in", async () => {
    // a company that never chose reads as the server's zone
    await expect.poll(() => page.getByTestId('company-hours-zone').textContent()).toContain('UTC');
    await page.getByTestId('settings-tab-options').click();
    await page.getByTestId('setting-timeZone').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill('Tokyo');
    await page.locator('.p-dropdown-panel li[role=option]', { hasText: 'Asia/Tokyo' }).click();
    await savedToast().waitFor();
    await expect.poll(() => dropdownText('setting-timeZone')).toBe('Asia/Tokyo (GMT+09:00)');

    await page.getByTestId('settings-tab-schedules').click();
    await expect.poll(() => page.getByTestId('company-hours-zone').textContent()).toContain('Asia/Tokyo');
    await shot('06-time-zone');
    await page.reload();
    await page.getByTestId('settings-tab-schedules').click();
    await expect.poll(() => page.getByTestId('company-hours-zone').textContent()).toContain('Asia/Tokyo');
    expect(pageErrors).toEqual([]);
  });
});
