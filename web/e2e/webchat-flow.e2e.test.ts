/**
 * The whole web chat story in real browsers, each actor in a browser context of its own, on a company of its
 * own signed up through the public API: a visitor writes in the website chat widget; agent 1 sees the ticket
 * arrive in Pending without reloading, accepts it and replies; the visitor reads the reply live; agent 1
 * transfers the ticket to agent 2, who gets it live in Open, replies and resolves it with the farewell, which
 * the visitor reads in the widget. Every step leaves a screenshot under test-results/flow-<nn>-<step>.png.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS as ARGS, screenshot, SHOTS } from './browser.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const DESKTOP = { width: 1366, height: 820 };

const baseUrl = inject('baseUrl').replace(/\/$/, '');

// everything this test creates carries the run's mark, so nothing depends on what other tests left behind
const run = Date.now().toString(36);
const PASSWORD = 'flow-pass-12345';
const AGENT1 = { name: 'Ana Souza', email: `ana-${run}@example.com` };
const AGENT2 = { name: 'Bruno Lima', email: `bruno-${run}@example.com` };
const VISITOR = { name: `Maria Fernandes ${run}`, email: `maria-${run}@example.com` };
const FIRST = `Olá! O meu pedido ${run} ainda não chegou.`;
const REPLY1 = `Olá, Maria! Vou verificar o pedido ${run} agora mesmo.`;
const TRANSFER_NOTE = 'Cliente aguarda o rastreio, por favor confirme com a transportadora.';
const REPLY2 = `Oi, Maria! Aqui é o Bruno: o pedido ${run} sai para entrega amanhã.`;
const FAREWELL = 'Atendimento finalizado. Obrigado pelo contato, Maria!';

interface Actor {
  context: BrowserContext;
  page: Page;
  /** resolves once the page's realtime connection is open (its first frame went out) */
  live: Promise<void>;
}

let browser: Browser;
const pageErrors: string[] = [];
let webchatToken = '';
let visitor: Actor;
let agent1: Actor;
let agent2: Actor;

const api = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

const newActor = async (name: string, options: Parameters<Browser['newContext']>[0]): Promise<Actor> => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${error.message}`));
  const live = new Promise<void>((resolve) => page.on('websocket', (ws) => ws.once('framesent', () => resolve())));
  return { context, page, live };
};

const shot = (page: Page, nn: string, step: string) => screenshot(page, `flow-${nn}-${step}`, { waitMs: 350 });

/** Marks the document, so a later check can tell that what appeared came without a reload. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { flowDocument: boolean }).flowDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { flowDocument?: boolean }).flowDocument === true);

/** Signs in through the login page and waits for the inbox with its realtime connection open. */
const signIn = async (actor: Actor, email: string) => {
  const { page } = actor;
  await page.goto(`${baseUrl}/tickets`);
  await page.waitForURL('**/login');
  await page.fill('#login-email', email);
  await page.fill('#login-password', PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/tickets');
  await page.getByTestId('tickets-page').waitFor();
  await page.locator('[data-testid=ticket-list][aria-busy=false]').waitFor();
  // events published before the realtime connection opens would not reach this page
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    actor.live,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no realtime connection for ${email}`)), 15_000))),
  ]).finally(() => clearTimeout(timer));
};

const row = (page: Page) => page.getByTestId('ticket-row').filter({ hasText: VISITOR.name });
const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const fromCompany = (text: string) => visitor.page.getByTestId('widget-message-company').filter({ hasText: text });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });

  // the company, its admin (agent 1) and agent 2, through the public API; agent 1's token is used only here,
  // before agent 1 signs in in the browser (a sign-in ends the user's earlier session)
  const plans = await api<{ id: number }[]>('GET', '/plans/list');
  expect(plans.length).toBeGreaterThan(0);
  await api('POST', '/auth/signup', {
    name: AGENT1.name,
    companyName: `Loja ${run}`,
    email: AGENT1.email,
    password: PASSWORD,
    phone: '5511999990000',
    planId: plans[0]!.id,
  });
  const session = await api<{ token: string; user: { queueIds: number[] } }>('POST', '/auth/login', {
    email: AGENT1.email,
    password: PASSWORD,
  });
  const queueId = session.user.queueIds[0];
  expect(queueId).toBeDefined();
  await api('POST', '/users', { name: AGENT2.name, email: AGENT2.email, password: PASSWORD, queueIds: [queueId] }, session.token);
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
  webchatToken = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
  expect(webchatToken).not.toBe('');

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  visitor = await newActor('visitor', { viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  agent1 = await newActor('agent 1', { viewport: DESKTOP, locale: 'pt-BR' });
  agent2 = await newActor('agent 2', { viewport: DESKTOP, locale: 'pt-BR' });
});

