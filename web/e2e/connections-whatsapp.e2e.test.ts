/**
 * A WhatsApp connection added from the Connections page, paired by QR code, in a real browser. The product runs
 * in this file's own process (its own data folder and DynamoDB Local) with the session fleet's scripted Baileys
 * socket in place of WhatsApp, so the test plays the phone: it shows a QR code, which the page draws, then scans
 * it, and the dialog closes as the session reports CONNECTED. The health panel then shows the session's history.
 * axe audits the QR dialog and the health panel in both themes. Screenshots under test-results/connections-wa-*.png.
 * Then, on the connected session, the import of old messages as an admin sets it up in the General tab (its
 * validation, the warning, a new pairing through the QR dialog), the phone's history sync scripted as Baileys
 * sends it, the table's progress and close-imported-tickets button; and the greeting media (upload, preview after
 * reopening, removal). axe audits the edit dialog (import open, media present) and the table with the button.
 */
import { rmSync } from 'node:fs';
import type { WAMessage } from '@whiskeysockets/baileys';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSocketFactory } from '../../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { axeFindings, describeFindings } from './axe.ts';
import { api, openDesktopPage, screenshot, settle as settlePage, SHOTS, signInWithForm, signUpCompany } from './browser.ts';
import { startOwnRuntime } from './own-runtime.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Wagner Zap', email: `wagner.${run}@example.com`, password: 'whatsapp-pass-1' };
const NAME = 'Vendas WhatsApp';
const NUMBER = '5511987654321';

const fakes = new FakeSocketFactory();
let runtime: Runtime;
let dataDir: string;
let browser: Browser;
let page: Page;
let token = '';
let connectionId = 0;
const pageErrors: string[] = [];

const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  api<T>(method, path, body, token || undefined, runtime.url);

const shot = (name: string) => screenshot(page, `connections-wa-${name}`, { waitMs: 400 });

const settle = () => settlePage(page);

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

const DAY = 24 * 60 * 60_000;
/** a day `offset` days from today, as a date input holds it (YYYY-MM-DD, local time) */
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * DAY);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const historyMessage = (id: string, jid: string, body: string, at: number, participant?: string): WAMessage => ({
  key: { remoteJid: jid, fromMe: false, id, ...(participant ? { participant } : {}) },
  messageTimestamp: Math.floor(at / 1000),
  pushName: 'Cliente Antigo',
  message: { conversation: body },
});

/** axe on the page as it is, in the light theme and then the dark one (the top bar's button), back to light. */
const auditPageBothThemes = async (where: string) => {
  const findings: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await page.getByTestId('theme-toggle').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    }
    await settle();
    await page.screenshot({ path: `${SHOTS}a11y-${theme}-${where}.png` });
    findings.push(...describeFindings(`${theme} ${where}`, await axeFindings(page)));
  }
  await page.getByTestId('theme-toggle').click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  return findings;
};

const row = () =>
  page
    .locator('[data-testid=connections-table] tbody tr')
    .filter({ has: page.locator('.connections-table__name', { hasText: NAME }) });

beforeAll(async () => {
  ({ runtime, dataDir } = await startOwnRuntime('sb-wa-browser-', { whatsappSocketFactory: fakes.factory }));
  await signUpCompany(OWNER, `Zap ${run}`, runtime.url);
  ({ browser, page } = await openDesktopPage(pageErrors));
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
    expect(
      await auditBothThemes('connections-qr-dialog', 'connection-qr-dialog', () =>
        page.getByTestId(`connection-show-qr-${connectionId}`).click(),
      ),
    ).toEqual([]);
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
    expect(
      await auditBothThemes('connections-health-dialog', 'connection-health-dialog', () =>
        page.getByTestId(`connection-health-${connectionId}`).click(),
      ),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });
});

