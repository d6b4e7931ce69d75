/**
 * The internal chat in two browsers at once, against the running product: Alice (one browser context) makes a chat
 * with Bruno (another) and writes; Bruno's menu dot and top-bar count appear live, clear when he opens the chat,
 * and his reply reaches Alice live; Alice renames the chat, and Bruno sees the new title. A 390 px screen shows the
 * chats and the messages as two tabs. Screenshots go to test-results/internal-chat-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, api, launchChromium, signInWithForm } from './browser.ts';

const stamp = Date.now().toString(36);
const ALICE = { name: `Alice ${stamp}`, email: `alice-${stamp}@example.com`, password: 'pass-12345' };
const BRUNO = { name: `Bruno ${stamp}`, email: `bruno-${stamp}@example.com`, password: 'pass-12345' };
const TITLE = `Plantão ${stamp}`;

let browser: Browser;
let aliceContext: BrowserContext;
let brunoContext: BrowserContext;
let alice: Page;
let bruno: Page;
const pageErrors: string[] = [];

const shot = (page: Page, name: string) => screenshot(page, `internal-chat-${name}`);

const openPage = async (context: BrowserContext) => {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
};

beforeAll(async () => {
  const admin = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
  for (const u of [ALICE, BRUNO]) await api('POST', '/users', u, admin.token);
  browser = await launchChromium();
  aliceContext = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
  brunoContext = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
  alice = await openPage(aliceContext);
  bruno = await openPage(brunoContext);
});

afterAll(async () => {
  await browser?.close();
});

describe('internal chat between two users', () => {
  it('Alice makes a chat with Bruno and writes; Bruno sees the dot and the count live, and opening it clears them', async () => {
    await signInWithForm(alice, ALICE.email, ALICE.password);
    await signInWithForm(bruno, BRUNO.email, BRUNO.password);
    // Bruno stays on the inbox: everything he learns arrives live
    await bruno.getByTestId('chats-button').waitFor();
    expect(await bruno.getByTestId('chats-button-count').count()).toBe(0);

    await alice.locator('a[href="/chats"]').first().click();
    await alice.waitForURL('**/chats');
    await alice.getByTestId('chats-page').waitFor();
    await alice.getByTestId('chat-new').click();
    await alice.getByTestId('chat-dialog').waitFor();
    // save stays disabled until a title and a user are chosen
    await expect(alice.getByTestId('chat-save').isDisabled()).resolves.toBe(true);
    await alice.getByTestId('chat-title').fill(TITLE);
    await expect(alice.getByTestId('chat-save').isDisabled()).resolves.toBe(true);
    await alice.getByTestId('chat-users').click();
    await alice.locator('.p-multiselect-filter').fill(BRUNO.name);
    await alice.locator('.p-multiselect-item').filter({ hasText: BRUNO.name }).click();
    // close the list (Escape would close the dialog too)
    await alice.locator('[data-testid=chat-dialog] .p-dialog-title').click();
    await alice.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
    await shot(alice, '01-dialog');
    await alice.getByTestId('chat-save').click();
    await alice.getByTestId('chat-dialog').waitFor({ state: 'detached' });
    await alice.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(alice.getByTestId('chat-heading').textContent()).resolves.toBe(TITLE);

    await alice.getByTestId('chat-input').fill('Olá Bruno, pode cobrir o plantão de sábado?');
    await alice.keyboard.press('Enter');
    await alice.getByTestId('chat-message').filter({ hasText: 'pode cobrir o plantão' }).waitFor();
    await shot(alice, '02-sent');

    await bruno.getByTestId('nav-chats-dot').waitFor();
    await expect(bruno.getByTestId('chats-button-count').textContent()).resolves.toBe('1');
    await shot(bruno, '03-dot-and-count');

    await bruno.getByTestId('chats-button').click();
    await bruno.waitForURL('**/chats');
    const item = bruno.getByTestId('chat-item').filter({ hasText: TITLE });
    await expect(item.getByTestId('chat-item-unread').textContent()).resolves.toBe('1');
    await item.click();
    await bruno.getByTestId('chat-message').filter({ hasText: 'pode cobrir o plantão' }).waitFor();
    // opening it marks it read: the badge, the dot and the count go
    await item.getByTestId('chat-item-unread').waitFor({ state: 'detached' });
    await bruno.getByTestId('nav-chats-dot').waitFor({ state: 'detached' });
    await bruno.getByTestId('chats-button-count').waitFor({ state: 'detached' });
    await shot(bruno, '04-opened');
  });

  it("Bruno's reply reaches Alice live, and Alice's new title reaches Bruno", async () => {
    // only the owner may edit or delete
    expect(await bruno.getByTestId('chat-edit').count()).toBe(0);
    expect(await bruno.getByTestId('chat-delete').count()).toBe(0);
    await bruno.getByTestId('chat-input').fill('Posso sim!');
    await bruno.getByTestId('chat-send').click();
    await alice.getByTestId('chat-message').filter({ hasText: 'Posso sim!' }).waitFor();
    await shot(alice, '05-reply');

    await alice.getByTestId('chat-edit').click();
    await alice.getByTestId('chat-dialog').waitFor();
    await alice.getByTestId('chat-title').fill(`${TITLE} (sábado)`);
    await alice.getByTestId('chat-save').click();
    await alice.getByTestId('chat-dialog').waitFor({ state: 'detached' });
    await bruno.waitForFunction(
      (title) => document.querySelector('[data-testid=chat-heading]')?.textContent === title,
      `${TITLE} (sábado)`,
    );
    await bruno
      .getByTestId('chat-item')
      .filter({ hasText: `${TITLE} (sábado)` })
      .waitFor();
    await shot(bruno, '06-renamed');
  });

  it('shows the chats and the messages as two tabs on a 390 px screen', async () => {
    await bruno.setViewportSize({ width: 390, height: 844 });
    await bruno.getByTestId('chats-tab-messages').waitFor();
    await expect(bruno.getByTestId('chats-tab-messages').getAttribute('aria-selected')).resolves.toBe('true');
    await bruno.getByTestId('chat-message').filter({ hasText: 'Posso sim!' }).waitFor();
    await shot(bruno, '07-narrow-messages');
    await bruno.getByTestId('chats-tab-chats').click();
    await bruno.getByTestId('chat-item').filter({ hasText: TITLE }).waitFor();
    await shot(bruno, '08-narrow-chats');
    await bruno.getByTestId('chat-item').filter({ hasText: TITLE }).click();
    await bruno.getByTestId('chat-conversation').waitFor();
  });

  it("Alice deletes the chat: Bruno's screen drops it and goes back to /chats", async () => {
    await alice.getByTestId('chat-delete').click();
    await alice.locator('.p-confirm-dialog-accept').click();
    await alice.waitForURL(/\/chats$/);
    await bruno.waitForURL(/\/chats$/);
    await bruno.getByTestId('chat-item').filter({ hasText: TITLE }).waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
