/**
 * A WhatsApp connection added from the Connections page, paired by QR code, in a real browser. The product runs
 * in this file's own process (its own data folder and DynamoDB Local) with the session fleet's scripted Baileys
 * socket in place of WhatsApp, so the test plays the phone: it shows a QR code, which the page draws, then scans
 * it, and the dialog closes as the session reports CONNECTED. The health panel then shows the session's history.
 * axe audits the QR dialog and the health panel in both themes. Screenshots under test-results/connections-wa-*.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSocketFactory } from '../../connector-container/src/testing/fake-baileys-socket.ts';
import { startRuntime, type Runtime } from '../../infra/local/runtime.ts';
import { axeFindings, describeFindings } from './axe.ts';
import { launchChromium, SHOTS, signInWithForm } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Wagner Zap', email: `wagner.${run}@example.com`, password: 'whatsapp-pass-1' };
const NAME = 'Vendas WhatsApp';
const NUMBER = '5511987654321';

const fakes = new FakeSocketFactory();
let runtime: Runtime;
let dataDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let connectionId = 0;
const pageErrors: string[] = [];

const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${runtime.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const shot = async (name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}connections-wa-${name}.png` });
};

const settle = () =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/**
 * axe on the open dialog in the light theme, then (closed, the top bar's theme button pressed, opened again by
 * `reopen`) in the dark one; it is left open in the light theme again.
 */
const auditBothThemes = async (where: string, dialog: string, reopen: () => Promise<void>) => {
  const findings: string[] = [];
  const audit = async (theme: string) => {
    await settle();
    await page.screenshot({ path: `${SHOTS}a11y-${theme}-${where}.png` });
    findings.push(...describeFindings(`${theme} ${where}`, await axeFindings(page)));
  };
  const switchTo = async (theme: 'light' | 'dark') => {
    await page.keyboard.press('Escape');
    await page.getByTestId(dialog).waitFor({ state: 'detached' });
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await reopen();
    await page.getByTestId(dialog).waitFor();
  };
  await audit('light');
  await switchTo('dark');
  await audit('dark');
  await switchTo('light');
  return findings;
};

const row = () => page.locator('[data-testid=connections-table] tbody tr').filter({ has: page.locator('.connections-table__name', { hasText: NAME }) });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sb-wa-browser-'));
  runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: 'root@example.com',
    adminPassword: 'root-password-1',
    whatsappSocketFactory: fakes.factory,
  });
  const plans = await call<{ id: number }[]>('GET', '/plans/list');
  await call('POST', '/auth/signup', { name: OWNER.name, companyName: `Zap ${run}`, email: OWNER.email, password: OWNER.password, phone: '5511999990000', planId: plans[0]!.id });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a WhatsApp connection paired by QR code', () => {
  it('is added from the add menu and its QR dialog opens, waiting for the code', async () => {
    token = await signInWithForm(page, OWNER.email, OWNER.password, runtime.url);
    await page.goto(`${runtime.url}/connections`);
    await page.getByTestId('connections-page').waitFor();
    await page.getByTestId('connections-add').click();
    await page.locator('#connections-add-menu .connections-add-whatsapp a').click();
    await page.getByTestId('connection-dialog').waitFor();
    await page.fill('#connection-name', NAME);
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('connection-qr-dialog').waitFor();
    const connections = await call<{ id: number; name: string }[]>('GET', '/whatsapp');
    connectionId = connections.find((c) => c.name === NAME)!.id;
    await shot('01-waiting');
  });

  it('draws the QR code the session reports, as an image', async () => {
    const socket = await fakes.next(connectionId, { after: 0, timeoutMs: 30_000 });
    socket.showQr(`2@${run}QRCODEabcdefghijklmnopqrstuvwxyz,0123456789abcdef=,ABCDEFGHIJ=,KLMNOPQRST=`);
    const image = page.getByTestId('connection-qr-image');
    await image.waitFor();
    await expect(image.getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml/);
    // the code is drawn in the browser: a 256 px image, not a broken one
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(row().getByTestId('connection-status').textContent()).resolves.toBe('Aguardando QR code');
    await shot('02-qr');
    expect(await auditBothThemes('connections-qr-dialog', 'connection-qr-dialog', () => page.getByTestId(`connection-show-qr-${connectionId}`).click())).toEqual([]);
  });

  it('closes the dialog on its own when the phone has scanned the code and the session reports CONNECTED', async () => {
    const socket = fakes.latest(connectionId)!;
    const sockets = fakes.of(connectionId).length;
    socket.scan(NUMBER);
    // WhatsApp asks for a restart after pairing: the fleet opens a new socket, which connects
    const reopened = await fakes.next(connectionId, { after: sockets, timeoutMs: 30_000 });
    reopened.open(NUMBER);
    await page.getByTestId('connection-qr-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row().getByTestId('connection-status').textContent()).toBe('online');
    await expect.poll(() => row().textContent()).toContain(NUMBER);
    await shot('03-connected');
  });

  it("shows the session's health: its status history, last messages, reconnects and recovered messages", async () => {
    await page.getByTestId(`connection-health-${connectionId}`).click();
    await page.getByTestId('connection-health-dialog').waitFor();
    await page.getByTestId('connection-health-history').waitFor();
    await expect(page.getByTestId('connection-health-history').locator('li').first().textContent()).resolves.toContain('online');
    await expect(page.getByTestId('connection-health-reconnects').textContent()).resolves.toMatch(/^\d+$/);
    await expect(page.getByTestId('connection-health-recovered').textContent()).resolves.toMatch(/^\d+$/);
    await shot('04-health');
    expect(await auditBothThemes('connections-health-dialog', 'connection-health-dialog', () => page.getByTestId(`connection-health-${connectionId}`).click())).toEqual([]);
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });
});
