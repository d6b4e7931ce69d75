/**
 * A new company's first steps in a real browser against the running product. Its admin lands in the inbox and
 * finds the set-up checklist there with nothing done; the checklist's links lead to the queues and users pages,
 * where the admin adds a queue and a teammate through their dialogs, and each step is ticked on return; the copy
 * button puts the website chat's tag on the clipboard; dismissed, the checklist stays away after a reload. The
 * Campaigns menu shows by the plan and the company's setting, with no hidden browser flag: a company on a plan
 * with campaigns sees it, one whose plan lacks them does not, and switching the company setting off hides it.
 * Screenshots under test-results/first-steps-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeFindings } from './axe.ts';
import { adminEmail, adminPassword, api, openDesktopPage, screenshot, signInWithForm } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `primeiros.${run}@example.com`, password: 'primeiros-pass-1' };
const NO_CAMPAIGNS = { email: `semcampanha.${run}@example.com`, password: 'semcampanha-pass-1' };
const QUEUE = `Vendas ${run}`;
const CUSTOMER = `Cliente Vendas ${run}`;
const TEAMMATE = { name: `Davi Equipe ${run}`, email: `davi.${run}@example.com`, password: 'davi-password-1' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `first-steps-${name}`, { fullPage: true });

const step = (key: string) => page.getByTestId(`setup-step-${key}`);
const isDone = async (key: string) => (await step(key).getAttribute('data-done')) === 'true';

const signup = async (account: { email: string; password: string }, planId: number, companyName: string) =>
  api('POST', '/auth/signup', {
    name: 'Paula Dona',
    companyName,
    email: account.email,
    password: account.password,
    phone: '5511999990000',
    planId,
  });

beforeAll(async () => {
  const plans = await api<{ id: number; useCampaigns: boolean }[]>('GET', '/plans/list');
  await signup(OWNER, plans.find((p) => p.useCampaigns)!.id, `Loja Primeiros ${run}`);
  // a plan without campaigns, made by the platform's super user
  const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
  const plan = await api<{ id: number }>(
    'POST',
    '/plans',
    {
      name: `Sem campanhas ${run}`,
      users: 5,
      connections: 2,
      queues: 5,
      amount: '10.00',
      isPublic: true,
      trialDays: 7,
      useWhatsapp: true,
      useFacebook: false,
      useInstagram: false,
      useCampaigns: false,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
    },
    root.token,
  );
  await signup(NO_CAMPAIGNS, plan.id, `Loja Sem Campanha ${run}`);
  ({ browser, context, page } = await openDesktopPage(pageErrors));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("a new company's first steps", () => {
  it('shows the admin the checklist in the inbox with nothing done yet', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.getByTestId('setup-checklist').waitFor();
    for (const key of ['queues', 'teammate', 'widget', 'connection']) expect(await isDone(key), key).toBe(false);
    expect(await page.getByTestId('setup-progress').textContent()).toBe('0 de 4 concluídos');
    await shot('01-new-company');
    expect(describeFindings('set-up checklist', await axeFindings(page, '[data-testid="setup-checklist"]'))).toEqual([]);
  });

  it('ticks the queue step once the admin adds a queue on the page its link opens', async () => {
    await page.getByTestId('setup-link-queues').click();
    await page.waitForURL('**/queues');
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-dialog').waitFor();
    await page.fill('#queue-name', QUEUE);
    await page.fill('#queue-color', '#1e88e5');
    await page.fill('#queue-greeting', 'Olá!');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    await page.locator('a[href="/tickets"]').first().click();
    await expect.poll(() => isDone('queues')).toBe(true);
    expect(await isDone('teammate')).toBe(false);
  });

  it('ticks the teammate step once the admin adds a user on the page its link opens', async () => {
    await page.getByTestId('setup-link-teammate').click();
    await page.waitForURL('**/users');
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.fill('#user-name', TEAMMATE.name);
    await page.fill('#user-email', TEAMMATE.email);
    await page.fill('#user-password', TEAMMATE.password);
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    await page.locator('a[href="/tickets"]').first().click();
    await expect.poll(() => isDone('teammate')).toBe(true);
    expect(await page.getByTestId('setup-progress').textContent()).toBe('2 de 4 concluídos');
  });

  it("copies the website chat's tag with the copy button and ticks the widget step", async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    const tag = await page.getByTestId('setup-widget-tag').textContent();
    expect(tag).toMatch(/^<script src="http:\/\/[^"]+\/widget\.js" data-token="[^"]+" async><\/script>$/);
    await shot('02-two-done');
    await page.getByTestId('setup-copy-tag').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(tag);
    await expect.poll(() => isDone('widget')).toBe(true);
    // the connection step stays open: the website chat alone is not a messaging channel
    expect(await isDone('connection')).toBe(false);
    await shot('03-three-done');
  });

  it('stays hidden once dismissed, after a reload too', async () => {
    await page.getByTestId('setup-dismiss').click();
    await page.getByTestId('setup-checklist').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('no-ticket-selected').waitFor();
    // the lists it would read have had time to answer: the inbox shows, the checklist does not
    await page.getByTestId('ticket-search').waitFor();
    expect(await page.getByTestId('setup-checklist').count()).toBe(0);
  });
});

