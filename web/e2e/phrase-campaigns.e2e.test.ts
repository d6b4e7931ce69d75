/**
 * Phrase campaigns in a real browser, in Spanish (the spec's texts): an admin opens /phrase-lists ('Campañas'),
 * tries to save an empty campaign (the fields are flagged, nothing is sent), creates one for a flow on the web chat
 * connection with an exact and a partial phrase, edits it, and a website chat visitor typing the phrase gets the
 * flow's first message. Screenshots under test-results/phrase-campaigns-<nn>-<step>.png at 1440 px (and 390 px).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS as ARGS, screenshot, SHOTS, signUpCompany } from './browser.ts';
import { mkdirSync } from 'node:fs';

const baseUrl = inject('baseUrl').replace(/\/$/, '');
const run = Date.now().toString(36);
const PASSWORD = 'phrase-pass-12345';
const ADMIN = { name: 'Paula Admin', email: `paula-${run}@example.com` };
const FLOW_NAME = `Promoción ${run}`;
const HELLO = `¡Hola! La promoción ${run} ya empezó.`;
const CAMPAIGN = `Promo ${run}`;
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let visitorContext: BrowserContext | undefined;
let webchatToken = '';
let webchatName = '';
const pageErrors: string[] = [];

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

const shot = (page: Page, nn: string, step: string) => screenshot(page, `phrase-campaigns-${nn}-${step}`, { waitMs: 350 });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await signUpCompany({ name: ADMIN.name, email: ADMIN.email, password: PASSWORD }, `Tienda Frases ${run}`);
  const session = await api<{ token: string }>('POST', '/auth/login', { email: ADMIN.email, password: PASSWORD });
  const connections = await api<{ id: number; name: string; channel: string; widgetKey: string | null }[]>(
    'GET',
    '/whatsapp',
    undefined,
    session.token,
  );
  const webchat = connections.find((c) => c.channel === 'webchat' && c.widgetKey)!;
  webchatToken = webchat.widgetKey!;
  webchatName = webchat.name;
  // the flow itself is drawn through the API (the flow builder's own browser test draws one by hand)
  const flow = await api<{ id: number }>('POST', '/flowbuilder', { name: FLOW_NAME }, session.token);
  const at = { x: 0, y: 0 };
  await api(
    'POST',
    '/flowbuilder/flow',
    {
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
        { id: '2', type: 'message', position: at, data: { label: HELLO } },
      ],
      connections: [{ source: '1', target: '2' }],
    },
    session.token,
  );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  await context.addInitScript(() => localStorage.setItem('language', 'es'));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  admin = { context, page };
  await page.goto(`${baseUrl}/phrase-lists`);
  await page.waitForURL('**/login');
  await page.fill('#login-email', ADMIN.email);
  await page.fill('#login-password', PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});

afterAll(async () => {
  await admin?.context.close();
  await visitorContext?.close();
  await browser?.close();
});

