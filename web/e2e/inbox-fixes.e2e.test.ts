/**
 * Inbox details a new user ran into, in a real browser: a web chat visitor's phone shown where a phone belongs,
 * a signed message that stays signed when edited, a 360 px screen where the message options and the Accept
 * button keep clear of text and edges, and deleting a ticket with one toast. Screenshots at 360 and 1440 px
 * under test-results/fixes-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openDesktopPage, screenshot, SHOTS, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Olga Dona', email: `olga.${run}@example.com`, password: 'fixes-password-1' };
const CUSTOMER = { name: 'Paula Fone', email: `paula.${run}@example.com`, phone: '+55 11 98888-7777' };
const LONG = 'Preciso trocar o endereço de entrega do pedido 98765 para a Rua das Palmeiras, 1500, apartamento 42.';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let webchatToken = '';
let visitorToken = '';
let ownerToken = '';

const shot = (name: string) => screenshot(page, `fixes-${name}`, { waitMs: 300 });

const ticketUuid = async () => {
  const open = await api<{ tickets: { uuid: string; contact: { name: string } }[] }>(
    'GET',
    '/tickets?status=open',
    undefined,
    ownerToken,
  );
  return open.tickets.find((t) => t.contact.name === CUSTOMER.name)!.uuid;
};

/** A new desktop page (1440 px) in the running browser, its uncaught errors collected too. */
const openDesktopPageIn = async (b: Browser) => {
  const context = await b.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  const p = await context.newPage();
  p.setDefaultTimeout(15_000);
  p.on('pageerror', (error) => pageErrors.push(error.message));
  return { page: p };
};

const row = () => page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name });
const bubble = (text: string) => page.getByTestId('message').filter({ hasText: text });

