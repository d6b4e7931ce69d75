/**
 * The flow builder in a real browser: an admin adds a flow on /flowbuilders, draws it in the editor (a text, a
 * menu and the step of its first option, linked by dragging handles), sees the problems list, saves, makes it
 * the web chat's welcome flow in the connection's Standard flow tab, and a visitor walks through it in the
 * website chat widget; the editor follows the dark theme. Screenshots under test-results/flowbuilder-<nn>-<step>.png, at desktop and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS as ARGS, screenshot, SHOTS, signUpCompany } from './browser.ts';

const baseUrl = inject('baseUrl').replace(/\/$/, '');
const run = Date.now().toString(36);
const PASSWORD = 'flow-pass-12345';
const ADMIN = { name: 'Clara Admin', email: `clara-${run}@example.com` };
const FLOW_NAME = `Boas-vindas ${run}`;
const HELLO = `Olá! Bem-vindo à loja ${run}.`;
const SALES = 'Vendas: um momento, por favor.';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let visitorContext: BrowserContext;
let webchatToken = '';
let connectionId = 0;
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

const shot = (page: Page, nn: string, step: string) => screenshot(page, `flowbuilder-${nn}-${step}`, { waitMs: 350 });

/** Waits until the canvas stops moving (fit view animates the viewport): two reads of its transform alike. */
const canvasAtRest = async (page: Page) => {
  let last: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await page.locator('.react-flow__viewport').getAttribute('style');
        const still = now === last;
        last = now;
        return still;
      },
      { interval: 120, timeout: 10_000 },
    )
    .toBe(true);
};

/** Links a node's output handle to another node's way in, and waits for the new edge to be drawn. */
const link = async (page: Page, from: string, handle: string, to: string) => {
  await canvasAtRest(page);
  const edges = page.locator('.react-flow__edge');
  const before = await edges.count();
  const source = page.getByTestId(`flow-handle-${from}-${handle}`);
  const target = page.getByTestId(`flow-node-${to}`).locator('.react-flow__handle-left');
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => edges.count(), { timeout: 5_000 }).toBe(before + 1);
};

