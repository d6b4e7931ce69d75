/**
 * The inbox in a real browser against the running product: a customer writes through the public web chat API,
 * the signed-in admin sees the ticket arrive without reloading, accepts it, replies, and the customer reads the
 * reply; then the bell, the contact drawer, the dark theme, a 390 px wide screen and resolving the ticket. Every
 * step leaves a screenshot under test-results/inbox-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { openDesktopPage, screenshot } from './browser.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl').replace(/\/$/, '');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

const CUSTOMER = 'Maria Cliente';
const FIRST = 'Olá! Preciso de ajuda com o meu pedido 1234.';
const REPLY = 'Olá, Maria! Já localizei o pedido 1234 e vou resolver agora.';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let webchatToken = '';
let visitorToken = '';

const shot = (name: string) => screenshot(page, `inbox-${name}`, { waitMs: 400 });

/** The customer's side: the web chat widget's public API. */
const customer = {
  async start(name: string) {
    const r = await fetch(`${baseUrl}/api/webchat/${webchatToken}/visitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(r.status).toBe(201);
    visitorToken = ((await r.json()) as { visitorToken: string }).visitorToken;
  },
  async say(body: string) {
    const r = await fetch(`${baseUrl}/api/webchat/${webchatToken}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitorToken}` },
      body: JSON.stringify({ body }),
    });
    expect(r.status).toBe(202);
  },
  async messages(): Promise<{ body: string; fromVisitor: boolean }[]> {
    const r = await fetch(`${baseUrl}/api/webchat/${webchatToken}/messages`, {
      headers: { authorization: `Bearer ${visitorToken}` },
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { messages: { body: string; fromVisitor: boolean }[] }).messages;
  },
};

const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const row = () => page.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
const bubble = (text: string) => page.getByTestId('message').filter({ hasText: text });

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('the inbox in the browser', () => {
  it('signs in and shows the empty inbox with its tabs and controls', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.fill('#login-email', adminEmail);
    await page.fill('#login-password', adminPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tickets');
    await page.getByTestId('tickets-page').waitFor();
    await page.locator('[data-testid=ticket-list][aria-busy=false]').waitFor();
    // other browser tests share this product: the open tab is empty unless one of them left a ticket there
    if ((await page.getByTestId('ticket-row').count()) === 0) {
      await expect(page.getByTestId('empty-state').textContent()).resolves.toContain('Nenhum atendimento por aqui');
    }
    await page.locator('[data-testid="tab-open"][aria-selected="true"]').waitFor();
    await page.getByTestId('no-ticket-selected').waitFor();
    // the admin's controls: close all, show all; the list pane starts at the saved width
    await page.getByTestId('close-all').waitFor();
    await page.getByTestId('show-all').waitFor();
    const width = await page.getByTestId('ticket-list-pane').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(404);
    expect(width).toBeLessThanOrEqual(700);
    await shot('01-empty');

    // the company's web chat widget key, read with the page's own session (a second sign-in would end this one)
    const connections = await page.evaluate(async () => {
      const r = await fetch('/api/whatsapp', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()) as { channel: string; widgetKey: string | null }[];
    });
    webchatToken = connections.find((c) => c.channel === 'webchat')?.widgetKey ?? '';
    expect(webchatToken).not.toBe('');
  });

  it("shows a customer's new conversation in the pending tab without a reload", async () => {
    await page.getByTestId('tab-pending').click();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await customer.start(CUSTOMER);
    await customer.say(FIRST);

    await row().waitFor();
    await expect(row().getByTestId('unread-badge').textContent()).resolves.toBe('1');
    expect(Number(await page.getByTestId('tab-pending-count').textContent())).toBeGreaterThanOrEqual(1);
    await row().getByTestId('accept-ticket').waitFor();
    // still the same document: the row came over the realtime connection
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
    await shot('02-pending-live');
  });

  it('opens the waiting conversation and accepts it', async () => {
    await row().click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await bubble(FIRST).waitFor();
    await expect(page.getByTestId('ticket-contact-name').textContent()).resolves.toBe(CUSTOMER);
    await page.getByTestId('composer-locked').waitFor();
    await row().locator('[data-testid="ticket-row-open"][aria-current="true"]').waitFor();
    await shot('03-conversation-pending');

    await page.getByTestId('header-accept').click();
    await page.getByTestId('message-input').waitFor();
    await expect(page.getByTestId('ticket-assigned').textContent()).resolves.toContain('Admin');
    // accepting moved the ticket to the open tab, which is now selected
    await page.locator('[data-testid="tab-open"][aria-selected="true"]').waitFor();
    await row().waitFor();
    await shot('04-accepted');
  });

  it('replies, and the customer reads the reply in the web chat', async () => {
    await page.getByTestId('message-input').fill(REPLY);
    await page.getByTestId('send-button').click();
    await bubble(REPLY).waitFor();
    // sent, not delivered: the customer has no widget open; the outcome arrives live after the send's answer
    await bubble(REPLY).locator('[data-testid="ack"][data-ack="1"]').waitFor();
    await expect(page.getByTestId('message-input').inputValue()).resolves.toBe('');

    let fromAgent: { body: string }[] = [];
    await until(async () => {
      fromAgent = (await customer.messages()).filter((m) => !m.fromVisitor);
      return fromAgent.some((m) => m.body.includes(REPLY));
    }, 'the reply in the web chat');
    // the company signs messages by default: the agent's name in bold on its own line
    expect(fromAgent.find((m) => m.body.includes(REPLY))?.body).toBe(`*Admin:*\n${REPLY}`);

    await customer.say('Muito obrigada!');
    await bubble('Muito obrigada!').waitFor();
    await shot('05-replied');
  });

  it('counts unread messages in the bell and the title while the agent is elsewhere', async () => {
    await page.getByTestId('back-to-list').click();
    await page.waitForURL('**/tickets');
    const bellCount = async () => {
      const badge = page.getByTestId('notification-count');
      return (await badge.count()) ? Number(await badge.textContent()) : 0;
    };
    const before = await bellCount();
    await customer.say('Consegue me mandar o código de rastreio?');
    await until(async () => (await bellCount()) === before + 1, 'the ticket in the bell');
    await until(async () => (await page.title()) === `${before + 1} Atendimentos - Switchboard`, 'the unread count in the title');
    await expect(page.locator('link[rel~="icon"]').getAttribute('href')).resolves.toMatch(/^data:image\/svg\+xml/);
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').filter({ hasText: CUSTOMER }).waitFor();
    await shot('06-bell');

    await page.getByTestId('notification-item').filter({ hasText: CUSTOMER }).click();
    await bubble('Consegue me mandar o código de rastreio?').waitFor();
    // opening the conversation read it: the bell and the title drop it
    await until(async () => (await bellCount()) === before, 'the bell without the ticket');
    await until(
      async () => (await page.title()) === (before ? `${before} Atendimentos - Switchboard` : 'Atendimentos - Switchboard'),
      'the title without the ticket',
    );
  });

  it('shows the contact drawer and keeps a note', async () => {
    await page.getByTestId('ticket-contact-name').click();
    await page.getByTestId('note-input').fill('Cliente pediu o código de rastreio.');
    await page.getByTestId('note-add').click();
    await page.getByTestId('notes-list').getByText('Cliente pediu o código de rastreio.').waitFor();
    await page.locator('.p-toast-message-success').first().waitFor();
    const drawerWidth = await page.locator('.contact-drawer').evaluate((el) => el.getBoundingClientRect().width);
    expect(drawerWidth).toBe(320);
    await shot('07-contact-drawer');
    await page.keyboard.press('Escape');
    await page.locator('.contact-drawer').waitFor({ state: 'hidden' });
  });

  it('looks the same in the dark theme', async () => {
    await page.locator('.p-toast-message').first().waitFor({ state: 'detached' });
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.mouse.move(900, 600);
    await shot('08-dark');
    await page.getByTestId('header-transfer').click();
    await page.locator('#transfer-queue').waitFor();
    await shot('09-dark-transfer');
    await page.keyboard.press('Escape');
  });

  it('shows one pane at a time, with the Ticket and Servicios tabs, at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('mobile-tab-ticket').waitFor();
    await page.getByTestId('message-input').waitFor();
    await shot('10-mobile-ticket');
    await page.getByTestId('mobile-tab-list').click();
    await row().waitFor();
    await shot('11-mobile-list');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.getByTestId('mobile-tab-ticket').click();
    await page.getByTestId('message-input').waitFor();
    await shot('12-mobile-light');
    await page.setViewportSize({ width: 1366, height: 820 });
  });

  it('resolves the ticket with the farewell, back to an empty inbox', async () => {
    await page.getByTestId('header-resolve').click();
    await page.getByRole('menuitem', { name: 'Resolver e enviar despedida' }).click();
    await page.waitForURL('**/tickets');
    await page.locator('[data-testid="tab-open"][aria-selected="true"]').waitFor();
    await row().waitFor({ state: 'detached' });
    await until(
      async () => (await customer.messages()).some((m) => !m.fromVisitor && m.body.startsWith('Atendimento finalizado')),
      'the farewell',
    );
    await shot('13-resolved');

    await page.getByTestId('closed-toggle').click();
    await row().waitFor();
    await page.mouse.move(900, 600);
    await shot('14-closed-view');
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
