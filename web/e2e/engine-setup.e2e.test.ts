/**
 * A company sets itself up through the UI and the conversation engine answers its customer: a fresh company's admin creates a queue with a two-level chatbot tree, a user in that queue, adds to the
 * tree a "talk to an agent" option sending the customer to that queue and user, attaches the queues to the website chat, and switches
 * the business hours to the company's own with every day closed. The customer writes in the widget and is told
 * the company is closed; the admin turns the hours off again; the customer gets the greeting and the numbered
 * queue menu, answers, gets the queue's options, the option's sub-menu, and chooses the agent. The new user signs
 * in and finds the ticket assigned to them in Pending. Screenshots under test-results/engine-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `engine.${run}@example.com`, password: 'engine-password-1' };
const AGENT = { name: `Vera Vendedora ${run}`, email: `vera.${run}@example.com`, password: 'vera-password-1' };
const VISITOR = { name: `Cliente Robô ${run}`, email: `cliente.${run}@example.com` };
const QUEUE = `Vendas ${run}`;
const QUEUE_GREETING = 'Vendas: escolha uma opção';
const PLANS_GREETING = 'Sobre planos e preços:';
const CONNECTION_GREETING = 'Olá! Escolha um setor:';
const CLOSED = `Estamos fechados agora (${run}). Voltamos em breve.`;

let browser: Browser;
let page: Page;
let visitor: { context: BrowserContext; page: Page };
let chatToken = '';
const pageErrors: string[] = [];
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const shot = (name: string, target: Page = page) => screenshot(target, `engine-${name}`, { fullPage: true, waitMs: 400 });

/** Opens a PrimeReact dropdown by its test id and picks the option with this label. */
const choose = async (testId: string, label: string) => {
  await page.getByTestId(testId).click();
  await page.locator('.p-dropdown-panel li[role=option]', { hasText: label }).first().click();
};

/** Picks options of an open PrimeReact multi-select that are not picked yet, then closes it with a click outside. */
const pickInMultiSelect = async (testId: string, labels: string[], outside: string) => {
  await page.getByTestId(testId).click();
  for (const label of labels) {
    const option = page.locator('.p-multiselect-panel li[role=option]', { hasText: label }).first();
    if ((await option.getAttribute('aria-selected')) !== 'true') await option.click();
  }
  // Escape would close the whole dialog
  await page.locator(outside).first().click();
  await page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
};

const newPage = async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const opened = await context.newPage();
  opened.setDefaultTimeout(15_000);
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page: opened };
};

const fromCompany = (text: string) => visitor.page.getByTestId('widget-message-company').filter({ hasText: text });
const companyMessages = () => visitor.page.getByTestId('widget-message-company');

/** The customer writes in the widget and waits for the message to be sent. */
const say = async (text: string) => {
  const before = await visitor.page.getByTestId('widget-message-visitor').count();
  await visitor.page.fill('[data-testid=widget-input]', text);
  await visitor.page.keyboard.press('Enter');
  await expect.poll(() => visitor.page.getByTestId('widget-message-visitor').count()).toBe(before + 1);
};

const savedToast = () => page.locator('.p-toast-message', { hasText: 'Operación actualizada con éxito.' }).last();

