/**
 * The composer of Meta-channel tickets and the 24-hour window, in a real browser. The product runs in this file's
 * own process (its own data folder and DynamoDB Local, as connections-whatsapp does) with META_GRAPH_URL pointing at
 * the fake Graph server, so the test holds the fake's state: the number's templates and every send it received.
 * Customers write through the signed Cloud API webhook, as Meta posts. Inside the window the notice shows the time
 * left; outside it the input is disabled with the reason, and the template dialog lists the approved templates and
 * sends one, which appears in the conversation. axe audits the notice and the template dialog.
 * Screenshots under test-results/service-window-*.png.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../infra/local/runtime.ts';
import { postWebhook, startFakeGraph, type FakeGraph } from '../../test/fakes/graph-server.ts';
import { axeFindings, describeFindings } from './axe.ts';
import { api, openDesktopPage, screenshot, settle as settlePage, signInWithForm, signUpCompany } from './browser.ts';
import { startOwnRuntime } from './own-runtime.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Olga Oficial', email: `olga.${run}@example.com`, password: 'cloud-api-pass-1' };
const CLOUD = {
  phoneNumberId: '1015550101',
  wabaId: '2025550101',
  accessToken: 'cloud-token',
  appSecret: 'cloud-app-secret',
  verifyToken: 'cloud-verify',
};
const RECENT = { number: '5511933330001', name: 'Rita Recente' };
const LATE = { number: '5511933330002', name: 'Lauro Atrasado' };

let fake: FakeGraph;
let runtime: Runtime;
let dataDir: string;
let browser: Browser;
let page: Page;
let token = '';
let webhookUrl = '';
const pageErrors: string[] = [];

const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  api<T>(method, path, body, token || undefined, runtime.url);

const shot = (name: string) => screenshot(page, `service-window-${name}`, { waitMs: 300 });

const settle = () => settlePage(page);

/** A customer's text through the Cloud API webhook, written `secondsAgo` ago; answers their ticket. */
const customerWrites = async (who: { number: string; name: string }, text: string, secondsAgo: number) => {
  const timestamp = String(Math.floor(Date.now() / 1000) - secondsAgo);
  const delivery = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: CLOUD.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550101', phone_number_id: CLOUD.phoneNumberId },
              contacts: [{ profile: { name: who.name }, wa_id: who.number }],
              messages: [{ from: who.number, id: `wamid.${run}.${who.number}`, timestamp, type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  };
  expect((await postWebhook(webhookUrl, delivery, CLOUD.appSecret)).status).toBe(200);
  for (let i = 0; i < 100; i++) {
    const list = await call<{ tickets: { id: number; uuid: string; contact: { number: string } }[] }>(
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const found = list.tickets.find((t) => t.contact.number === who.number);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ticket for ${who.number}`);
};

/** Opens a ticket and accepts it, so the composer is there. */
const openTicket = async (uuid: string) => {
  await page.goto(`${runtime.url}/tickets/${uuid}`);
  await page.getByTestId('header-accept').click();
  await page.getByTestId('message-input').waitFor();
  await page.getByTestId('service-window').waitFor();
};

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.tokens.add(CLOUD.accessToken);
  fake.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  fake.templates.set(CLOUD.wabaId, [
    {
      name: 'retomar_conversa',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar o seu atendimento?' }],
    },
    {
      name: 'aviso_pedido',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Seu pedido saiu para entrega.' }],
    },
    {
      name: 'rascunho',
      language: 'pt_BR',
      status: 'PENDING',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Ainda não aprovado' }],
    },
  ]);
  // read by the product at start, as `npm start` reads it
  Object.assign(process.env, { META_GRAPH_URL: fake.url });
  ({ runtime, dataDir } = await startOwnRuntime('sb-window-browser-'));
  await signUpCompany(OWNER, `Oficial ${run}`, runtime.url);
  ({ browser, page } = await openDesktopPage(pageErrors));
  token = await signInWithForm(page, OWNER.email, OWNER.password, runtime.url);
  // the company's queue on the number: its tickets arrive in it, so accepting needs no queue choice
  const queues = await call<{ id: number }[]>('GET', '/queue');
  const connection = await call<{ webhookUrl: string }>('POST', '/whatsapp', {
    channel: 'whatsappapi',
    name: 'Número oficial',
    ...CLOUD,
    queueIds: [queues[0]!.id],
  });
  webhookUrl = connection.webhookUrl;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  await fake?.close();
  delete process.env.META_GRAPH_URL;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the composer of a Cloud API ticket', () => {
  it('inside the 24-hour window shows the notice with the time left, and sends free-form messages', async () => {
    // the customer wrote two hours ago: about 22 hours are left
    const ticket = await customerWrites(RECENT, 'Bom dia, preciso de ajuda', 2 * 3600);
    await openTicket(ticket.uuid);
    const notice = page.getByTestId('service-window');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('Você tem 24 horas para responder');
    await expect(page.getByTestId('service-window-left').textContent()).resolves.toMatch(
      /Tempo restante para responder: (21|22) ?h/,
    );
    await expect(page.getByTestId('message-input').isEnabled()).resolves.toBe(true);
    await page.getByTestId('message-input').fill('Claro, como posso ajudar?');
    await page.getByTestId('send-button').click();
    await page.getByTestId('message').filter({ hasText: 'Claro, como posso ajudar?' }).waitFor();
    // the agent's signature goes first
    await expect
      .poll(() => fake.sends().some((c) => String(c.body?.text?.body).endsWith('Claro, como posso ajudar?')), { timeout: 15_000 })
      .toBe(true);
    await shot('01-open');
    await settle();
    expect(
      describeFindings('composer with the service window notice', await axeFindings(page, '[data-testid=composer]')),
    ).toEqual([]);
  });

  it('outside the window disables the input with the reason, and sends an approved template chosen in the dialog', async () => {
    const ticket = await customerWrites(LATE, 'Oi, ainda estão aí?', 25 * 3600);
    await openTicket(ticket.uuid);
    const notice = page.getByTestId('service-window');
    await expect.poll(() => notice.textContent()).toContain('Passaram 24 horas desde a última mensagem do cliente');
    await expect(notice.textContent()).resolves.toContain('Envie um modelo aprovado para retomar a conversa.');
    await expect(page.getByTestId('message-input').isDisabled()).resolves.toBe(true);
    // with nothing typed the composer shows the recorder (or the send button where recording is not supported)
    await expect(page.locator('[data-testid=record-button], [data-testid=send-button]').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('attach-button').isDisabled()).resolves.toBe(true);
    await shot('02-closed');

    const sendsBefore = fake.sends().length;
    await page.getByTestId('template-button').click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.waitFor();
    await settle();
    await page.getByTestId('template-pick').click();
    const options = page.locator('.p-dropdown-item');
    // only the approved templates, as Meta lists them
    await expect.poll(() => options.allTextContents()).toEqual(['retomar_conversa (pt_BR)', 'aviso_pedido (pt_BR)']);
    await shot('03-templates');
    await options.filter({ hasText: 'retomar_conversa' }).click();
    await expect(page.getByTestId('template-send').isDisabled()).resolves.toBe(true);
    await page.fill('#template-param-1', 'Lauro');
    await expect(page.getByTestId('template-preview').textContent()).resolves.toBe(
      'Olá Lauro, podemos continuar o seu atendimento?',
    );
    await settle();
    await shot('04-template-filled');
    expect(describeFindings('template dialog', await axeFindings(page, '[data-testid=template-dialog]'))).toEqual([]);
    await page.getByTestId('template-send').click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('message').filter({ hasText: 'Olá Lauro, podemos continuar o seu atendimento?' }).waitFor();
    await expect.poll(() => fake.sends().length, { timeout: 15_000 }).toBe(sendsBefore + 1);
    expect(fake.sends().at(-1)!.body).toMatchObject({
      type: 'template',
      to: LATE.number,
      template: {
        name: 'retomar_conversa',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Lauro' }] }],
      },
    });
    // still outside the window: the template does not reopen it, only the customer's answer does
    await expect(page.getByTestId('message-input').isDisabled()).resolves.toBe(true);
    await shot('05-template-sent');
    expect(pageErrors).toEqual([]);
  });
});
