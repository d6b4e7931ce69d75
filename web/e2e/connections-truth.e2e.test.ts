/**
 * Connections tell the truth, in a real browser. The product runs in this file's own process with the session fleet's
 * scripted Baileys socket and a fake Graph API: the QR dialog of a new WhatsApp connection says why no code came (the
 * session could not reach WhatsApp, then the codes ran out) and tries again from its button; a Cloud API number whose
 * token Meta refused is listed disconnected with the reason; the campaign dialog offers no web chat and says before
 * saving that a Messenger page sends to a tag, not to a contact list. axe audits the failed QR dialog and the list
 * with a reason. Screenshots under test-results/connections-truth-*.png.
 */
import { rmSync } from 'node:fs';
import { DisconnectReason } from '@whiskeysockets/baileys';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSocketFactory } from '../../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { startFakeGraph, type FakeGraph } from '../../test/fakes/graph-server.ts';
import { axeFindings, describeFindings } from './axe.ts';
import { api, openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';
import { startOwnRuntime } from './own-runtime.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Vera Verdade', email: `vera.${run}@example.com`, password: 'truth-pass-1' };
const WHATSAPP = 'Balcão WhatsApp';
const REFUSED = 'Número recusado';
const PAGE = { id: '5901', name: 'Loja no Messenger', access_token: 'truth-page-token' };
const LIST = 'Clientes da loja';
const CLOUD = { phoneNumberId: '1015559901', wabaId: '2025559901', appSecret: 'truth-secret', verifyToken: 'truth-verify' };

const fakes = new FakeSocketFactory();
let graph: FakeGraph;
let runtime: Runtime;
let dataDir: string;
let browser: Browser;
let page: Page;
let token = '';
let whatsappId = 0;
const pageErrors: string[] = [];

const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  api<T>(method, path, body, token || undefined, runtime.url);

const shot = (name: string) => screenshot(page, `connections-truth-${name}`);