beforeAll(async () => {
  await signUpCompany({ name: 'Edna Engenho', email: OWNER.email, password: OWNER.password }, `Loja Robô ${run}`);
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('setting a company up in the browser, then the engine answering its customer', () => {
  it('creates a queue with a two-level chatbot tree', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.locator('a[href="/queues"]').first().click();
    await page.waitForURL('**/queues');
    await page.getByTestId('queues-table').locator('tbody tr').first().waitFor();

    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-dialog').waitFor();
    await page.fill('#queue-name', QUEUE);
    await page.fill('#queue-color', '#8e24aa');
    await page.fill('#queue-greeting', QUEUE_GREETING);
    // a first-response target: the agent's waiting row counts it down
    await page.fill('#queue-first-response', '30');
    await page.getByTestId('chatbot-add-root').click();
    await page.fill('#chatbot-option-0-name', 'Planos e preços');
    await page.fill('#chatbot-option-0-greeting', PLANS_GREETING);
    await page.getByTestId('chatbot-option-0-add-child').click();
    await page.fill('#chatbot-option-0-0-name', 'Tabela de preços');
    await page.fill('#chatbot-option-0-0-greeting', 'A tabela de preços segue por e-mail.');
    await shot('01-queue-dialog');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('queues-table').locator('tbody tr', { hasText: QUEUE }).waitFor();
  });

  it('creates a user in that queue', async () => {
    await page.locator('a[href="/users"]').first().click();
    await page.waitForURL('**/users');
    await page.getByTestId('users-table').locator('tbody tr').first().waitFor();
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.fill('#user-name', AGENT.name);
    await page.fill('#user-email', AGENT.email);
    await page.fill('#user-password', AGENT.password);
    await pickInMultiSelect('user-queues', [QUEUE], '.p-dialog-title');
    await shot('02-user-dialog');
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('users-table').locator('tbody tr', { hasText: AGENT.name });
    await row.waitFor();
    expect(await row.textContent()).toContain(QUEUE);
  });

  it('adds the tree’s agent option, sending the customer to that queue and user', async () => {
    await page.locator('a[href="/queues"]').first().click();
    await page.waitForURL('**/queues');
    const row = page.getByTestId('queues-table').locator('tbody tr', { hasText: QUEUE });
    await row.locator('[data-testid^=queue-edit-]').click();
    await page.getByTestId('queue-dialog').waitFor();
    await expect.poll(() => page.inputValue('#chatbot-option-0-0-name')).toBe('Tabela de preços');
    expect(await page.inputValue('#chatbot-option-0-name')).toBe('Planos e preços');
    // an agent option needs its queue and user: the queue is a target only once saved, the user once created
    await page.getByTestId('chatbot-option-0-add-child').click();
    await page.fill('#chatbot-option-0-1-name', 'Falar com atendente');
    await choose('chatbot-option-0-1-type', 'Atendente');
    await choose('chatbot-option-0-1-optQueueId', QUEUE);
    await choose('chatbot-option-0-1-optUserId', AGENT.name);
    await shot('03-queue-agent-option');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
  });

  it('attaches both queues to the website chat, with its greeting and out-of-hours message', async () => {
    await page.locator('a[href="/connections"]').first().click();
    await page.waitForURL('**/connections');
    const row = page.locator('[data-testid=connections-table] tbody tr', { hasText: 'Chat do site' });
    await row.locator('[data-testid^=connection-edit-]').click();
    await page.getByTestId('connection-dialog').waitFor();
    chatToken = await page.getByTestId('connection-widget-key').inputValue();
    expect(chatToken).not.toBe('');
    await page.getByTestId('connection-tab-messages').click();
    await page.fill('#connection-greeting', CONNECTION_GREETING);
    await page.fill('#connection-out-of-hours', CLOSED);
    await page.getByTestId('connection-tab-integrations').click();
    await pickInMultiSelect('connection-queues', ['Atendimento', QUEUE], '.p-dialog-title');
    await expect.poll(() => page.getByTestId('connection-queues').textContent()).toContain(QUEUE);
    expect(await page.getByTestId('connection-queues').textContent()).toContain('Atendimento');
    await shot('04-connection-queues');
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
  });

  it('switches the business hours to the company’s own, closed every day', async () => {
    await page.locator('a[href="/settings"]').first().click();
    await page.waitForURL('**/settings');
    await page.getByTestId('settings-options').waitFor();
    await choose('setting-scheduleType', 'Empresa');
    await savedToast().waitFor();
    await page.getByTestId('settings-tab-schedules').click();
    await page.getByTestId('company-hours').waitFor();
    for (const day of WEEK)
      for (const field of ['endTimeB', 'startTimeB', 'endTimeA', 'startTimeA'])
        await page.getByTestId(`company-hours-${day}-${field}`).fill('');
    await page.getByTestId('company-hours-save').click();
    await page.locator('.p-toast-message', { hasText: 'Horarios actualizados correctamente.' }).waitFor();
    await shot('05-hours-closed');
  });

  it('tells the customer writing in the widget that the company is closed', async () => {
    visitor = await newPage();
    const { page: widget } = visitor;
    await widget.goto(`${baseUrl()}/widget/${chatToken}`);
    await widget.getByTestId('widget').waitFor();
    await widget.fill('#widget-name', VISITOR.name);
    await widget.fill('#widget-email', VISITOR.email);
    await widget.getByTestId('widget-start').click();
    await widget.getByTestId('widget-input').waitFor();
    await say('Oi, quero saber dos planos');
    await fromCompany(CLOSED).waitFor();
    // closed, the bot sends no menu
    expect(await companyMessages().count()).toBe(1);
    await shot('06-widget-closed', widget);
  });

  it('turns the company hours off again', async () => {
    await page.getByTestId('settings-tab-options').click();
    await page.getByTestId('settings-options').waitFor();
    await choose('setting-scheduleType', 'Desabilitado');
    await savedToast().waitFor();
    await expect.poll(() => page.getByTestId('settings-tab-schedules').count()).toBe(0);
  });

  it('plays the customer through the greeting, the queue menu and the two levels of the tree to the agent', async () => {
    const { page: widget } = visitor;
    await say('Oi de novo');
    const menu = fromCompany(CONNECTION_GREETING);
    await menu.waitFor();
    await expect(menu.textContent()).resolves.toMatch(/1.*Atendimento/s);
    await expect(menu.textContent()).resolves.toMatch(new RegExp(`2.*${QUEUE}`, 's'));
    await shot('07-widget-menu', widget);

    await say('2');
    const options = fromCompany(QUEUE_GREETING);
    await options.waitFor();
    await expect(options.textContent()).resolves.toMatch(/1.*Planos e preços/s);
    await expect(options.textContent()).resolves.toContain('Voltar ao menu principal');

    await say('1');
    const subMenu = fromCompany(PLANS_GREETING);
    await subMenu.waitFor();
    await expect(subMenu.textContent()).resolves.toMatch(/1.*Tabela de preços.*2.*Falar com atendente/s);
    await shot('08-widget-sub-menu', widget);

    const answered = await companyMessages().count();
    await say('2');
    // the agent option answers nothing: the ticket waits for its agent, and the bot is out of the conversation
    await widget.waitForTimeout(1500);
    await say('Obrigado, aguardo.');
    await widget.waitForTimeout(1500);
    expect(await companyMessages().count()).toBe(answered);
    await shot('09-widget-chose-agent', widget);
  });

  it('shows the new user the ticket assigned to them, in their queue, in Pending', async () => {
    const agent = await newPage();
    await signInWithForm(agent.page, AGENT.email, AGENT.password);
    await agent.page.getByTestId('tickets-page').waitFor();
    await agent.page.getByTestId('tab-pending').click();
    const row = agent.page.getByTestId('ticket-row').filter({ hasText: VISITOR.name });
    await row.waitFor();
    // in the user's queue and assigned to them, the ticket is listed once and counted once
    expect(await agent.page.getByTestId('ticket-row').count()).toBe(1);
    await expect.poll(() => agent.page.getByTestId('tab-pending-count').textContent()).toBe('1');
    // nobody answered yet: the queue's 30-minute target counts down on the row
    await expect.poll(() => row.getByTestId('first-response').textContent()).toMatch(/(29|30) min/);
    await shot('10-agent-pending', agent.page);
    await row.click();
    await agent.page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect.poll(() => agent.page.getByTestId('ticket-assigned').textContent()).toContain(AGENT.name);
    await agent.page.getByTestId('message').filter({ hasText: PLANS_GREETING }).waitFor();
    await shot('11-agent-ticket', agent.page);
    expect(pageErrors).toEqual([]);
  });
});
