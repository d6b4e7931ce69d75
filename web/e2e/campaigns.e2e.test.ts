/**
 * Campaigns in a real browser. The product runs in this file's own process (its own data folder and DynamoDB Local)
 * with the session fleet's scripted Baileys socket in place of WhatsApp: an admin's company has a connected WhatsApp
 * number and a contact list of two numbers (made through the API). In the browser the admin sets the campaign
 * settings (sending all day, every day, 10 s apart), creates a campaign through the dialog, refused first for its
 * missing fields, with a date that has come, and watches its report reach 100 % live as the phone's delivery receipts
 * come (a send the session only took is not a delivery), then finds it read-only.
 * Screenshots under test-results/campaigns-*.png, the report also at 390 px.
 */
import { rmSync } from 'node:fs';
import { proto } from '@whiskeysockets/baileys';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { api, openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';
import { startOwnRuntime } from './own-runtime.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Carla Campanha', email: `carla.${run}@example.com`, password: 'campanha-pass-1' };
const CONNECTION = 'Disparos';
const LIST = `Clientes ${run}`;
const CAMPAIGN = `Ofertas ${run}`;
const NUMBERS = ['5511955550001', '5511955550002'];

const fakes = new FakeSocketFactory();
let runtime: Runtime;
let dataDir: string;
let browser: Browser;
let page: Page;
let token = '';
let companyId = 0;
let connectionId = 0;
let socket: FakeBaileysSocket;
const pageErrors: string[] = [];

const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  api<T>(method, path, body, token || undefined, runtime.url);

const shot = (name: string) => screenshot(page, `campaigns-${name}`, { fullPage: true });

/** A PrimeReact dropdown's option, chosen by its text in the overlay. */
const choose = async (trigger: string, option: string) => {
  await page.locator(trigger).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: option }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
};