describe('the import of old messages on the connected session', () => {
  const OLD_NUMBERS = ['5511977770001', '5511977770002'];
  const ticketsOf = async (status: string) =>
    (
      await call<{ tickets: { id: number; status: string; contact: { number: string } }[] }>(
        'GET',
        `/tickets?status=${status}&showAll=true`,
      )
    ).tickets;
  const errorOf = (id: string) => page.locator(`#${id}-error`);
  let queueName = '';

  it('asks for a queue and dates in range before saving, and warns that the session will be paired anew', async () => {
    queueName = `Histórico ${run}`;
    await call('POST', '/queue', { name: queueName, color: '#345def', greetingMessage: 'Oi' });
    // made behind the page's back: read afresh, as a user coming from the Queues page would
    await page.reload();
    await row().waitFor();
    await page.getByTestId(`connection-edit-${connectionId}`).click();
    await page.getByTestId('connection-dialog').waitFor();
    await page.locator('[data-testid="connection-tab-general"][aria-selected="true"]').waitFor();
    await page.getByTestId('connection-import-enabled').click();
    await page.getByTestId('connection-import-warning').waitFor();
    await page.getByTestId('connection-save').click();
    // nothing saved: the form names each missing field
    await expect(errorOf('connection-import-old').textContent()).resolves.toBe('Required');
    await expect(errorOf('connection-import-recent').textContent()).resolves.toBe('Required');
    await expect(errorOf('connection-import-queue').textContent()).resolves.toBe('Required');
    // the first field in error has the focus, in view
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('connection-import-old');
    await shot('05-import-required');
    await page.fill('#connection-import-old', day(-3 * 365));
    await page.fill('#connection-import-recent', day(5));
    await expect.poll(() => errorOf('connection-import-old').textContent()).toBe('No máximo 2 anos atrás');
    await expect.poll(() => errorOf('connection-import-recent').textContent()).toBe('Não pode ser no futuro');
    await page.fill('#connection-import-old', day(-10));
    await page.fill('#connection-import-recent', day(-12));
    await expect.poll(() => errorOf('connection-import-recent').textContent()).toBe('Não pode ser antes da data inicial');
    await shot('05-import-out-of-range');
    await page.fill('#connection-import-recent', day(-2));
    await page.getByTestId('connection-import-queue').click();
    await page.getByRole('option', { name: queueName }).click();
    await expect.poll(() => page.locator('[data-testid=connection-import] .form-field__error').count()).toBe(0);
    await expect(page.getByTestId('connection-import-warning').textContent()).resolves.toContain('novo QR code');
    await shot('06-import-valid');
    expect((await call<{ status: string }>('GET', `/whatsapp/${connectionId}`)).status).toBe('CONNECTED');
  });

  it('saves, pairs the session anew through the QR dialog and shows the import preparing', async () => {
    const sockets = fakes.of(connectionId).length;
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    // the saved import deleted the session: its QR dialog opens, waiting for the new code
    await page.getByTestId('connection-qr-dialog').waitFor();
    const fresh = await fakes.next(connectionId, { after: sockets, timeoutMs: 30_000 });
    expect(fresh.request.fullHistory).toBe(true);
    fresh.showQr(`2@${run}IMPORTQRabcdefghijklmnopqrstuvwxyz,0123456789abcdef=,ABCDEFGHIJ=,KLMNOPQRST=`);
    await page.getByTestId('connection-qr-image').waitFor();
    await shot('07-import-qr');
    const before = fakes.of(connectionId).length;
    fresh.scan(NUMBER);
    const reopened = await fakes.next(connectionId, { after: before, timeoutMs: 30_000 });
    reopened.open(NUMBER);
    await page.getByTestId('connection-qr-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row().getByTestId('connection-status').textContent()).toBe('online');
    // within 35 seconds of the save the import is preparing
    await row().getByTestId(`connection-import-preparing-${connectionId}`).waitFor();
    await expect(row().getByTestId(`connection-import-preparing-${connectionId}`).isDisabled()).resolves.toBe(true);
    await shot('08-import-preparing');
  });

  it('shows the progress of the history sync, then the close-imported-tickets button', async () => {
    const socket = fakes.latest(connectionId)!;
    const now = Date.now();
    socket.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [
        historyMessage(`OLD-1-${run}`, `${OLD_NUMBERS[0]}@s.whatsapp.net`, 'pedido antigo', now - 5 * DAY),
        historyMessage(`OLD-2-${run}`, `${OLD_NUMBERS[0]}@s.whatsapp.net`, 'ainda aguardo', now - 4 * DAY),
        historyMessage(`OLD-3-${run}`, `${OLD_NUMBERS[1]}@s.whatsapp.net`, 'outra conversa', now - 3 * DAY),
        historyMessage(`TOO-OLD-${run}`, '5511977770003@s.whatsapp.net', 'muito antiga', now - 40 * DAY),
      ],
      isLatest: true,
      progress: 50,
    });
    const progress = row().getByTestId(`connection-import-progress-${connectionId}`);
    // at once, though the list still holds the time the import was asked (within its 35 seconds of 'preparing')
    await progress.waitFor();
    await expect(progress.textContent()).resolves.toBe('3 de 3 mensagens importadas');
    await shot('09-import-progress');
    socket.ev.emit('messaging-history.status', { syncType: 0, status: 'complete', explicit: true });
    await row().getByTestId(`connection-close-imported-${connectionId}`).waitFor();
    await shot('10-import-close-button');
    expect(await auditPageBothThemes('connections-import-table')).toEqual([]);
  });

  it('closes the imported tickets with the button, which then goes away', async () => {
    const open = await ticketsOf('pending');
    for (const n of OLD_NUMBERS) expect(open.map((t) => t.contact.number)).toContain(n);
    await row().getByTestId(`connection-close-imported-${connectionId}`).click();
    await row().getByTestId(`connection-close-imported-${connectionId}`).waitFor({ state: 'detached' });
    await shot('11-import-closed');
    const after = (await ticketsOf('pending')).map((t) => t.contact.number);
    for (const n of OLD_NUMBERS) expect(after).not.toContain(n);
    const closed = (await ticketsOf('closed')).map((t) => t.contact.number);
    for (const n of OLD_NUMBERS) expect(closed).toContain(n);
    expect(
      (await call<{ statusImportMessages: string | null }>('GET', `/whatsapp/${connectionId}`)).statusImportMessages,
    ).toBeNull();
  });
});

