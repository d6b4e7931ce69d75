/**
 * The connections page in a real browser against the running product: an admin of a new company adds a second
 * website chat (after the dialog refused a too-short name), edits its greeting and makes it the default,
 * regenerates its token, sees the widget answer on the new token and refuse the old one, and deletes the chat
 * once another connection is the default again. Screenshots at 1440 and 390 px under test-results/connections-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Carla Conexões', email: `carla.${run}@example.com`, password: 'connections-pass-1' };
const CHAT = 'Loja Centro';
const GREETING = 'Bem-vindo à Loja Centro! Como podemos ajudar?';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let oldToken = '';
let newToken = '';

const shot = (name: string, target: Page = page) => screenshot(target, `connections-${name}`, { waitMs: 400 });

const open = async (width: number, height: number) => {
  context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const opened = await context.newPage();
  opened.setDefaultTimeout(15_000);
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  return opened;
};

const signIn = async () => {
  await signInWithForm(page, OWNER.email, OWNER.password);
};

const row = (name: string) =>
  page
    .locator('[data-testid=connections-table] tbody tr')
    .filter({ has: page.locator('.connections-table__name', { hasText: new RegExp(`^${name}$`) }) });

const editRow = async (name: string) => {
  await row(name).locator('[data-testid^=connection-edit-]').click();
  await page.getByTestId('connection-dialog').waitFor();
};

const save = async () => {
  await page.getByTestId('connection-save').click();
  await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
};

beforeAll(async () => {
  await signUpCompany(OWNER, `Loja ${run}`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('connections in the browser', () => {
  it('adds a second website chat, refusing a too-short name first', async () => {
    page = await open(1440, 900);
    await signIn();
    await page.locator('a[href="/connections"]').first().click();
    await page.waitForURL('**/connections');
    await row('Chat do site').waitFor();
    await expect(row('Chat do site').getByTestId('connection-status').textContent()).resolves.toBe('online');
    await row('Chat do site').locator('.connections-table__default').waitFor();
    await shot('01-page');

    await page.getByTestId('connections-add').click();
    // the signup plan has useWhatsapp, useFacebook and useInstagram
    const items = page.locator('#connections-add-menu .p-menuitem');
    await expect(items.allTextContents()).resolves.toEqual([
      'WhatsApp (QR code)',
      'WhatsApp Cloud API',
      'Facebook',
      'Instagram',
      'Chat do site',
    ]);
    await page.locator('#connections-add-menu .connections-add-webchat a').click();
    await page.getByTestId('connection-dialog').waitFor();
    await page.fill('#connection-name', 'L');
    await page.getByTestId('connection-save').click();
    await expect(page.locator('#connection-name-error').textContent()).resolves.toBe('Too Short!');
    await shot('02-too-short');

    await page.fill('#connection-name', CHAT);
    await save();
    await row(CHAT).waitFor();
    await expect(row(CHAT).locator('.connections-table__default').count()).resolves.toBe(0);
  });

  it('edits its greeting and makes it the default connection', async () => {
    await editRow(CHAT);
    await page.getByTestId('connection-tab-messages').click();
    await page.fill('#connection-greeting', GREETING);
    await page.getByTestId('connection-tab-general').click();
    await page.locator('label[for=connection-default]').click();
    await shot('03-edit');
    await save();
    await row(CHAT).locator('.connections-table__default').waitFor();
    await expect.poll(() => row('Chat do site').locator('.connections-table__default').count()).toBe(0);
    await shot('04-default');
  });

  it('regenerates its widget key and its API token apart: the widget answers on the new key and refuses the old one', async () => {
    await editRow(CHAT);
    oldToken = await page.getByTestId('connection-widget-key').inputValue();
    const apiToken = await page.getByTestId('connection-token').inputValue();
    expect(oldToken).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(apiToken).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(apiToken).not.toBe(oldToken);
    await expect(page.getByTestId('connection-embed').inputValue()).resolves.toBe(
      `<script src="${baseUrl()}/widget.js" data-token="${oldToken}" async></script>`,
    );
    await page.getByTestId('connection-regenerate-widget-key').click();
    await page.getByTestId('connection-regenerate-widget-key-dialog').waitFor();
    await page.locator('[data-testid=connection-regenerate-widget-key-dialog] .p-confirm-dialog-accept').click();
    await expect.poll(() => page.getByTestId('connection-widget-key').inputValue()).not.toBe(oldToken);
    newToken = await page.getByTestId('connection-widget-key').inputValue();
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{30}$/);
    await expect(page.getByTestId('connection-token').inputValue()).resolves.toBe(apiToken);
    await expect(page.getByTestId('connection-embed').inputValue()).resolves.toContain(`data-token="${newToken}"`);
    await page.getByTestId('connection-copy-embed').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(newToken);
    await shot('05-token');

    // a new API token leaves the widget key, and so the sites' tags, as they are
    await page.getByTestId('connection-regenerate-token').click();
    await page.getByTestId('connection-regenerate-dialog').waitFor();
    await page.locator('[data-testid=connection-regenerate-dialog] .p-confirm-dialog-accept').click();
    await expect.poll(() => page.getByTestId('connection-token').inputValue()).not.toBe(apiToken);
    await expect(page.getByTestId('connection-widget-key').inputValue()).resolves.toBe(newToken);
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });

    const widget = await context.newPage();
    await widget.goto(`${baseUrl()}/widget/${newToken}`);
    await expect(widget.getByTestId('widget-greeting').textContent()).resolves.toBe(GREETING);
    await widget.fill('#widget-name', `Visitante ${run}`);
    await widget.getByTestId('widget-start').click();
    await widget.getByTestId('widget-input').waitFor();
    await widget.fill('[data-testid=widget-input]', 'Vocês abrem no sábado?');
    await widget.keyboard.press('Enter');
    await widget
      .getByTestId('widget-message-visitor')
      .filter({ hasText: 'Vocês abrem no sábado?' })
      .locator('.pi-check')
      .waitFor();
    await shot('06-widget-new-token', widget);

    await widget.goto(`${baseUrl()}/widget/${oldToken}`);
    await widget.getByTestId('widget-unavailable').waitFor();
    await shot('07-widget-old-token', widget);
    await widget.close();
  });

  it('deletes it once another connection is the default again', async () => {
    // the default cannot go while other connections exist
    await row(CHAT).locator('[data-testid^=connection-delete-]').click();
    await page.locator('[data-testid=connection-delete-dialog] .p-confirm-dialog-accept').click();
    await page.locator('.app-toast').getByText('É preciso manter pelo menos uma conexão padrão.').waitFor();
    await row(CHAT).waitFor();

    await editRow('Chat do site');
    await page.locator('label[for=connection-default]').click();
    await save();
    await row('Chat do site').locator('.connections-table__default').waitFor();

    await row(CHAT).locator('[data-testid^=connection-delete-]').click();
    await page.getByTestId('connection-delete-dialog').waitFor();
    await expect(page.getByTestId('connection-delete-dialog').textContent()).resolves.toContain(
      'Realmente quieres borrar este registro?',
    );
    await shot('08-delete');
    await page.locator('[data-testid=connection-delete-dialog] .p-confirm-dialog-accept').click();
    await row(CHAT).waitFor({ state: 'detached' });
    await expect(page.locator('[data-testid=connections-table] tbody tr').count()).resolves.toBe(1);
    const gone = await fetch(`${baseUrl()}/api/webchat/${newToken}`);
    expect(gone.status).toBe(404);
    await shot('09-deleted');
    await context.close();
  });

  it('fits a 390 px phone: the table and the edit dialog', async () => {
    page = await open(390, 844);
    await signIn();
    await page.goto(`${baseUrl()}/connections`);
    await row('Chat do site').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('10-phone');
    await editRow('Chat do site');
    await shot('11-phone-dialog');
    await page.getByTestId('connection-tab-integrations').click();
    await shot('12-phone-queues');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