describe('phrase campaigns', () => {
  it("shows the 'Campañas' page from the side menu", async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/phrase-lists`);
    await page.getByTestId('flow-campaigns-page').waitFor();
    await expect(page.getByRole('heading', { name: 'Campañas', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('flow-campaigns-add').textContent()).resolves.toContain('Campaña');
    await expect(page.getByTestId('flow-campaigns-table').getByText('Ninguna campaña.').isVisible()).resolves.toBe(true);
    await shot(page, '01', 'empty');
  });

  it('flags an empty campaign and sends nothing', async () => {
    const { page } = admin;
    await page.getByTestId('flow-campaigns-add').click();
    const dialog = page.getByTestId('flow-campaign-dialog');
    await dialog.waitFor();
    await expect(dialog.getByText('Nueva campaña con flujo de frases').isVisible()).resolves.toBe(true);
    await page.getByTestId('flow-campaign-save').click();
    const flagged = dialog.locator('.form-field__error');
    await flagged.filter({ hasText: 'Introduzca un nombre' }).waitFor();
    await expect(flagged.filter({ hasText: 'Elija un flujo' }).isVisible()).resolves.toBe(true);
    await expect(flagged.filter({ hasText: 'Introduzca al menos una frase' }).isVisible()).resolves.toBe(true);
    await expect(
      dialog.getByText('Ninguna conexión elegida: la campaña escucha en todas las conexiones.').isVisible(),
    ).resolves.toBe(true);
    await shot(page, '02', 'validation');
  });

  it('creates a campaign for the flow on the web chat connection, with an exact and a partial phrase', async () => {
    const { page } = admin;
    const dialog = page.getByTestId('flow-campaign-dialog');
    await page.fill('#flow-campaign-name', CAMPAIGN);
    await page.getByTestId('flow-campaign-flow').click();
    await page.locator('.p-dropdown-item', { hasText: FLOW_NAME }).click();
    await page.getByTestId('flow-campaign-connections').click();
    await page.locator('.p-multiselect-item', { hasText: webchatName }).click();
    // the list closes when the focus leaves it (Escape would close the dialog as well)
    await dialog.getByText('Nueva campaña con flujo de frases').click();
    await page.locator('.p-multiselect-panel').waitFor({ state: 'hidden' });
    await dialog.getByText('Ninguna conexión elegida: la campaña escucha en todas las conexiones.').waitFor({ state: 'hidden' });
    await page.fill('[data-testid=flow-campaign-phrase-0]', 'Quiero la promo');
    await page.getByTestId('flow-campaign-phrase-add').click();
    await page.fill('[data-testid=flow-campaign-phrase-1]', 'descuento');
    await page.getByTestId('flow-campaign-phrase-type-1').click();
    await page.locator('.p-dropdown-item', { hasText: 'Contiene' }).click();
    await shot(page, '03', 'dialog');
    await page.getByTestId('flow-campaign-save').click();
    await page.getByText('¡Frase creada con éxito!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByTestId('flow-campaigns-table');
    await table.getByText(CAMPAIGN).waitFor();
    await expect(table.getByText(FLOW_NAME).isVisible()).resolves.toBe(true);
    await expect(table.getByText('Activa').isVisible()).resolves.toBe(true);
    await expect(table.getByText('…descuento…').isVisible()).resolves.toBe(true);
    await shot(page, '04', 'list');
  });

  it('edits the campaign: its on/off switch shows and the save is confirmed', async () => {
    const { page } = admin;
    const table = page.getByTestId('flow-campaigns-table');
    await table.getByRole('button', { name: `Editar ${CAMPAIGN}` }).click();
    const dialog = page.getByTestId('flow-campaign-dialog');
    await dialog.getByText('Editar campaña con flujo de frases').waitFor();
    await expect(page.getByTestId('flow-campaign-status').isVisible()).resolves.toBe(true);
    await expect(page.inputValue('[data-testid=flow-campaign-phrase-0]')).resolves.toBe('Quiero la promo');
    await shot(page, '05', 'edit');
    await page.getByTestId('flow-campaign-save').click();
    await page.getByText('¡Sentencia cambiada con éxito!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, '06', 'list-390');
    await page.setViewportSize(DESKTOP);
  });

  it('starts the flow for a website chat visitor who types the phrase', async () => {
    visitorContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
    const page = await visitorContext.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl}/widget/${webchatToken}`);
    await page.getByTestId('widget').waitFor();
    await page.fill('#widget-name', `Lucía ${run}`);
    await page.fill('#widget-email', `lucia-${run}@example.com`);
    await page.getByTestId('widget-start').click();
    await page.getByTestId('widget-input').waitFor();
    await page.fill('[data-testid=widget-input]', '  QUIERO LA PROMO ');
    await page.keyboard.press('Enter');
    await page.getByTestId('widget-message-company').filter({ hasText: HELLO }).waitFor();
    await shot(page, '07', 'visitor');
    expect(pageErrors).toEqual([]);
  });
});
