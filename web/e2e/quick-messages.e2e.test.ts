/**
 * Quick replies in a real browser against the running product: the admin adds one on /quick-messages, a
 * customer writes through the web chat, and in the conversation '/' and the shortcode bring the reply into the
 * message input, which is then sent. Every step leaves a screenshot under test-results/quick-messages-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, baseUrl, openDesktopPage, signInWithForm } from './browser.ts';

const SHORTCODE = `prazo${Date.now().toString(36)}`;
const TEXT = 'Seu pedido chega em até 3 dias úteis. Qualquer dúvida, estamos por aqui!';
const CUSTOMER = 'Paula Quick';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let webchatToken = '';

const shot = (name: string) => screenshot(page, `quick-messages-${name}`, { waitMs: 400 });

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('quick replies in the browser', () => {
  it('adds a quick reply on /quick-messages, refusing an empty shortcode first', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());

    // the menu entry exists now that the page does
    await page.locator('a[href="/quick-messages"]').first().click();
    await page.waitForURL('**/quick-messages');
    await page.getByTestId('quick-messages-page').waitFor();
    await shot('01-page');

    await page.getByTestId('quick-messages-add').click();
    await page.getByTestId('quick-message-save').click();
    await expect(page.locator('#quick-message-shortcode-error').textContent()).resolves.toBe('Requerido');
    await page.fill('#quick-message-shortcode', SHORTCODE);
    await page.fill('#quick-message-message', TEXT);
    await page.locator('label[for=quick-message-geral]').click();
    await shot('02-dialog');
    await page.getByTestId('quick-message-save').click();
    await page.getByTestId('quick-message-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('quick-messages-search').fill(SHORTCODE);
    const row = page.locator('[data-testid=quick-messages-table] tbody tr').filter({ hasText: SHORTCODE });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Sem anexo');
    await row.locator('.quick-messages-table__shared').waitFor();
    await shot('03-listed');
  });

  it("puts the reply in a conversation's input with '/' and the shortcode, and sends it", async () => {
    const connections = await page.evaluate(async () => {
      const r = await fetch('/api/whatsapp', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()) as { channel: string; widgetKey: string | null }[];
    });
    webchatToken = connections.find((c) => c.channel === 'webchat')?.widgetKey ?? '';
    expect(webchatToken).not.toBe('');
    const visitor = await fetch(`${baseUrl()}/api/webchat/${webchatToken}/visitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: CUSTOMER }),
    });
    expect(visitor.status).toBe(201);
    const { visitorToken } = (await visitor.json()) as { visitorToken: string };
    const said = await fetch(`${baseUrl()}/api/webchat/${webchatToken}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitorToken}` },
      body: JSON.stringify({ body: 'Quando chega o meu pedido?' }),
    });
    expect(said.status).toBe(202);

    await page.locator('a[href="/tickets"]').first().click();
    await page.waitForURL('**/tickets');
    await page.getByTestId('tab-pending').click();
    const ticketRow = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
    await ticketRow.click();
    await page.getByTestId('header-accept').click();
    const input = page.getByTestId('message-input');
    await input.waitFor();

    await input.fill(`/${SHORTCODE.slice(0, 6)}`);
    const option = page.getByTestId('quick-reply-option').filter({ hasText: SHORTCODE });
    await option.waitFor();
    await shot('04-picker');
    // the highlight follows the arrow keys; pick this reply with the keyboard
    const count = await page.getByTestId('quick-reply-option').count();
    const index = await option.evaluate((el) => [...el.parentElement!.children].indexOf(el));
    for (let i = 0; i < index && i < count; i++) await input.press('ArrowDown');
    await input.press('Enter');
    await expect(input.inputValue()).resolves.toBe(TEXT);
    await expect(page.getByTestId('quick-reply-picker').count()).resolves.toBe(0);
    await shot('05-picked');

    await page.getByTestId('send-button').click();
    await page.getByTestId('message').filter({ hasText: TEXT }).waitFor();
    await expect(input.inputValue()).resolves.toBe('');
    await shot('06-sent');

    await input.fill('/');
    await page.getByTestId('quick-reply-picker').waitFor();
    await input.press('Escape');
    await expect(page.getByTestId('quick-reply-picker').count()).resolves.toBe(0);
    await input.fill('');
    expect(pageErrors).toEqual([]);
  });
});
