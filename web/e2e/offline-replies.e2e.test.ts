/**
 * Replies that survive the network: an agent with an open website chat conversation loses the network, writes two
 * replies, which show at once as waiting; reloads while the sends still fail (the API's send aborted by the browser),
 * and finds both still waiting; then the network comes back and each reply reaches the ticket and the customer
 * exactly once, in the order typed, every try of a reply with its one Idempotency-Key.
 * Screenshots: test-results/offline-replies-<nn>-<step>.png.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Olga Rede', email: `olga-${run}@example.com`, password: 'offline-pass-12' };
const CUSTOMER = 'Ivo Sem Rede';
const FIRST = 'Primeira resposta sem rede';
const SECOND = 'Segunda resposta sem rede';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let widgetKey = '';
let visitorToken = '';
let ticket: { id: number; uuid: string };
const pageErrors: string[] = [];
/** every send the page made: its body and Idempotency-Key */
const sends: { body: string; key: string }[] = [];

/** A reply's text without the agent's signature (the company signs replies with the agent's name by default). */
const plain = (body: string) => body.replace(new RegExp(`^\\*?${OWNER.name}:\\*?\\s*`), '');

const shot = (nn: string, step: string) => screenshot(page, `offline-replies-${nn}-${step}`);

/** The agent's messages of the ticket, as the API keeps them. */
const agentMessages = async () =>
  (await api<{ messages: { body: string; fromMe: boolean }[] }>('GET', `/messages/${ticket.id}`, undefined, token)).messages
    .filter((m) => m.fromMe)
    .map((m) => plain(m.body));

/** What the customer's widget received from the company. */
const customerReceived = async () =>
  (
    await api<{ messages: { body: string; fromVisitor?: boolean }[] }>(
      'GET',
      `/webchat/${widgetKey}/messages`,
      undefined,
      visitorToken,
    )
  ).messages
    .filter((m) => !m.fromVisitor)
    .map((m) => plain(m.body));

const waiting = () => page.getByTestId('outbox-reply');

/** The send of a reply fails as on a network that takes requests nowhere. */
const failSends = (route: Route) =>
  route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue();
const SEND_ROUTE = /\/api\/messages\/\d+$/;

beforeAll(async () => {
  const { userId } = await signUpCompany(OWNER, `Loja Sem Rede ${run}`);
  token = (await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password })).token;
  const connections = await api<{ channel: string; widgetKey?: string }[]>('GET', '/whatsapp', undefined, token);
  widgetKey = connections.find((c) => c.channel === 'webchat')!.widgetKey!;
  visitorToken = (await api<{ visitorToken: string }>('POST', `/webchat/${widgetKey}/visitors`, { name: CUSTOMER })).visitorToken;
  await api('POST', `/webchat/${widgetKey}/messages`, { body: 'Oi, alguém aí?' }, visitorToken);
  // the customer's first message opens the ticket once the inbound queue has taken it
  for (let tries = 0; !ticket; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    if (tries > 75) throw new Error('the customer ticket never appeared');
    const list = await api<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending',
      undefined,
      token,
    );
    ticket = list.tickets.find((t) => t.contact.name === CUSTOMER)!;
  }
  await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId }, token);
  // the page's own routes see every API request: no service worker fetches on its behalf
  ({ browser, context, page } = await openDesktopPage(pageErrors, { serviceWorkers: 'block' }));
  page.on('request', (request) => {
    if (request.method() === 'POST' && SEND_ROUTE.test(new URL(request.url()).pathname))
      sends.push({
        body: plain((JSON.parse(request.postData() ?? '{}') as { body: string }).body),
        key: request.headers()['idempotency-key'] ?? '',
      });
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('replies typed without a network', () => {
  it('show at once as waiting, and are still waiting after a reload while the sends fail', async () => {
    token = await signInWithForm(page, OWNER.email, OWNER.password);
    await page.goto(`${new URL(page.url()).origin}/tickets/${ticket.uuid}`);
    const input = page.getByTestId('message-input');
    await input.waitFor();

    await context.setOffline(true);
    await input.fill(FIRST);
    await input.press('Enter');
    await input.fill(SECOND);
    await input.press('Enter');
    await expect.poll(() => waiting().count()).toBe(2);
    expect((await waiting().locator('.bubble__text').allTextContents()).map(plain)).toEqual([FIRST, SECOND]);
    expect(await waiting().getByRole('img', { name: 'Aguardando envio' }).count()).toBe(2);
    await page.getByTestId('composer-offline').waitFor();
    await shot('01', 'waiting-offline');

    // the browser has a network again, but every send still fails: the replies come back from the browser's storage
    await page.route(SEND_ROUTE, failSends);
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId('message-input').waitFor();
    await expect.poll(() => waiting().count()).toBe(2);
    expect((await waiting().locator('.bubble__text').allTextContents()).map(plain)).toEqual([FIRST, SECOND]);
    expect(await waiting().evaluateAll((els) => els.map((e) => e.getAttribute('data-outbox-state')))).toEqual([
      'waiting',
      'waiting',
    ]);
    await expect.poll(() => sends.length).toBeGreaterThan(0);
    // the second waits behind the first: only the first was tried
    expect(new Set(sends.map((s) => s.body))).toEqual(new Set([FIRST]));
    expect(await agentMessages()).toEqual([]);
    await shot('02', 'waiting-after-reload');
  });

  it('reach the ticket and the customer each once, in order, when the network is back', async () => {
    await page.unroute(SEND_ROUTE, failSends);
    // the browser's network comes back (the app tries its waiting replies at once)
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => agentMessages(), { timeout: 40_000 }).toEqual([FIRST, SECOND]);
    await expect.poll(() => waiting().count()).toBe(0);
    const shown = (await page.getByTestId('message').locator('.bubble__text').allTextContents()).map(plain);
    expect(shown.filter((b) => b === FIRST)).toHaveLength(1);
    expect(shown.filter((b) => b === SECOND)).toHaveLength(1);
    expect(shown.indexOf(FIRST)).toBeLessThan(shown.indexOf(SECOND));
    await expect.poll(() => customerReceived(), { timeout: 15_000 }).toEqual(expect.arrayContaining([FIRST, SECOND]));
    const received = await customerReceived();
    expect(received.filter((b) => b === FIRST)).toHaveLength(1);
    expect(received.filter((b) => b === SECOND)).toHaveLength(1);
    expect(received.indexOf(FIRST)).toBeLessThan(received.indexOf(SECOND));
    // every try of a reply carried its one key, and the two replies had two
    const keysOf = (body: string) => new Set(sends.filter((s) => s.body === body).map((s) => s.key));
    expect(keysOf(FIRST).size).toBe(1);
    expect(keysOf(SECOND).size).toBe(1);
    expect([...keysOf(FIRST)][0]).not.toBe([...keysOf(SECOND)][0]);
    await shot('03', 'sent-once');
    expect(pageErrors).toEqual([]);
  });
});
