/**
 * The Contacts page with a WhatsApp QR session, in a real browser: the product runs in this file's own process with
 * the session fleet's scripted Baileys socket in place of WhatsApp. A customer who writes gets their WhatsApp profile
 * picture (served by a local stand-in of WhatsApp's media servers, a JPEG the browser itself drew), which the contacts
 * table shows as an image; then the admin imports the people of the phone's chats from the import menu, confirms,
 * and is told the count when the import ends. Screenshots under test-results/contacts-wa-*.png.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBaileysSocket, FakeSocketFactory } from '../../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { queryKnownChats } from '../../functions/src/modules/contacts/known-chats.repository.ts';
import { api, openDesktopPage, settle, SHOTS, signInWithForm, signUpCompany } from './browser.ts';
import { startOwnRuntime } from './own-runtime.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Clara Contatos', email: `clara.${run}@example.com`, password: 'contacts-pass-1' };
const CUSTOMER = '5511955554321';

const fakes = new FakeSocketFactory();
let runtime: Runtime;
let dataDir: string;
let browser: Browser;
let page: Page;
let token = '';
let socket: FakeBaileysSocket;
let connectionId = 0;
let pictures: Server;
let jpeg = Buffer.alloc(0);
const pageErrors: string[] = [];

const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  api<T>(method, path, body, token || undefined, runtime.url);

beforeAll(async () => {
  ({ runtime, dataDir } = await startOwnRuntime('sb-contacts-wa-', { whatsappSocketFactory: fakes.factory }));
  await signUpCompany(OWNER, `Contatos ${run}`, runtime.url);
  ({ browser, page } = await openDesktopPage(pageErrors));
  pictures = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  await new Promise((resolve) => pictures?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('contacts of a WhatsApp session', () => {
  it("shows the WhatsApp profile picture of a customer who wrote, from the product's own copy", async () => {
    token = await signInWithForm(page, OWNER.email, OWNER.password, runtime.url);
    const connection = await call<{ id: number }>('POST', '/whatsapp', { channel: 'whatsapp', name: 'Loja' });
    connectionId = connection.id;
    socket = await fakes.next(connection.id, { after: 0, timeoutMs: 30_000 });
    socket.open('5511944440000');
    await expect
      .poll(async () => (await call<{ status: string }>('GET', `/whatsapp/${connection.id}`)).status, { timeout: 15_000 })
      .toBe('CONNECTED');

    // a real JPEG, drawn by the browser, as WhatsApp's media servers would send it
    const drawn = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 64;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#16a34a';
      ctx.fillRect(0, 0, 64, 64);
      return canvas.toDataURL('image/jpeg');
    });
    jpeg = Buffer.from(drawn.split(',')[1]!, 'base64');
    FakeBaileysSocket.profilePictures.set(
      `${CUSTOMER}@s.whatsapp.net`,
      `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/p.jpg`,
    );
    socket.receive([
      {
        key: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id: `PIC-${run}` },
        message: { conversation: 'Olá, quero saber do meu pedido' },
        messageTimestamp: Math.floor(Date.now() / 1000),
        pushName: 'Cliente Foto',
      },
    ]);
    await expect
      .poll(async () => (await call<{ urlPicture: string | null }>('GET', `/contacts/profile/${CUSTOMER}`)).urlPicture, {
        timeout: 15_000,
      })
      .toMatch(/^\/api\/contact-pictures\//);

    await page.goto(`${runtime.url}/contacts`);
    const row = page.locator('[data-testid=contacts-page] tr', { hasText: 'Cliente Foto' });
    const image = row.locator('.contact-cell__avatar img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}contacts-wa-01-picture.png` });
  });

  it("imports the people of the phone's chats from the import menu, after a confirmation, and tells the count", async () => {
    socket.syncChats([
      { id: '5511955550001@s.whatsapp.net', name: 'Ana da Padaria' },
      { id: '5511955550002@s.whatsapp.net', name: 'Bruno Entregas' },
      { id: '120363000000000123@g.us', name: 'Grupo dos Fornecedores' },
      { id: `${CUSTOMER}@s.whatsapp.net` },
    ]);
    // the session keeps the chats as they come (the phone sends them while the page is open)
    const me = await call<{ companyId: number }>('GET', '/auth/me');
    await expect
      .poll(async () => (await queryKnownChats(me.companyId, connectionId, 10)).chats.length, { timeout: 15_000 })
      .toBe(3);
    await page.getByTestId('contacts-file-menu').click();
    await page.getByRole('menuitem', { name: 'Importar conversas' }).click();
    const dialog = page.getByTestId('contacts-import-chats-dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Quem já é contato não é duplicado');
    await settle(page);
    await page.screenshot({ path: `${SHOTS}contacts-wa-02-confirm.png` });
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await page.locator('.p-toast-message-info', { hasText: 'Importação das conversas iniciada' }).waitFor();
    await page
      .locator('.p-toast-message-success', { hasText: 'Importação das conversas concluída: 2 novos contatos de 3 conversas.' })
      .waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=contacts-page] tr', { hasText: 'Bruno Entregas' }).waitFor();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}contacts-wa-03-imported.png` });
    expect(pageErrors).toEqual([]);
  });
});