afterAll(async () => {
  await browser?.close();
});

describe('the web chat from the first message to the farewell', () => {
  it('signs agent 1 in, waiting in the Pending tab', async () => {
    await signIn(agent1, AGENT1.email);
    const { page } = agent1;
    await page.getByTestId('tab-pending').click();
    await page.locator('[data-testid="tab-pending"][aria-selected="true"]').waitFor();
    // a brand-new company: nothing waits yet
    await page.locator('[data-testid=ticket-list][aria-busy=false]').waitFor();
    await page.getByTestId('empty-state').waitFor();
    await markDocument(page);
    await shot(page, '01', 'agent1-pending-empty');
  });

  it('lets the visitor start a chat in the widget and write', async () => {
    const { page } = visitor;
    await page.goto(`${baseUrl}/widget/${webchatToken}`);
    await page.getByTestId('widget').waitFor();
    await expect(page.getByTestId('widget-company').textContent()).resolves.toBe(`Loja ${run}`);
    await page.fill('#widget-name', VISITOR.name);
    await page.fill('#widget-email', VISITOR.email);
    await shot(page, '02', 'visitor-start');

    await page.getByTestId('widget-start').click();
    await page.getByTestId('widget-input').waitFor();
    await page.fill('[data-testid=widget-input]', FIRST);
    await page.keyboard.press('Enter');
    const mine = page.getByTestId('widget-message-visitor').filter({ hasText: FIRST });
    await mine.waitFor();
    await mine.locator('.pi-check').waitFor();
    await page.getByTestId('widget-offline-note').waitFor();
    await markDocument(page);
    await shot(page, '03', 'visitor-sent');
  });

  it('shows agent 1 the new ticket in Pending without a reload', async () => {
    const { page } = agent1;
    await row(page).waitFor();
    // the row previews the message (cut to the list's length)
    await expect(row(page).textContent()).resolves.toContain(FIRST.slice(0, 24));
    await expect.poll(() => row(page).getByTestId('unread-badge').textContent()).toBe('1');
    await row(page).getByTestId('accept-ticket').waitFor();
    await expect.poll(() => page.getByTestId('tab-pending-count').textContent()).toBe('1');
    await expect(sameDocument(page)).resolves.toBe(true);
    await shot(page, '04', 'agent1-pending-live');
  });

  it('lets agent 1 open the ticket, accept it and reply', async () => {
    const { page } = agent1;
    await row(page).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await bubble(page, FIRST).waitFor();
    await expect(page.getByTestId('ticket-contact-name').textContent()).resolves.toBe(VISITOR.name);
    await page.getByTestId('composer-locked').waitFor();
    await shot(page, '05', 'agent1-ticket-pending');

    await page.getByTestId('header-accept').click();
    await page.getByTestId('message-input').waitFor();
    await expect.poll(() => page.getByTestId('ticket-assigned').textContent()).toContain(AGENT1.name);
    await page.locator('[data-testid="tab-open"][aria-selected="true"]').waitFor();
    await row(page).waitFor();
    await shot(page, '06', 'agent1-accepted');

    await page.getByTestId('message-input').fill(REPLY1);
    await page.getByTestId('send-button').click();
    // the send is answered at once (a clock); the widget's delivery then arrives live as two ticks
    await bubble(page, REPLY1).locator('[data-testid="ack"][data-ack="2"]').waitFor();
    await expect(page.getByTestId('message-input').inputValue()).resolves.toBe('');
    await expect(sameDocument(page)).resolves.toBe(true);
    await shot(page, '07', 'agent1-replied');
  });

  it("shows the visitor agent 1's reply without a reload", async () => {
    const { page } = visitor;
    await fromCompany(REPLY1).waitFor();
    // the company signs its messages: the agent's name comes with the reply
    await expect(fromCompany(REPLY1).textContent()).resolves.toContain(AGENT1.name);
    await page.getByTestId('widget-offline-note').waitFor({ state: 'detached' });
    await expect(sameDocument(page)).resolves.toBe(true);
    await shot(page, '08', 'visitor-reply1');
  });

  it('signs agent 2 in, with nothing in Open yet', async () => {
    await signIn(agent2, AGENT2.email);
    const { page } = agent2;
    await page.locator('[data-testid="tab-open"][aria-selected="true"]').waitFor();
    await page.getByTestId('empty-state').waitFor();
    await expect(row(page).count()).resolves.toBe(0);
    await markDocument(page);
    await shot(page, '09', 'agent2-open-empty');
  });

  it('lets agent 1 transfer the ticket to agent 2 through the transfer dialog', async () => {
    const { page } = agent1;
    await page.getByTestId('header-transfer').click();
    const dialog = page.getByTestId('transfer-dialog');
    await dialog.waitFor();

    // the agent search starts at three characters
    await page.locator('#transfer-user').pressSequentially(AGENT2.name.slice(0, 3), { delay: 50 });
    const option = page.getByRole('option').filter({ hasText: AGENT2.email });
    await option.waitFor();
    await shot(page, '10', 'agent1-transfer-search');
    await option.click();
    await expect.poll(() => page.locator('#transfer-user').inputValue()).toBe(AGENT2.name);

    await page.getByTestId('transfer-queue').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Atendimento' }).click();
    await expect.poll(() => page.getByTestId('transfer-queue').textContent()).toContain('Atendimento');
    await page.fill('#transfer-message', TRANSFER_NOTE);
    await shot(page, '11', 'agent1-transfer-dialog');

    await page.getByTestId('transfer-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('ticket-assigned').textContent()).toContain(AGENT2.name);
    // the transfer message stays inside the company, as a private note on the ticket
    await bubble(page, TRANSFER_NOTE).waitFor();
    // agent 1 no longer holds the ticket: it leaves agent 1's own Open list
    await row(page).waitFor({ state: 'detached' });
    await shot(page, '12', 'agent1-transferred');
  });

  it('gives agent 2 the ticket in Open without a reload', async () => {
    const { page } = agent2;
    await row(page).waitFor();
    await page.locator('[data-testid="tab-open"][aria-selected="true"]').waitFor();
    await expect(sameDocument(page)).resolves.toBe(true);
    await shot(page, '13', 'agent2-open-live');
  });

  it('lets agent 2 reply and resolve the ticket with the farewell', async () => {
    const { page } = agent2;
    await row(page).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await bubble(page, FIRST).waitFor();
    await bubble(page, REPLY1).waitFor();
    await bubble(page, TRANSFER_NOTE).waitFor();
    await expect.poll(() => page.getByTestId('ticket-assigned').textContent()).toContain(AGENT2.name);
    await page.getByTestId('message-input').fill(REPLY2);
    await page.getByTestId('send-button').click();
    await bubble(page, REPLY2).locator('[data-testid="ack"][data-ack="2"]').waitFor();
    await shot(page, '14', 'agent2-replied');

    await page.getByTestId('header-resolve').click();
    await page.getByRole('menuitem', { name: 'Resolver e enviar despedida' }).waitFor();
    await shot(page, '15', 'agent2-resolve-menu');
    await page.getByRole('menuitem', { name: 'Resolver e enviar despedida' }).click();
    await page.waitForURL('**/tickets');
    await row(page).waitFor({ state: 'detached' });
    await page.getByTestId('empty-state').waitFor();
    await expect(sameDocument(page)).resolves.toBe(true);
    await shot(page, '16', 'agent2-resolved');
  });

  it("shows the visitor agent 2's reply and the farewell without a reload", async () => {
    const { page } = visitor;
    await fromCompany(REPLY2).waitFor();
    await expect(fromCompany(REPLY2).textContent()).resolves.toContain(AGENT2.name);
    await fromCompany(FAREWELL).waitFor();
    await expect(sameDocument(page)).resolves.toBe(true);
    // the private transfer note never reached the visitor
    await expect(page.getByTestId('widget-messages').textContent()).resolves.not.toContain(TRANSFER_NOTE);
    await expect(page.getByTestId('widget-message-company').count()).resolves.toBe(3);
    await shot(page, '17', 'visitor-farewell');
  });

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