describe('the greeting media of the connection', () => {
  const openEdit = async () => {
    await page.getByTestId(`connection-edit-${connectionId}`).click();
    await page.getByTestId('connection-dialog').waitFor();
  };
  const media = () => page.getByTestId('connection-greeting-media');

  it('uploads an image, shows its preview and name again when the dialog is reopened, and removes it', async () => {
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#1f7a4d';
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#ffffff';
      g.font = 'bold 36px sans-serif';
      g.fillText('Bem-vindo!', 60, 100);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await openEdit();
    // the dialog's own button (in the page's language) opens the file chooser
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      media().getByRole('button', { name: 'Enviar imagem ou vídeo' }).click(),
    ]);
    await chooser.setFiles({ name: 'boas vindas.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await media().getByTestId('connection-greeting-media-name').waitFor();
    await expect(media().getByTestId('connection-greeting-media-name').textContent()).resolves.toBe('boas vindas.png');
    const preview = media().getByTestId('connection-greeting-media-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await shot('12-media-uploaded');
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });

    await openEdit();
    await expect(media().getByTestId('connection-greeting-media-name').textContent()).resolves.toBe('boas vindas.png');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    // the import saved before stays on: the section is open beside the media
    await page.getByTestId('connection-import').locator('#connection-import-old').waitFor();
    await shot('13-media-reopened');
    expect(await auditBothThemes('connections-edit-import-media', 'connection-dialog', openEdit)).toEqual([]);

    await media().getByTestId('connection-greeting-media-remove').click();
    await media().getByTestId('connection-greeting-media-name').waitFor({ state: 'detached' });
    await expect(media().getByTestId('connection-greeting-media-preview').count()).resolves.toBe(0);
    await shot('14-media-removed');
    expect(
      (await call<{ greetingMediaAttachment: string | null }>('GET', `/whatsapp/${connectionId}`)).greetingMediaAttachment,
    ).toBeNull();
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });
});