const until = async <T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  ({ runtime, dataDir } = await startOwnRuntime('sb-campaigns-browser-', { whatsappSocketFactory: fakes.factory }));
  await signUpCompany(OWNER, `Campanhas ${run}`, runtime.url);
  ({ browser, page } = await openDesktopPage(pageErrors));
  token = await signInWithForm(page, OWNER.email, OWNER.password, runtime.url);
  const me = await call<{ companyId: number }>('GET', '/auth/me');
  companyId = me.companyId;
  // the company's WhatsApp number, connected
  const connection = await call<{ id: number }>('POST', '/whatsapp', { channel: 'whatsapp', name: CONNECTION, isDefault: true });
  connectionId = connection.id;
  socket = await fakes.next({ companyId, connectionId }, { after: 0, timeoutMs: 30_000 });
  socket.open('5511900003333');
  await until(
    () => call<{ status: string }>('GET', `/whatsapp/${connectionId}`),
    (c) => c.status === 'CONNECTED',
  );
  // the list of two numbers, checked on WhatsApp by the session
  const list = await call<{ id: number }>('POST', '/contact-lists', { name: LIST });
  for (const [i, number] of NUMBERS.entries())
    await call('POST', '/contact-list-items', { contactListId: list.id, name: `Cliente ${i + 1}`, number, email: '' });
  await until(
    () => call<{ validCount: number }>('GET', `/contact-lists/${list.id}`),
    (l) => l.validCount === 2,
  );
  // the menu shows the campaign entries with the cshow flag (spec section 2)
  await page.evaluate(() => localStorage.setItem('cshow', 'true'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('campaigns in the browser', () => {
  it('saves the settings after refusing an end hour before the start hour', async () => {
    await page.goto(`${runtime.url}/campaigns-config`);
    await page.getByTestId('campaign-settings-form').waitFor();
    await page.fill('#campaign-settings-start', '18:00');
    await page.fill('#campaign-settings-end', '09:00');
    await page.getByTestId('campaign-settings-save').click();
    await expect(page.locator('#campaign-settings-end-error').textContent()).resolves.toBe(
      'A hora de término deve vir depois da hora de início',
    );
    await page.fill('#campaign-settings-start', '00:00');
    await page.fill('#campaign-settings-end', '23:59');
    await page.locator('label[for=campaign-settings-sabado]').click();
    await page.locator('label[for=campaign-settings-domingo]').click();
    // 10 s between sends: the report is open between the first and the second
    await choose('[data-testid=campaign-settings-interval]', '10 segundos');
    await page.getByTestId('campaign-variable-add').click();
    await page.fill('#campaign-variable-key-0', 'loja');
    await page.fill('#campaign-variable-value-0', 'Loja Centro');
    await page.locator('#campaign-settings-end-error').waitFor({ state: 'detached' });
    await shot('01-settings');
    await page.getByTestId('campaign-settings-save').click();
    await page.locator('.p-toast-message-success').filter({ hasText: 'Ajustes guardados' }).waitFor();
    const saved = await call<{ key: string; value: unknown }[]>('GET', '/campaign-settings');
    const value = (key: string) => saved.find((s) => s.key === key)?.value;
    expect([
      value('startHour'),
      value('endHour'),
      String(value('sabado')),
      String(value('domingo')),
      Number(value('messageInterval')),
    ]).toEqual(['00:00', '23:59', 'true', 'true', 10]);
  });

  it('creates a campaign through the dialog, refusing it first without its required fields', async () => {
    await page.locator('a[href="/campaigns"]').first().click();
    await page.waitForURL('**/campaigns');
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-dialog').waitFor();
    await page.getByTestId('campaign-save').click();
    await expect(page.locator('#campaign-name-error').textContent()).resolves.toBe('Required');
    await expect(page.locator('#campaign-connection-error').textContent()).resolves.toBe('Required');
    await expect(page.locator('#campaign-contact-list-error').textContent()).resolves.toBe('Required');
    await expect(page.locator('#campaign-message1-error').textContent()).resolves.toBe('Required');
    // user, queue and ticket status wait for the open-ticket option
    await expect(page.locator('#campaign-status-ticket').isDisabled()).resolves.toBe(true);

    await page.fill('#campaign-name', CAMPAIGN);
    await choose('[data-testid=campaign-contact-list]', LIST);
    await choose('[data-testid=campaign-connection]', CONNECTION);
    await page.fill('[data-testid=campaign-text]', 'Olá {nome}, ofertas na {loja}!');
    await page.getByTestId('campaign-tab-message2').click();
    await page.fill('[data-testid=campaign-text]', 'Oi {nome}, passe na {loja}.');
    // confirmation tabs appear only with confirmation on
    await expect(page.getByTestId('campaign-tab-confirmationMessage1').count()).resolves.toBe(0);
    // a date that has come: the campaign starts on save
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .locator('#campaign-scheduled-at')
      .fill(
        `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`,
      );
    await page.locator('#campaign-name').click();
    await expect(page.locator('#campaign-name-error').count()).resolves.toBe(0);
    await shot('02-dialog');
    await page.getByTestId('campaign-save').click();
    await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
    const row = page.locator('[data-testid=campaigns-table] tbody tr').filter({ hasText: CAMPAIGN });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(LIST);
    await shot('03-list');
  });

  it('shows the report reaching 100 % live as each delivery is confirmed, then the campaign read-only', async () => {
    const { records } = await call<{ records: { id: number; name: string }[] }>('GET', '/campaigns');
    const id = records.find((r) => r.name === CAMPAIGN)!.id;
    await page.getByTestId(`campaign-report-${id}`).click();
    await page.waitForURL(`**/campaign/${id}/report`);
    await page.getByTestId('campaign-report-page').waitFor();
    const progress = page.getByTestId('campaign-report-progress');
    const card = (name: string) => page.getByTestId(`campaign-report-card-${name}`).locator('.campaign-report__card-value');
    const sends = () => socket.callsOf('sendMessage') as [string, { text?: string }, { messageId?: string }][];
    const receipt = (i: number) => {
      const [jid, , options] = sends()[i]!;
      socket.receipt(jid, options.messageId!, proto.WebMessageInfo.Status.DELIVERY_ACK);
    };
    // the first send is out, the second waits its 10 s: sent, but nothing delivered until the phone says so
    await expect.poll(() => card('sent').textContent(), { timeout: 30_000 }).toBe('1');
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('0');
    await expect(card('delivered').textContent()).resolves.toBe('0');
    await expect(page.getByTestId('campaign-report-status').getAttribute('data-status')).resolves.toBe('EM_ANDAMENTO');
    await shot('04-report-sent');
    // the phone's receipt of the first: half way, without a reload
    receipt(0);
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('50');
    await shot('04-report-running');
    // the second send ends the sending: FINALIZADA, still 50 % delivered
    await expect
      .poll(() => page.getByTestId('campaign-report-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('FINALIZADA');
    // it turned FINALIZADA while open: the report says it reloads, and does 5 s later
    const reloading = page.getByText('Campanha finalizada: o relatório será recarregado em 5 segundos.');
    await reloading.waitFor();
    await reloading.waitFor({ state: 'detached', timeout: 10_000 });
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('50');
    receipt(1);
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await expect(card('valid').textContent()).resolves.toBe('2');
    await expect.poll(() => card('delivered').textContent()).toBe('2');
    await expect(card('sent').textContent()).resolves.toBe('0');
    await expect(card('failed').textContent()).resolves.toBe('0');
    const rows = page.locator('[data-testid=campaign-report-table] tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'Entregue' }).count()).toBe(2);
    // the phone got each campaign message once, with the variables filled in
    const texts = (socket.callsOf('sendMessage') as [string, { text?: string }][]).map(([jid, c]) => [
      jid,
      (c.text ?? '').replace(/^\u200c/, ''),
    ]);
    for (const [i, n] of NUMBERS.entries()) {
      const sent = texts.filter(([jid]) => jid === `${n}@s.whatsapp.net`);
      expect(sent).toHaveLength(1);
      expect([`Olá Cliente ${i + 1}, ofertas na Loja Centro!`, `Oi Cliente ${i + 1}, passe na Loja Centro.`]).toContain(
        sent[0]![1],
      );
    }
    await shot('05-report');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('06-report-390');
    await page.goto(`${runtime.url}/campaigns`);
    await page.getByTestId(`campaign-view-${id}`).click();
    await page.getByTestId('campaign-readonly').waitFor();
    await expect(page.locator('#campaign-name').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('campaign-save').count()).resolves.toBe(0);
    await shot('07-readonly-390');
    await page.keyboard.press('Escape');
    await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
    await shot('08-list-390');
    await page.setViewportSize({ width: 1366, height: 820 });
    expect(pageErrors).toEqual([]);
  });
});