beforeAll(async () => {
  await signUpCompany(OWNER, `Loja Ajustes ${run}`);
  const session = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
  webchatToken = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
  const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${webchatToken}/visitors`, {
    name: CUSTOMER.name,
    email: CUSTOMER.email,
    phone: CUSTOMER.phone,
  });
  visitorToken = visitor.visitorToken;
  await api('POST', `/webchat/${webchatToken}/messages`, { body: LONG }, visitorToken);
  ({ browser, page } = await openDesktopPage(pageErrors));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn();
});

/** Signs the owner in on the current page (which ends the session of an earlier page) and keeps its token. */
const signIn = async () => {
  ownerToken = await signInWithForm(page, OWNER.email, OWNER.password);
};

afterAll(async () => {
  await browser?.close();
});

describe('inbox fixes in the browser', () => {
  it("shows the visitor's phone on the drawer's phone line and in the contacts' number column", async () => {
    await page.getByTestId('tab-pending').click();
    await row().waitFor();
    await shot('01-pending-1440');
    await row().click();
    await page.getByTestId('header-accept').click();
    await page.getByTestId('message-input').waitFor();
    await page.getByTestId('header-more').click();
    await page.getByRole('menuitem', { name: 'Dados do contato' }).click();
    await page.getByTestId('contact-drawer').waitFor();
    await expect.poll(() => page.getByTestId('drawer-phone').textContent()).toBe(CUSTOMER.phone);
    await shot('02-drawer-phone-1440');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl()}/contacts`);
    const contact = page.getByTestId('contacts-table').locator('tr').filter({ hasText: CUSTOMER.name });
    await contact.waitFor();
    await expect(contact.locator('.contacts-col--number').textContent()).resolves.toBe(CUSTOMER.phone);
    await shot('03-contacts-1440');
  });

  it('keeps the signature of a signed message that is edited', async () => {
    await page.goto(`${baseUrl()}/tickets`);
    await page.getByTestId('tab-open').click();
    await row().click();
    const open = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=open',
      undefined,
      ownerToken,
    );
    const ticketId = open.tickets.find((t) => t.contact.name === CUSTOMER.name)!.id;
    const sent = await api<{ id: string }>(
      'POST',
      `/messages/${ticketId}`,
      { body: `*${OWNER.name}:*\nSegue o código 1` },
      ownerToken,
    );
    await bubble('Segue o código 1').waitFor();
    await api('POST', `/messages/edit/${sent.id}/${ticketId}`, { body: 'Segue o código 2' }, ownerToken);
    const edited = bubble('Segue o código 2');
    await edited.waitFor();
    await expect(edited.textContent()).resolves.toContain(`${OWNER.name}:`);
    const widget = await api<{ messages: { body: string; fromVisitor: boolean }[] }>(
      'GET',
      `/webchat/${webchatToken}/messages`,
      undefined,
      visitorToken,
    );
    expect(widget.messages.find((m) => !m.fromVisitor)?.body).toBe(`*${OWNER.name}:*\nSegue o código 2`);
    await shot('04-signed-edit-1440');
  });

  it('keeps the message options clear of the text and the Accept button off the edge at 360 px', async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'pt-BR',
      hasTouch: true,
      isMobile: true,
    });
    const phone = await context.newPage();
    phone.setDefaultTimeout(15_000);
    phone.on('pageerror', (error) => pageErrors.push(error.message));
    // a second customer waits in the pending tab, with the Accept button on the row
    const other = await api<{ visitorToken: string }>('POST', `/webchat/${webchatToken}/visitors`, { name: 'Rui Espera' });
    await api('POST', `/webchat/${webchatToken}/messages`, { body: 'Alguém aí?' }, other.visitorToken);
    await page.close();
    page = phone;
    await signIn();
    await page.getByTestId('tab-pending').click();
    const waiting = page.getByTestId('ticket-row').filter({ hasText: 'Rui Espera' });
    await waiting.waitFor();
    const accept = await waiting.getByTestId('accept-ticket').boundingBox();
    expect(accept).not.toBeNull();
    expect(accept!.x + accept!.width).toBeLessThanOrEqual(360 - 8);
    await shot('05-pending-360');

    await page.goto(`${baseUrl()}/tickets/${await ticketUuid()}`);
    const customerBubble = bubble(LONG);
    await customerBubble.waitFor();
    const text = await customerBubble.locator('.bubble__text').boundingBox();
    const options = await customerBubble.locator('.bubble__menu-button').boundingBox();
    expect(text && options).toBeTruthy();
    // the options button sits beside the text, not over it
    expect(options!.x).toBeGreaterThanOrEqual(text!.x + text!.width - 1);
    await shot('06-conversation-360');
  });

  it('deletes a ticket with one toast, and no "not found" after it', async () => {
    await page.close();
    ({ page } = await openDesktopPageIn(browser));
    await signIn();
    await page.goto(`${baseUrl()}/tickets/${await ticketUuid()}`);
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('header-more').click();
    await page.getByRole('menuitem', { name: 'Excluir atendimento' }).click();
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.locator('.p-toast-message-success').filter({ hasText: 'Atendimento excluído.' }).waitFor();
    await page.waitForURL('**/tickets');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.p-toast-message-error').count()).toBe(0);
    expect(await page.locator('.p-toast-message').count()).toBe(1);
    await shot('07-deleted-1440');
  });

  it('leaves a ticket moved out of sight or deleted by someone else without asking for it again and again', async () => {
    // an agent of one sector looks at a ticket; the owner moves it to a sector the agent is not in, then deletes
    // another ticket the agent has open
    const [sales, support] = await Promise.all(
      ['Vendas', 'Suporte'].map((name, i) =>
        api<{ id: number }>(
          'POST',
          '/queue',
          { name: `${name} ${run}`, color: i ? '#345def' : '#def345', greetingMessage: 'Olá!' },
          ownerToken,
        ),
      ),
    );
    const agent = { name: 'Iara Agente', email: `iara.${run}@example.com`, password: 'fixes-password-2' };
    const created = await api<{ id: number }>('POST', '/users', { ...agent, profile: 'user', queueIds: [sales!.id] }, ownerToken);
    const ticketOf = async (name: string) => {
      const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${webchatToken}/visitors`, { name });
      await api('POST', `/webchat/${webchatToken}/messages`, { body: `Olá, sou ${name}` }, visitor.visitorToken);
      type Listed = { tickets: { id: number; uuid: string; contact: { name: string } }[] };
      const pendingOf = async () =>
        (await api<Listed>('GET', '/tickets?showAll=true&status=pending', undefined, ownerToken)).tickets.find(
          (t) => t.contact.name === name,
        );
      await expect.poll(pendingOf).toBeDefined();
      const ticket = (await pendingOf())!;
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: created.id, queueId: sales!.id }, ownerToken);
      return ticket;
    };
    const moved = await ticketOf('Caio Mudado');
    const removed = await ticketOf('Davi Removido');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    const agentPage = await context.newPage();
    agentPage.setDefaultTimeout(15_000);
    agentPage.on('pageerror', (error) => pageErrors.push(error.message));
    await signInWithForm(agentPage, agent.email, agent.password);
    const refused: string[] = [];
    const watch = async (ticket: { id: number; uuid: string }, change: () => Promise<unknown>) => {
      await agentPage.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
      await agentPage.getByTestId('ticket-header').waitFor();
      await agentPage.waitForLoadState('networkidle');
      refused.length = 0;
      const onResponse = (response: { status(): number; url(): string }) => {
        if (response.status() >= 400 && response.url().includes('/api/'))
          refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
      };
      agentPage.on('response', onResponse);
      await change();
      await agentPage.waitForURL((url) => url.pathname === '/tickets');
      await agentPage.waitForLoadState('networkidle');
      agentPage.off('response', onResponse);
      return [...refused];
    };
    // one read tells the page the ticket is out of reach; nothing asks for it after that
    const afterMove = await watch(moved, () =>
      api('PUT', `/tickets/${moved.id}`, { status: 'pending', userId: null, queueId: support!.id }, ownerToken),
    );
    expect(afterMove.length, afterMove.join(', ')).toBeLessThanOrEqual(1);
    const afterDelete = await watch(removed, () => api('DELETE', `/tickets/${removed.id}`, undefined, ownerToken));
    expect(afterDelete.length, afterDelete.join(', ')).toBeLessThanOrEqual(1);
    // the page says what happened, as news rather than an error, and the open tab's count follows
    await agentPage
      .locator('.p-toast-message-info')
      .filter({ hasText: 'Este atendimento foi excluído por outra pessoa.' })
      .waitFor();
    expect(await agentPage.locator('.p-toast-message-error').allTextContents()).toEqual([]);
    await expect.poll(() => agentPage.getByTestId('tab-open-count').count()).toBe(0);
    await agentPage.screenshot({ path: `${SHOTS}fixes-08-moved-away-1440.png` });
    await context.close();
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
