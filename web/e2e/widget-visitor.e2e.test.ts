/**
 * The website chat widget as a visitor meets it on a shop's own site (a page in Spanish, `<html lang="es">`): the
 * launcher in the chat's colour from its first frame, the chat in the page's language, a photo the visitor attaches
 * reaching the agent, a file the rules refuse with its reason, a tapped menu option echoed by its title, and the
 * header's promise of a quick answer gone outside the company's hours. Screenshots under test-results/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchChromium, screenshot, signInWithForm } from './browser.ts';

const run = Date.now().toString(36);
const owner = { email: `widget.${run}@example.com`, password: 'widget-password-1' };
const COLOR = '#b91c1c';
const COLOR_RGB = 'rgb(185, 28, 28)';
const visitorName = `Visitante Foto ${run}`;
// a 48x48 chequered PNG, so the agent's page can show it
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAU0lEQVR42u3WsQ0AIAgEQAZh/x2cwIHsjQtgaSy4hJKEq56PvWY5I7Oc1/sBBATUDvTr8G0fCAioH0hSAwEB6UNeBxCQPiSpgYCA9CGvAwioNegAAKl5cVlXM8EAAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
let site: Server;
let shop = '';
let token = '';
let chatToken = '';
let webchatId = 0;
const pageErrors: string[] = [];

const call = <T>(method: string, path: string, body?: unknown) => api<T>(method, path, body, token);

const shot = (page: Page, name: string) => screenshot(page, name, { waitMs: 300 });

const newPage = async (options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
};

beforeAll(async () => {
  browser = await launchChromium();
  const plans = await api<{ id: number }[]>('GET', '/plans/list');
  await api('POST', '/auth/signup', {
    name: 'Sara Loja',
    companyName: `Tienda ${run}`,
    email: owner.email,
    password: owner.password,
    phone: '5511999990002',
    planId: plans[0]!.id,
  });
  token = (await api<{ token: string }>('POST', '/auth/login', owner)).token;
  await call('PUT', '/settings/chatBotType', { value: 'button' });
  const [first] = await call<{ id: number }[]>('GET', '/queue');
  const finance = await call<{ id: number }>('POST', '/queue', {
    name: 'Financeiro',
    color: '#0a7d5a',
    greetingMessage: 'Financeiro: em que podemos ajudar?',
    orderQueue: 2,
  });
  const webchat = (await call<{ id: number; channel: string; widgetKey: string | null }[]>('GET', '/whatsapp')).find(
    (c) => c.channel === 'webchat' && c.widgetKey,
  )!;
  webchatId = webchat.id;
  chatToken = webchat.widgetKey!;
  await call('PUT', `/whatsapp/${webchat.id}`, {
    color: COLOR,
    greetingMessage: 'Olá! Escolha um setor:',
    queueIds: [first!.id, finance.id],
  });

  // the shop's site: another origin than the product's, in Spanish
  const html = `<!doctype html><html lang="es"><head><title>Tienda</title></head><body style="margin:0;padding:2rem">
    <h1>Tienda de ejemplo</h1><script src="${baseUrl()}/widget.js" data-token="${chatToken}" async></script></body></html>`;
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await browser?.close();
  site?.close();
  if (!token) return;
  // the other browser tests share this product: close what this one opened
  for (const status of ['open', 'pending']) {
    const { tickets } = await call<{ tickets: { id: number }[] }>('GET', `/tickets?status=${status}&showAll=true`);
    for (const t of tickets) await call('PUT', `/tickets/${t.id}`, { status: 'closed' });
  }
});

describe('the widget on a Spanish shop site', () => {
  let visitor: { context: BrowserContext; page: Page };

  it("draws the launcher in the chat's colour from its first frame, labelled in the page's language", async () => {
    visitor = await newPage({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    const { page } = visitor;
    // every colour the launcher has when it enters the page, read before the browser paints it
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { launcherColours: string[] }).launcherColours = seen;
      new MutationObserver(() => {
        const launcher = document.querySelector('.sbw-launcher');
        if (launcher && seen.length === 0) seen.push(getComputedStyle(launcher).backgroundColor);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(shop);
    const launcher = page.locator('.sbw-launcher');
    await launcher.waitFor();
    await expect(page.evaluate(() => (window as unknown as { launcherColours: string[] }).launcherColours)).resolves.toEqual([
      COLOR_RGB,
    ]);
    await expect(launcher.getAttribute('aria-label')).resolves.toBe('Abrir el chat');
    await shot(page, 'widget-visitor-01-launcher');
  });

  it("speaks the page's Spanish inside the chat, though the browser is Portuguese", async () => {
    const { page } = visitor;
    await page.locator('.sbw-launcher').click();
    const frame = page.frameLocator('iframe.sbw-frame');
    await frame.getByTestId('widget-company').waitFor();
    await expect(frame.getByTestId('widget-start').textContent()).resolves.toContain('Empezar conversación');
    await expect(frame.getByTestId('widget-status').textContent()).resolves.toBe('Solemos responder en pocos minutos');
    await frame.locator('#widget-name').fill(visitorName);
    await frame.getByTestId('widget-start').click();
    await frame.getByTestId('widget-input').waitFor();
    await expect(frame.getByTestId('widget-input').getAttribute('placeholder')).resolves.toBe('Escriba un mensaje…');
    await shot(page, 'widget-visitor-02-spanish');
  });

  it("echoes a tapped menu option by its title, not the option's number", async () => {
    const { page } = visitor;
    const frame = page.frameLocator('iframe.sbw-frame');
    await frame.getByTestId('widget-input').fill('Hola');
    await frame.getByTestId('widget-input').press('Enter');
    const menu = frame.getByTestId('widget-menu');
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Financeiro' }).click();
    // the bot took the choice: the sector's greeting came
    await frame.getByTestId('widget-message-company').filter({ hasText: 'Financeiro: em que podemos ajudar?' }).waitFor();
    const texts = (await frame.getByTestId('widget-message-visitor').locator('.widget-bubble__text').allTextContents()).map((s) =>
      s.trim(),
    );
    expect(texts).toEqual(['Hola', 'Financeiro']);
    await shot(page, 'widget-visitor-03-choice');
    // the agent reads what the visitor saw, not the option's number
    const { tickets } = await call<{ tickets: { id: number; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const ticket = tickets.find((t) => t.contact.name === visitorName);
    const { messages } = await call<{ messages: { body: string; fromMe: boolean }[] }>('GET', `/messages/${ticket!.id}`);
    expect(messages.filter((m) => !m.fromMe).map((m) => m.body)).toEqual(['Hola', 'Financeiro']);
  });

  it('refuses a file the rules do not accept, saying why, and sends nothing', async () => {
    const { page } = visitor;
    const frame = page.frameLocator('iframe.sbw-frame');
    const before = await frame.getByTestId('widget-message-visitor').count();
    await frame
      .getByTestId('widget-file')
      .setInputFiles({ name: 'pagina.html', mimeType: 'text/html', buffer: Buffer.from('<p>x</p>') });
    await expect(frame.getByTestId('widget-file-problem').textContent()).resolves.toBe('Este tipo de archivo no se acepta.');
    expect(await frame.getByTestId('widget-message-visitor').count()).toBe(before);
    await shot(page, 'widget-visitor-04-refused-file');
  });

  it('sends a photo the visitor attaches, and the agent sees it in the conversation', async () => {
    const { page } = visitor;
    const frame = page.frameLocator('iframe.sbw-frame');
    await frame.getByTestId('widget-file').setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG });
    const photo = frame.getByTestId('widget-message-visitor').locator('img.widget-bubble__image');
    await photo.waitFor();
    await frame.getByTestId('widget-message-visitor').last().locator('.pi-check').waitFor();
    await expect(frame.getByTestId('widget-file-problem').count()).resolves.toBe(0);
    await shot(page, 'widget-visitor-05-photo-sent');

    const { tickets } = await call<{ tickets: { uuid: string; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const ticket = tickets.find((t) => t.contact.name === visitorName);
    expect(ticket).toBeDefined();
    const agent = await newPage({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
    token = await signInWithForm(agent.page, owner.email, owner.password);
    await agent.page.goto(`${baseUrl()}/tickets/${ticket!.uuid}`);
    const image = agent.page.locator('a.media-image img[alt="recibo.png"]');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await shot(agent.page, 'widget-visitor-06-agent-sees-photo');
    await agent.context.close();
  });

  it('drops the promise of a quick answer outside the company hours', async () => {
    await call('PUT', '/settings/scheduleType', { value: 'connection' });
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const closed = days.map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    }));
    await call('PUT', `/whatsapp/${webchatId}`, { schedules: closed });
    const { page } = visitor;
    await page.reload();
    await page.locator('.sbw-launcher').click();
    const status = page.frameLocator('iframe.sbw-frame').getByTestId('widget-status');
    await expect(status.textContent()).resolves.toBe('Fuera del horario de atención: responderemos lo antes posible');
    await shot(page, 'widget-visitor-07-closed');
    await visitor.context.close();
    expect(pageErrors).toEqual([]);
  });
});