const row = (name: string) =>
  page
    .locator('[data-testid=connections-table] tbody tr')
    .filter({ has: page.locator('.connections-table__name', { hasText: name }) });

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.tokens.add('truth-user-token').add(PAGE.access_token);
  graph.pages.set('9901', [PAGE]);
  graph.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  // read by the product at start, as `npm start` reads it
  Object.assign(process.env, { META_GRAPH_URL: graph.url });
  ({ runtime, dataDir } = await startOwnRuntime('sb-truth-browser-', { whatsappSocketFactory: fakes.factory }));
  await signUpCompany(OWNER, `Verdade ${run}`, runtime.url);
  ({ browser, page } = await openDesktopPage(pageErrors));
  token = await signInWithForm(page, OWNER.email, OWNER.password, runtime.url);
  await call('POST', '/facebook', { facebookUserId: '9901', facebookUserToken: 'truth-user-token', addInstagram: false });
  // a token Meta does not accept
  await call('POST', '/whatsapp', { channel: 'whatsappapi', name: REFUSED, ...CLOUD, accessToken: 'typo-token' });
  await call('POST', '/contact-lists', { name: LIST });
  // the menu shows the campaign entries with the cshow flag (spec section 2)
  await page.evaluate(() => localStorage.setItem('cshow', 'true'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  await graph?.close();
  delete process.env.META_GRAPH_URL;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('connections that tell the truth', () => {
  it('shows in the QR dialog why no QR code came, with a button that tries again', async () => {
    await page.goto(`${runtime.url}/connections`);
    await page.getByTestId('connections-page').waitFor();
    await page.getByTestId('connections-add').click();
    await page.locator('#connections-add-menu .connections-add-whatsapp a').click();
    await page.getByTestId('connection-dialog').waitFor();
    await page.fill('#connection-name', WHATSAPP);
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-qr-dialog').waitFor();
    await page.getByTestId('connection-qr-waiting').waitFor();
    whatsappId = (await call<{ id: number; name: string }[]>('GET', '/whatsapp')).find((c) => c.name === WHATSAPP)!.id;

    // the server cannot reach WhatsApp: the dialog stops waiting and says so, with the detail
    const offline = await fakes.next(whatsappId, { after: 0, timeoutMs: 30_000 });
    offline.close(undefined, 'getaddrinfo ENOTFOUND web.whatsapp.com');
    const failed = page.getByTestId('connection-qr-failed');
    await failed.waitFor();
    await expect(page.getByTestId('connection-qr-reason').textContent()).resolves.toBe('Não foi possível falar com o WhatsApp.');
    await expect(page.getByTestId('connection-qr-reason-detail').textContent()).resolves.toContain(
      'getaddrinfo ENOTFOUND web.whatsapp.com',
    );
    await expect(page.getByTestId('connection-qr-waiting').count()).resolves.toBe(0);
    await shot('01-unreachable');
    expect(describeFindings('QR dialog, unreachable', await axeFindings(page, '[data-testid=connection-qr-dialog]'))).toEqual([]);

    // the session's next attempt reaches WhatsApp: the code replaces the reason
    await page.getByTestId('connection-qr-retry').click();
    const next = await fakes.next(whatsappId, { after: 1, timeoutMs: 30_000 });
    next.showQr(`2@${run}TRUTHabcdefghijklmnopqrstuvwxyz,0123456789abcdef=,ABCDEFGHIJ=,KLMNOPQRST=`);
    await page.getByTestId('connection-qr-image').waitFor();

    // the codes run out unread: the dialog stays open and says so, instead of closing or spinning
    next.close(DisconnectReason.timedOut, 'QR refs attempts ended');
    await failed.waitFor();
    await expect(page.getByTestId('connection-qr-reason').textContent()).resolves.toBe('O QR code não foi lido a tempo.');
    await expect(page.getByTestId('connection-qr-dialog').isVisible()).resolves.toBe(true);
    await shot('02-timeout');

    // trying again starts a new pairing: a new socket, a new code
    const sockets = fakes.of(whatsappId).length;
    await page.getByTestId('connection-qr-retry').click();
    const again = await fakes.next(whatsappId, { after: sockets, timeoutMs: 30_000 });
    again.showQr(`2@${run}AGAINabcdefghijklmnopqrstuvwxyz,0123456789abcdef=,ABCDEFGHIJ=,KLMNOPQRST=`);
    await page.getByTestId('connection-qr-image').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-qr-dialog').waitFor({ state: 'detached' });
  });

  it('lists a Cloud API number whose token Meta refused as disconnected, with the reason', async () => {
    const refused = row(REFUSED);
    await expect(refused.getByTestId('connection-status').textContent()).resolves.toBe('Desconectado');
    await expect(refused.getByTestId('connection-status-reason').textContent()).resolves.toContain(
      'A Meta recusou o token de acesso.',
    );
    await expect(row(PAGE.name).getByTestId('connection-status').textContent()).resolves.toBe('online');
    await shot('03-list');
    expect(describeFindings('connections with a reason', await axeFindings(page, '[data-testid=connections-table]'))).toEqual([]);
  });

  it('offers in the campaign dialog only connections that can send, and says before saving that a page sends to a tag', async () => {
    await page.goto(`${runtime.url}/campaigns`);
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-dialog').waitFor();
    await page.locator('[data-testid=campaign-contact-list]').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: LIST }).first().click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });

    await page.locator('[data-testid=campaign-connection]').click();
    const options = page.locator('.p-dropdown-panel .p-dropdown-item');
    await options.first().waitFor();
    const offered = await options.allTextContents();
    const connections = await call<{ name: string; channel: string }[]>('GET', '/whatsapp');
    const webchat = connections.find((c) => c.channel === 'webchat')!.name;
    expect(offered.map((o) => o.trim())).toEqual(expect.arrayContaining([WHATSAPP, REFUSED, PAGE.name]));
    expect(offered.some((o) => o.includes(webchat))).toBe(false);
    await options.filter({ hasText: PAGE.name }).first().click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await expect(page.locator('#campaign-contact-list-error').textContent()).resolves.toBe(
      'Campanhas no Messenger e no Instagram vão para uma etiqueta: uma lista de contatos tem números de telefone.',
    );
    await shot('04-campaign-page');
    expect(pageErrors).toEqual([]);
  });
});
