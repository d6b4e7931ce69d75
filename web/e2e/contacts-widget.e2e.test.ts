/**
 * The website chat widget and the contacts pages in a real browser against the running product:
 * a visitor starts a chat on /widget/<token> and writes; an agent's reply sent through the API shows up live;
 * the embed script opens the widget in an iframe on another site; then the admin finds the visitor among the
 * contacts, adds a contact (after the dialog refused a bad number), imports a CSV with a bad row, exports the
 * contacts and opens a ticket. A company with LGPD consent on: the visitor is shown its privacy link as a link
 * and, answering 1, gets the sector menu. Every step leaves a screenshot under test-results/.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS as ARGS, screenshot, SHOTS, api as callApi } from './browser.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl').replace(/\/$/, '');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

const run = Date.now().toString(36);
const visitorName = `Visitante ${run}`;
const visitorText = `Olá, preciso de ajuda com o pedido ${run}`;
const agentReply = `Oi! Aqui é o atendimento, já vou verificar o pedido ${run}.`;

let browser: Browser;
const pageErrors: string[] = [];
let chatToken = '';
let admin: { token: string; userId: number };

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true, waitMs: 350 });

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${admin.token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

const newPage = async (options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const session = await api<{ token: string; user: { id: number } }>('POST', '/auth/login', {
    email: adminEmail,
    password: adminPassword,
  });
  admin = { token: session.token, userId: session.user.id };
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp');
  chatToken = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
  expect(chatToken).not.toBe('');
});

afterAll(async () => {
  await browser?.close();
  // the other browser tests share this product and expect an empty inbox: close the tickets opened here
  const session = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail, password: adminPassword });
  admin = { ...admin, token: session.token };
  for (const status of ['open', 'pending']) {
    const { tickets } = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
      'GET',
      `/tickets?status=${status}&showAll=true`,
    );
    for (const t of tickets.filter((t) => t.contact.name.includes(run)))
      await api('PUT', `/tickets/${t.id}`, { status: 'closed' });
  }
});

describe('the website chat widget', () => {
  let visitor: { context: BrowserContext; page: Page };

  it('starts a chat in the browser language and sends the first message', async () => {
    visitor = await newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const { page } = visitor;
    await page.goto(`${baseUrl}/widget/${chatToken}`);
    await page.getByTestId('widget').waitFor();
    await expect(page.getByTestId('widget-company').textContent()).resolves.toBe('Switchboard');

    await page.getByTestId('widget-start').click();
    await expect(page.locator('#widget-name-error').textContent()).resolves.toBe('Enter your name');
    await page.fill('#widget-email', 'not-an-email');
    await page.getByTestId('widget-start').click();
    await expect(page.locator('#widget-email-error').textContent()).resolves.toBe('Invalid email');
    await shot(page, 'widget-01-start-validation');

    await page.fill('#widget-name', visitorName);
    await page.fill('#widget-email', `visitante-${run}@example.com`);
    await page.getByTestId('widget-start').click();
    await page.getByTestId('widget-input').waitFor();
    await page.getByTestId('widget-offline-note').waitFor();
    await expect(page.getByTestId('widget-offline-note').textContent()).resolves.toContain('Nobody has answered yet');

    await page.fill('[data-testid=widget-input]', visitorText);
    await page.keyboard.press('Enter');
    const mine = page.getByTestId('widget-message-visitor').filter({ hasText: visitorText });
    await mine.waitFor();
    await mine.locator('.pi-check').waitFor();
    await expect(page.getByTestId('widget-input').inputValue()).resolves.toBe('');
    await shot(page, 'widget-02-sent');

    const stored = await page.evaluate((t) => window.localStorage.getItem(`switchboard.webchat.${t}`), chatToken);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ name: visitorName, visitorToken: expect.any(String) });
  });

  it('resumes the conversation after a reload, with the message stored once', async () => {
    const { page } = visitor;
    const socketUrls: string[] = [];
    page.on('websocket', (ws) => socketUrls.push(ws.url()));
    await page.reload();
    await page.getByTestId('widget-input').waitFor();
    // the live socket opens with a one-time ticket: the stored visitor token never goes in its address
    await expect.poll(() => socketUrls.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const stored = JSON.parse(
      (await page.evaluate((t) => window.localStorage.getItem(`switchboard.webchat.${t}`), chatToken)) ?? '{}',
    ) as { visitorToken: string };
    for (const url of socketUrls) {
      expect(new URL(url).searchParams.get('ticket')).toMatch(/^[\w-]{20,}$/);
      expect(url).not.toContain('visitorToken');
      expect(url).not.toContain(stored.visitorToken);
    }
    const mine = page.getByTestId('widget-message-visitor').filter({ hasText: visitorText });
    // the server's copy replaces the local one once the inbound pipeline has stored it
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('widget-messages').waitFor();
          await page.waitForTimeout(300);
          return mine.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await expect(page.getByTestId('widget-start').count()).resolves.toBe(0);
  });

  it("shows the agent's reply live, without a reload, and drops the offline note", async () => {
    const { page } = visitor;
    await page.getByTestId('widget-offline-note').waitFor();
    // the socket is open once the header no longer says it is reconnecting and the page settled
    await page.waitForTimeout(500);

    let ticket: { id: number } | undefined;
    await expect
      .poll(
        async () => {
          const list = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
            'GET',
            '/tickets?status=pending&showAll=true',
          );
          ticket = list.tickets.find((t) => t.contact.name === visitorName);
          return Boolean(ticket);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await api('PUT', `/tickets/${ticket!.id}`, { status: 'open', userId: admin.userId });
    await api('POST', `/messages/${ticket!.id}`, { body: agentReply });

    const reply = page.getByTestId('widget-message-company').filter({ hasText: agentReply });
    await reply.waitFor({ timeout: 15_000 });
    await page.getByTestId('widget-offline-note').waitFor({ state: 'detached' });
    await shot(page, 'widget-03-agent-reply');
  });

  it('fits a 390 px phone, and answers an unknown chat with a friendly page', async () => {
    const { page } = visitor;
    await page.setViewportSize({ width: 390, height: 760 });
    await page.reload();
    await page.getByTestId('widget-message-company').filter({ hasText: agentReply }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'widget-04-phone');

    await page.goto(`${baseUrl}/widget/unknownchattoken0000000000`);
    await page.getByTestId('widget-unavailable').waitFor();
    await expect(page.getByTestId('widget-unavailable').textContent()).resolves.toContain('Chat unavailable');
    await shot(page, 'widget-05-unavailable');
    await visitor.context.close();
  });

  it('opens from the launcher that widget.js adds to another site, 380x560, full screen on a phone', async () => {
    const { context, page } = await newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    // another site than the product's (127.0.0.1 and localhost are different sites to the browser), served by the
    // test itself on the loopback address, from which Chromium lets a page load a script of a local host
    const html = `<!doctype html><html><head><title>Loja</title></head><body style="font-family:sans-serif;margin:0;padding:2rem;background:#f1f5f9">
      <h1>Loja de exemplo</h1><p>Uma página de outro site com o chat embutido.</p>
      <script src="${baseUrl}/widget.js" data-token="${chatToken}" async></script></body></html>`;
    const site = createServer((req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(req.url === '/plain' ? '<!doctype html><p>plain</p>' : html),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    await page.goto(shop);
    const launcher = page.locator('.sbw-launcher');
    await launcher.waitFor();
    // the script adds one global of its own and nothing else
    const blank = await context.newPage();
    await blank.goto(`${shop}plain`);
    const builtins = new Set(await blank.evaluate(() => Object.keys(window)));
    await blank.close();
    expect((await page.evaluate(() => Object.keys(window))).filter((k) => !builtins.has(k))).toEqual(['SwitchboardWidget']);
    await expect(launcher.getAttribute('aria-label')).resolves.toBe('Abrir o chat');
    await shot(page, 'widget-06-embed-launcher');

    await launcher.click();
    const iframe = page.locator('iframe.sbw-frame');
    await iframe.waitFor();
    const box = await iframe.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([380, 560]);
    const frame = page.frameLocator('iframe.sbw-frame');
    await frame.getByTestId('widget-company').waitFor();
    await expect(frame.getByTestId('widget-start').textContent()).resolves.toContain('Começar conversa');
    await shot(page, 'widget-07-embed-open');

    // the close button inside the chat folds it back into the launcher
    await frame.getByRole('button', { name: 'Fechar o chat' }).click();
    await iframe.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 390, height: 760 });
    await launcher.click();
    await iframe.waitFor();
    const full = await iframe.boundingBox();
    expect(full && [Math.round(full.x), Math.round(full.y), Math.round(full.width), Math.round(full.height)]).toEqual([
      0, 0, 390, 760,
    ]);
    await frame.getByTestId('widget-company').waitFor();
    await shot(page, 'widget-08-embed-phone');
    await context.close();
    site.close();
  });
});

describe('the contacts pages', () => {
  let agent: { context: BrowserContext; page: Page };
  const newContact = { name: `Contato ${run}`, number: `55119${run.replace(/\D/g, '').padEnd(8, '7').slice(0, 8)}` };

  it('signs the admin in and finds the visitor among the contacts by search', async () => {
    agent = await newPage({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR', acceptDownloads: true });
    const { page } = agent;
    await page.goto(`${baseUrl}/login`);
    await page.fill('#login-email', adminEmail);
    await page.fill('#login-password', adminPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tickets**');

    await page.getByTestId('nav-contacts').click();
    await page.waitForURL('**/contacts');
    await page.getByTestId('contacts-table').waitFor();
    await expect(page.title()).resolves.toBe('Contatos - Switchboard');
    await page.fill('[data-testid=contacts-search]', visitorName);
    const row = page.locator('[data-testid=contacts-table] tbody tr', { hasText: visitorName });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Chat do site');
    await shot(page, 'contacts-01-search');
  });

  it('refuses a bad number in the add dialog, then adds the contact, and refuses the same number again', async () => {
    const { page } = agent;
    await page.fill('[data-testid=contacts-search]', '');
    await page.getByTestId('contacts-add').click();
    const dialog = page.getByTestId('contact-dialog');
    await dialog.waitFor();
    await page.getByTestId('contact-save').click();
    await expect(page.locator('#contact-name-error').textContent()).resolves.toBe('Required');
    await page.fill('#contact-name', newContact.name);
    await page.fill('#contact-number', '12345');
    await page.fill('#contact-email', 'contato@');
    await page.getByTestId('contact-save').click();
    await expect(page.locator('#contact-number-error').textContent()).resolves.toBe('Too Short!');
    await expect(page.locator('#contact-email-error').textContent()).resolves.toBe('Invalid email');
    await shot(page, 'contacts-02-add-validation');

    await page.fill('#contact-number', newContact.number);
    await page.fill('#contact-email', `contato-${run}@example.com`);
    await page.getByRole('button', { name: 'Adicionar informação' }).click();
    await page.fill('#extra-name-0', 'Plano');
    await page.fill('#extra-value-0', 'Ouro');
    await page.getByTestId('contact-save').click();
    await page.locator('.p-toast-message-success', { hasText: 'Contato salvo.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('contacts-add').click();
    await page.fill('#contact-name', `${newContact.name} bis`);
    await page.fill('#contact-number', newContact.number);
    await page.getByTestId('contact-save').click();
    await expect(page.locator('#contact-number-error').textContent()).resolves.toBe('Já existe um contato com este número.');
    await shot(page, 'contacts-03-duplicate');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.fill('[data-testid=contacts-search]', newContact.name);
    await page.locator('[data-testid=contacts-table] tbody tr', { hasText: newContact.name }).waitFor();
  });

  it('imports a CSV with two good rows and a bad one, flags the bad one with its reasons and does not send it', async () => {
    const { page } = agent;
    await page.getByTestId('contacts-file-menu').click();
    await page.getByRole('menuitem', { name: 'Importar planilha' }).click();
    await page.waitForURL('**/contacts/import');
    const csv = [
      'Nome;Telefone;E-mail',
      `Importado Um ${run};5511966660001;um-${run}@example.com`,
      `Importado Dois ${run};+55 (11) 96666-0002;`,
      'X;12;sem-arroba',
    ].join('\n');
    await page.getByTestId('import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-rows').waitFor();
    await expect(page.getByTestId('map-name').textContent()).resolves.toContain('Nome');
    await expect(page.getByTestId('map-number').textContent()).resolves.toContain('Telefone');
    await expect(page.getByTestId('map-email').textContent()).resolves.toContain('E-mail');
    await expect(page.locator('[data-testid=import-rows] tbody tr').count()).resolves.toBe(3);
    // the third row is flagged with its reasons, cannot be ticked, and is left out of the import
    const flaggedRow = page.locator('[data-testid=import-rows] tbody tr', { hasText: 'sem-arroba' });
    await expect(flaggedRow.textContent()).resolves.toContain('Curto demais');
    await expect(flaggedRow.locator('input[type=checkbox]').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('import-flagged').textContent()).resolves.toContain('1 linha com problema não será enviada.');
    await expect(page.getByTestId('import-start').textContent()).resolves.toBe('Importar 2 contatos');
    await shot(page, 'contacts-04-import-mapping');

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contactsImport')
        sent.push(request.postData() ?? '');
    });
    await page.getByTestId('import-start').click();
    const summary = page.getByTestId('import-dialog').getByTestId('import-summary');
    await summary.waitFor({ timeout: 20_000 });
    await expect(summary.getByTestId('import-created').textContent()).resolves.toBe('2');
    await expect(summary.getByTestId('import-existing').textContent()).resolves.toBe('0');
    await expect(summary.getByTestId('import-failed').textContent()).resolves.toBe('0');
    expect(sent).toHaveLength(2);
    expect(sent.join('\n')).not.toContain('sem-arroba');
    await shot(page, 'contacts-05-import-summary');

    await page.locator('button.p-button', { hasText: 'Fechar' }).click();
    await page.getByTestId('import-result').waitFor();
    await shot(page, 'contacts-06-import-result');

    await page.getByRole('button', { name: 'Ver contatos' }).click();
    await page.waitForURL('**/contacts');
    await page.fill('[data-testid=contacts-search]', `Importado`);
    await expect.poll(() => page.locator('[data-testid=contacts-table] tbody tr', { hasText: run }).count()).toBe(2);
  });

  it('exports every contact to backup_contatos.xlsx with a Contatos sheet', async () => {
    const { page } = agent;
    await page.fill('[data-testid=contacts-search]', '');
    await page.getByTestId('contacts-file-menu').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Exportar para Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('backup_contatos.xlsx');
    const path = await file.path();
    const XLSX = await import('@e965/xlsx');
    const { readFileSync } = await import('node:fs');
    const book = XLSX.read(readFileSync(path), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Contatos']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Contatos!, { header: 1 });
    expect(rows[0]).toEqual(['Nome', 'Número', 'E-mail', 'Etiquetas', 'Situação']);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining([visitorName, newContact.name, `Importado Um ${run}`, `Importado Dois ${run}`]));
    await page.locator('.p-toast-message-success', { hasText: 'backup_contatos.xlsx' }).waitFor();
  });

  it('shows the contacts in the dark theme and on a 390 px phone', async () => {
    const { page } = agent;
    await page.fill('[data-testid=contacts-search]', run);
    await expect.poll(() => page.locator('[data-testid=contacts-table] tbody tr').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'contacts-07-light');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await shot(page, 'contacts-08-dark');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'contacts-09-phone-dark');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await shot(page, 'contacts-10-phone-light');
    await page.setViewportSize({ width: 1366, height: 820 });
  });

  it('opens a ticket with a contact in a chosen queue and lands on it; a second try goes to the same ticket', async () => {
    const { page } = agent;
    await page.fill('[data-testid=contacts-search]', newContact.name);
    const row = page.locator('[data-testid=contacts-table] tbody tr', { hasText: newContact.name });
    await row.waitFor();
    await row.locator('[data-testid^=contact-open-ticket-]').click();
    const start = page.getByTestId('open-ticket-start');
    await start.waitFor();
    // the company's only queue is chosen already; with none chosen the button stays disabled
    await expect.poll(() => start.isEnabled()).toBe(true);
    await shot(page, 'contacts-11-open-ticket');
    await start.click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const first = new URL(page.url()).pathname;

    await page.goto(`${baseUrl}/contacts`);
    await page.fill('[data-testid=contacts-search]', newContact.name);
    await row.waitFor();
    await row.locator('[data-testid^=contact-open-ticket-]').click();
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await page.waitForURL(`**${first}`);
  });

  it('blocks a contact (open ticket disabled) and unblocks it, with the toasts of the spec', async () => {
    const { page } = agent;
    await page.goto(`${baseUrl}/contacts`);
    await page.fill('[data-testid=contacts-search]', newContact.name);
    const row = page.locator('[data-testid=contacts-table] tbody tr', { hasText: newContact.name });
    await row.waitFor();
    await row.locator('[data-testid^=contact-more-]').click();
    await page.getByRole('menuitem', { name: 'Bloquear contato' }).click();
    await page.locator('.p-toast-message-success', { hasText: 'Contato bloqueado.' }).waitFor();
    await expect.poll(() => row.locator('[data-testid^=contact-open-ticket-]').isDisabled()).toBe(true);
    await shot(page, 'contacts-12-blocked');
    await row.locator('[data-testid^=contact-more-]').click();
    await page.getByRole('menuitem', { name: 'Desbloquear contato' }).click();
    await page.locator('.p-toast-message-success', { hasText: 'Contato desbloqueado.' }).waitFor();
    await expect.poll(() => row.locator('[data-testid^=contact-open-ticket-]').isEnabled()).toBe(true);
    await agent.context.close();
  });

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('the widget with LGPD consent on', () => {
  const owner = { email: `lgpd.${run}@example.com`, password: 'lgpd-password-1' };
  const PRIVACY = 'https://loja.example/privacidade';
  let lgpdChatToken = '';

  beforeAll(async () => {
    const plans = await callApi<{ id: number }[]>('GET', '/plans/list');
    await callApi('POST', '/auth/signup', {
      name: 'Lara Privacidade',
      companyName: `Loja LGPD ${run}`,
      email: owner.email,
      password: owner.password,
      phone: '5511999990001',
      planId: plans[0]!.id,
    });
    const { token } = await callApi<{ token: string }>('POST', '/auth/login', owner);
    for (const [key, value] of [
      ['lgpdMessage', 'Tratamos seus dados conforme a LGPD.'],
      ['lgpdLink', PRIVACY],
      ['enableLGPD', 'enabled'],
    ])
      await callApi('PUT', `/settings/${key}`, { value }, token);
    const [first] = await callApi<{ id: number }[]>('GET', '/queue', undefined, token);
    const finance = await callApi<{ id: number }>(
      'POST',
      '/queue',
      { name: 'Financeiro', color: '#0a7d5a', greetingMessage: 'Financeiro: em que podemos ajudar?', orderQueue: 2 },
      token,
    );
    const connections = await callApi<{ id: number; channel: string; widgetKey: string | null }[]>(
      'GET',
      '/whatsapp',
      undefined,
      token,
    );
    const webchat = connections.find((c) => c.channel === 'webchat' && c.widgetKey)!;
    await callApi(
      'PUT',
      `/whatsapp/${webchat.id}`,
      { greetingMessage: 'Bem-vindo! Escolha um setor:', queueIds: [first!.id, finance.id] },
      token,
    );
    lgpdChatToken = webchat.widgetKey!;
  });

  it('shows the privacy link as a link, and after 1 the greeting with the sector menu, whose answer picks the sector', async () => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 760 }, locale: 'pt-BR' });
    await page.goto(`${baseUrl}/widget/${lgpdChatToken}`);
    await page.fill('#widget-name', `Cliente LGPD ${run}`);
    await page.getByTestId('widget-start').click();
    await page.getByTestId('widget-input').waitFor();
    const say = async (text: string) => {
      await page.fill('[data-testid=widget-input]', text);
      await page.keyboard.press('Enter');
    };
    const company = page.getByTestId('widget-message-company');

    await say('Oi');
    await company.filter({ hasText: 'Aceito' }).waitFor();
    const link = company.locator(`a[href="${PRIVACY}"]`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await shot(page, 'widget-06-lgpd-question');

    await say('1');
    const menu = company.filter({ hasText: 'Bem-vindo! Escolha um setor:' });
    await menu.waitFor();
    expect(await menu.textContent()).toContain('[ 2 ] - Financeiro');
    await shot(page, 'widget-07-lgpd-sector-menu');

    await say('2');
    await company.filter({ hasText: 'Financeiro: em que podemos ajudar?' }).waitFor();
    await shot(page, 'widget-08-lgpd-sector-chosen');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
