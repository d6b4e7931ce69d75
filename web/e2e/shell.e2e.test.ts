/**
 * The app shell in a real browser against the running product: sign in as the seeded super admin, find the
 * shell (greeting, menu), switch theme and language, reload and find both remembered, open the account menu
 * and the profile, sign out. Every step leaves a screenshot under test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { openDesktopPage, screenshot, SHOTS } from './browser.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl').replace(/\/$/, '');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let signedInUser: { name: string; company: { name: string } } | undefined;

const shot = (name: string) => screenshot(page, `shell-${name}`, { fullPage: true, waitMs: 350 });
const storage = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const path = () => new URL(page.url()).pathname;

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('app shell in the browser', () => {
  it('sends an anonymous visitor to the login page', async () => {
    await page.goto(`${baseUrl}/tickets`);
    await page.waitForURL('**/login');
    await page.locator('#login-email').waitFor();
    await expect(page.title()).resolves.toBe('Entrar - Switchboard');
    await shot('01-login');
  });

  it("shows the spec's messages for an empty form and a toast for wrong credentials", async () => {
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.locator('#login-email-error').textContent()).resolves.toBe('Obrigatório');
    await expect(page.locator('#login-password-error').textContent()).resolves.toBe('Obrigatório');
    await shot('02-login-validation');

    await page.fill('#login-email', adminEmail);
    await page.fill('#login-password', `${adminPassword}-wrong`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const toast = page.locator('.p-toast-message-error');
    await toast.first().waitFor();
    await expect(toast.first().textContent()).resolves.toContain('E-mail ou senha incorretos');
    await shot('03-login-wrong-password');
  });

  it('signs in the seeded super admin and lands in the inbox', async () => {
    await page.fill('#login-password', adminPassword);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    signedInUser = ((await response.json()) as { user: typeof signedInUser }).user;
    await page.waitForURL('**/tickets');
    await page.getByTestId('tickets-page').waitFor();
    expect(await storage('token')).toBeTruthy();
  });

  it('shows the shell: greeting with user and company, due date for admins, menu with the inbox', async () => {
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    const text = (await greeting.textContent()) ?? '';
    expect(text).toContain(`Olá, ${signedInUser!.name}!`);
    expect(text).toContain(signedInUser!.company.name);
    await page.getByTestId('due-date').waitFor({ state: 'visible' });

    const inbox = page.getByTestId('nav-tickets');
    await inbox.waitFor({ state: 'visible' });
    await expect(inbox.getAttribute('class')).resolves.toContain('nav-link--active');
    // the seeded company's inbox is shared with the other browser files, which may have left tickets in it
    await page.getByTestId('ticket-list').waitFor();
    await expect(page.getByTestId('no-ticket-selected').textContent()).resolves.toContain('Selecione um atendimento');
    await shot('04-shell');

    // the drawer toggles between the icon rail and the full menu with labels and the version footer
    const collapsedAtLoad = (await page.getByTestId('side-drawer').getAttribute('data-collapsed')) === 'true';
    if (collapsedAtLoad) await page.getByTestId('menu-toggle').click();
    await expect(page.getByTestId('side-drawer').getAttribute('data-collapsed')).resolves.toBe('false');
    await expect(inbox.textContent()).resolves.toBe('Atendimentos');
    await page.getByTestId('version-footer').waitFor();
    await expect(page.getByTestId('version-footer').textContent()).resolves.toBe('v.3.0.0');
    await shot('05-menu-open');
  });

  it('keeps the notification volume between 0 and 1 in steps of 0.1, remembered locally', async () => {
    expect(await storage('volume')).toBeNull();
    await page.getByTestId('volume-button').click();
    const handle = page.locator('[data-testid=volume-slider] [role=slider]');
    await handle.waitFor();
    await expect(handle.getAttribute('aria-valuenow')).resolves.toBe('1');
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(handle.getAttribute('aria-valuenow')).resolves.toBe('0.8');
    expect(await storage('volume')).toBe('0.8');
    await shot('06-volume');
    await page.keyboard.press('Escape');
    // a click beside the overlay closes it: on the conversation pane, where no ticket of the shared inbox can be hit
    await page.getByTestId('no-ticket-selected').click({ position: { x: 5, y: 5 } });
    await handle.waitFor({ state: 'hidden' });
  });

  it('switches to the dark theme and to English', async () => {
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(17, 24, 39)');
    expect(await storage('theme')).toBe('dark');
    await shot('07-dark');

    await page.getByTestId('language-button').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    // the English texts are downloaded when first chosen: the page switches once they have arrived
    await page
      .getByTestId('greeting')
      .filter({ hasText: `Hello, ${signedInUser!.name}!` })
      .waitFor();
    expect(await storage('language')).toBe('en');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-US');
    await shot('08-dark-english');
  });

  it('remembers theme and language after a reload, still signed in', async () => {
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(path()).toBe('/tickets');
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Hello');
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    expect(await storage('volume')).toBe('0.8');
    await expect(page.getByTestId('no-ticket-selected').textContent()).resolves.toContain('Select a ticket');
    await expect(page.title()).resolves.toBe('Tickets - Switchboard');
    await shot('09-after-reload');
  });

  it('opens the account menu and the profile dialog', async () => {
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await shot('10-account-menu');
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(page.locator('#profile-name').inputValue()).resolves.toBe(signedInUser!.name);
    await shot('11-profile');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('signs out to the login page and stays signed out', async () => {
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await storage('token')).toBeNull();
    await shot('12-signed-out');

    await page.goto(`${baseUrl}/tickets`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
    expect(await storage('token')).toBeNull();
  });

  it('ends this session when the account signs in on another computer', async () => {
    const socket = page.waitForEvent('websocket');
    await page.fill('#login-email', adminEmail);
    await page.fill('#login-password', adminPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tickets');
    // the notice travels over the realtime connection, so it must be open before the other sign-in
    await (await socket).waitForEvent('framesent');

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(`${baseUrl}/login`);
    await other.fill('#login-email', adminEmail);
    await other.fill('#login-password', adminPassword);
    await other.keyboard.press('Enter');
    await other.waitForURL('**/tickets');

    const notice = page.locator('.p-toast-message', { hasText: 'Se ha accedido a tu cuenta desde otro ordenador.' });
    await notice.waitFor();
    // not shot(): the page reloads one second after the notice, so the screenshot cannot wait long
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}shell-13-session-replaced.png` });
    await page.waitForURL('**/login');
    // local storage was cleared: the theme and language choices are gone with the session (read again while the
    // page still reloads: a read during the navigation has no page to run in)
    const settled = (key: string) => storage(key).catch(() => 'reloading');
    await expect.poll(() => settled('token')).toBeNull();
    await expect.poll(() => settled('theme')).toBeNull();
    await elsewhere.close();
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