describe("the admin's show-all and queue selection", () => {
  it('lists the tickets of a queue the admin is not in, and keeps the queues chosen across a reload', async () => {
    // a second website chat bound to the new queue (the admin belongs only to the first one); a visitor writes there
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const queues = await api<{ id: number; name: string }[]>('GET', '/queue', undefined, token);
    const sales = queues.find((q) => q.name === QUEUE)!;
    const chat = await api<{ widgetKey: string }>(
      'POST',
      '/whatsapp',
      { channel: 'webchat', name: `Chat ${QUEUE}`, queueIds: [sales.id], isDefault: false },
      token,
    );
    const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${chat.widgetKey}/visitors`, { name: CUSTOMER });
    await api('POST', `/webchat/${chat.widgetKey}/messages`, { body: 'Quero comprar' }, visitor.visitorToken);
    await expect
      .poll(
        async () =>
          (
            await api<{ tickets: { contact: { name: string } }[] }>(
              'GET',
              '/tickets?status=pending&showAll=true',
              undefined,
              token,
            )
          ).tickets.length,
      )
      .toBe(1);

    await page.goto(`${new URL(page.url()).origin}/tickets`);
    await page.getByTestId('tab-pending').click();
    const row = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
    // outside the admin's own queues, the ticket shows only with show-all: then from every queue
    await page.waitForLoadState('networkidle');
    expect(await row.count()).toBe(0);
    await page.getByTestId('show-all').click();
    await row.waitFor();
    await shot('05-show-all');

    // the admin narrows the list to the new queue; a reload keeps that choice
    await page.getByTestId('queue-selector').click();
    await page.locator('.p-multiselect-panel li[role=option]', { hasText: QUEUE }).click();
    await page.keyboard.press('Escape');
    await page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('queue-selector').waitFor();
    await expect.poll(() => page.getByTestId('queue-selector').textContent()).toContain('1 fila');
    await page.getByTestId('queue-selector').click();
    const chosen = page.locator('.p-multiselect-panel li[role=option][aria-selected=true]');
    await expect.poll(() => chosen.allTextContents()).toEqual([QUEUE]);
    await page.keyboard.press('Escape');
  });
});

describe('the Campaigns menu', () => {
  it('shows by the plan and the company setting, with no browser flag', async () => {
    expect(await page.evaluate(() => localStorage.getItem('cshow'))).toBeNull();
    // the group opens with its entries (it has no page of its own)
    await page.getByTestId('nav-campaignList').click();
    await page.waitForURL('**/campaigns');
    await page.getByTestId('nav-contactLists').waitFor();
    await shot('04-campaigns-menu');

    // the company switches campaigns off in its settings: the menu follows at once
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await api('PUT', '/companySettings', { column: 'campaignsEnabled', data: 'disabled' }, token);
    await page.getByTestId('nav-campaignList').waitFor({ state: 'detached' });
    await api('PUT', '/companySettings', { column: 'campaignsEnabled', data: 'enabled' }, token);
    await page.getByTestId('nav-campaignList').waitFor();
  });

  it('is not offered to a company whose plan has no campaigns', async () => {
    await page.evaluate(() => localStorage.clear());
    await signInWithForm(page, NO_CAMPAIGNS.email, NO_CAMPAIGNS.password);
    await page.getByTestId('nav-tickets').waitFor();
    // the plan is read: an entry of this plan shows, Campaigns does not
    await page.getByTestId('nav-schedules').waitFor();
    expect(await page.getByTestId('nav-campaignList').count()).toBe(0);
    expect(await page.getByTestId('nav-contactLists').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