const addStep = async (page: Page, kind: string) => {
  await page.getByTestId('flow-editor-add').locator('button.p-speeddial-button').click();
  await page.locator(`.p-speeddial-action[aria-label="${kind}"]`).click();
  await page.getByTestId('flow-node-dialog').waitFor();
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await signUpCompany({ name: ADMIN.name, email: ADMIN.email, password: PASSWORD }, `Loja Fluxo ${run}`);
  const session = await api<{ token: string }>('POST', '/auth/login', { email: ADMIN.email, password: PASSWORD });
  const connections = await api<{ id: number; channel: string; widgetKey: string | null }[]>(
    'GET',
    '/whatsapp',
    undefined,
    session.token,
  );
  const webchat = connections.find((c) => c.channel === 'webchat' && c.widgetKey)!;
  webchatToken = webchat.widgetKey!;
  connectionId = webchat.id;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  admin = { context, page };
  await page.goto(`${baseUrl}/flowbuilders`);
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

describe('flow builder', () => {
  it('adds a flow on the flow list', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/flowbuilders`);
    await page.getByTestId('flows-add').click();
    await page.getByTestId('flow-dialog').waitFor();
    await page.fill('#flow-name', 'a');
    await page.getByTestId('flow-save').click();
    await expect(page.getByTestId('flow-dialog').getByText('¡Muy corto!').isVisible()).resolves.toBe(true);
    await page.fill('#flow-name', FLOW_NAME);
    await page.getByTestId('flow-save').click();
    const row = page.getByTestId('flows-table').getByText(FLOW_NAME);
    await row.waitFor();
    await expect(page.getByTestId('flows-table').getByText('Ativo').first().isVisible()).resolves.toBe(true);
    await shot(page, '01', 'list');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, '02', 'list-390');
    await page.setViewportSize({ width: 1366, height: 820 });
    await row.click();
    await page.waitForURL('**/flowbuilder/*');
    await page.getByTestId('flow-editor').waitFor();
  });

  it('draws the flow in the editor, lists its problems and saves it', async () => {
    const { page } = admin;
    await page.getByTestId('flow-node-1').waitFor();
    await addStep(page, 'Texto');
    await page.fill('[data-testid=flow-node-message]', HELLO);
    await page.getByTestId('flow-node-save').click();
    await page.getByTestId('flow-node-2').waitFor();
    await addStep(page, 'Menu');
    await page.fill('[data-testid=flow-node-message]', 'Escolha uma opção:');
    await page.getByTestId('flow-option-add').click();
    await page.fill('[data-testid=flow-option-1]', 'Vendas');
    await page.getByTestId('flow-option-add').click();
    await page.fill('[data-testid=flow-option-2]', 'Suporte');
    await page.getByTestId('flow-node-save').click();
    await page.getByTestId('flow-node-3').waitFor();
    await addStep(page, 'Texto');
    await page.fill('[data-testid=flow-node-message]', SALES);
    await page.getByTestId('flow-node-save').click();
    await page.getByTestId('flow-node-4').waitFor();
    // the new steps stand side by side; the whole drawing in view, then link them
    await page.locator('.react-flow__controls-fitview').click();
    await link(page, '1', 'a', '2');
    await link(page, '2', 'a', '3');
    await link(page, '3', 'a1', '4');
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(3);
    // option 2 leads nowhere: the problems list says so before saving, pointing at the menu
    await page.getByTestId('flow-editor-save').click();
    const problems = page.getByTestId('flow-problems');
    await problems.waitFor();
    await expect(problems.getByText('A opção 2 não leva a nenhuma etapa').isVisible()).resolves.toBe(true);
    await shot(page, '03', 'problems');
    await page.getByTestId('flow-problems-save').click();
    await page.getByText('Fluxo salvo com sucesso').waitFor();
    await shot(page, '04', 'editor');
    // duplicate and delete a step: the copy goes 240 to the right; deleting takes its links with it
    await page.getByTestId('flow-node-duplicate-4').click();
    await page.getByTestId('flow-node-5').waitFor();
    await page.getByTestId('flow-node-delete-5').click();
    await expect(page.getByTestId('flow-node-5').count()).resolves.toBe(0);
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, '05', 'editor-390');
    await page.setViewportSize({ width: 1366, height: 820 });
  });

  it('draws its canvas, controls and minimap in the dark theme', async () => {
    const { page } = admin;
    /** The relative luminance (0 black, 1 white) of an element's computed background. */
    const luminanceOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const [r, g, b] = getComputedStyle(el)
            .backgroundColor.match(/[\d.]+/g)!
            .slice(0, 3)
            .map((v) => Number(v) / 255)
            .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        });
    await expect(luminanceOf('.react-flow__controls-button')).resolves.toBeGreaterThan(0.5);
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expect(page.locator('.react-flow.dark').count()).resolves.toBe(1);
    await expect(luminanceOf('.react-flow__controls-button')).resolves.toBeLessThan(0.1);
    await expect(luminanceOf('.react-flow__minimap')).resolves.toBeLessThan(0.1);
    await shot(page, '06', 'editor-dark');
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  });

  it('makes the flow the web chat welcome flow in the Standard flow tab', async () => {
    const { page } = admin;
    // the flow choices are read once the tab shows: they are opened when they have arrived
    const flowsListed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/flowbuilder' && r.request().method() === 'GET' && r.ok(),
    );
    await page.goto(`${baseUrl}/connections`);
    await page.getByTestId(`connection-edit-${connectionId}`).click();
    await page.getByTestId('connection-dialog').waitFor();
    await page.locator('#connection-tab-flowbuilder').click();
    await flowsListed;
    await page.getByTestId('connection-flow-welcome').click();
    await page.locator('.p-dropdown-item', { hasText: FLOW_NAME }).click();
    await shot(page, '07', 'standard-flow-tab');
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'hidden' });
  });

  it('walks a website chat visitor through the flow', async () => {
    visitorContext = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'pt-BR' });
    const page = await visitorContext.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/widget/${webchatToken}`);
    await page.getByTestId('widget').waitFor();
    await page.fill('#widget-name', `Rita ${run}`);
    await page.fill('#widget-email', `rita-${run}@example.com`);
    await page.getByTestId('widget-start').click();
    await page.getByTestId('widget-input').waitFor();
    await page.fill('[data-testid=widget-input]', 'Oi');
    await page.keyboard.press('Enter');
    const fromCompany = (text: string) => page.getByTestId('widget-message-company').filter({ hasText: text });
    await fromCompany(HELLO).waitFor();
    await fromCompany('[1] Vendas').waitFor();
    await page.fill('[data-testid=widget-input]', '1');
    await page.keyboard.press('Enter');
    await fromCompany(SALES).waitFor();
    await shot(page, '08', 'visitor-walk');
    expect(pageErrors).toEqual([]);
  });
});
