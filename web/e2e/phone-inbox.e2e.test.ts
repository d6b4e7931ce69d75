/**
 * The inbox on a 390 px phone, with touch: an agent takes a website chat customer from the pending list, answers
 * with a photo, transfers the conversation to a teammate, who closes it. One column at a time (list, then the
 * conversation, with the browser's back button between them), every control of the conversation a 44 px touch
 * target, and the composer in view. Screenshots: test-results/phone-inbox-<nn>-<step>.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchChromium, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Bia Dona', email: `bia-${run}@example.com`, password: 'phone-pass-12' };
const TEAMMATE = { name: 'Caio Atende', email: `caio-${run}@example.com`, password: 'phone-pass-34' };
const CUSTOMER = 'Rita Cliente';
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'pt-BR', hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
/** A 2x2 PNG, the photo the agent sends. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let agent: { context: BrowserContext; page: Page };
let widgetKey = '';
let visitorToken = '';
const pageErrors: string[] = [];

const shot = (page: Page, nn: string, step: string) => screenshot(page, `phone-inbox-${nn}-${step}`);

/** The visitor's conversation as the widget reads it. */
const visitorMessages = () =>
  api<{ messages: { body: string; fromVisitor?: boolean; mediaType?: string | null }[] }>(
    'GET',
    `/webchat/${widgetKey}/messages`,
    undefined,
    visitorToken,
  ).then((r) => r.messages);

/** Controls smaller than a 44 px touch target in either direction, by their test id or label. */
const smallTargets = async (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .flatMap((el) => {
        const box = el.getBoundingClientRect();
        const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        return box.width < 44 || box.height < 44 ? [`${name}: ${Math.round(box.width)}x${Math.round(box.height)}`] : [];
      }),
  );

beforeAll(async () => {
  await signUpCompany(OWNER, `Loja Celular ${run}`);
  const { token, user } = await api<{ token: string; user: { queueIds: number[] } }>('POST', '/auth/login', {
    email: OWNER.email,
    password: OWNER.password,
  });
  await api('POST', '/users', { ...TEAMMATE, profile: 'user', queueIds: user.queueIds }, token);
  const connections = await api<{ channel: string; widgetKey?: string }[]>('GET', '/whatsapp', undefined, token);
  widgetKey = connections.find((c) => c.channel === 'webchat')!.widgetKey!;
  visitorToken = (await api<{ visitorToken: string }>('POST', `/webchat/${widgetKey}/visitors`, { name: CUSTOMER })).visitorToken;
  await api('POST', `/webchat/${widgetKey}/messages`, { body: 'Oi! Meu pedido chegou quebrado.' }, visitorToken);
  browser = await launchChromium();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  agent = { context, page };
});

afterAll(async () => {
  await browser?.close();
});

describe('the inbox on a phone', () => {
  it('lists the waiting customer, opens the conversation in a column of its own, and goes back with the back button', async () => {
    const { page } = agent;
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.getByTestId('tab-pending').tap();
    const row = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
    await row.waitFor();
    await shot(page, '01', 'pending-list');
    await row.tap();
    await page.waitForURL('**/tickets/*');
    await page.getByTestId('ticket-header').waitFor();
    expect(await page.getByTestId('ticket-row').first().isVisible()).toBe(false);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await row.waitFor();
    await page.goForward();
    await page.getByTestId('ticket-header').waitFor();
  });

  it('accepts and answers with a photo, every control a 44 px target and the composer in view', async () => {
    const { page } = agent;
    await page.getByTestId('header-accept').tap();
    await page.getByTestId('message-input').waitFor();
    expect(await smallTargets(page, '.ticket-header button, .composer button')).toEqual([]);
    const composer = (await page.getByTestId('composer').boundingBox())!;
    expect(composer.y + composer.height).toBeLessThanOrEqual(844);
    await shot(page, '02', 'accepted');
    await page.getByTestId('file-input').setInputFiles({ name: 'pedido.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByTestId('attachment-caption').fill('Assim chegou?');
    await shot(page, '03', 'photo-caption');
    await page.getByTestId('attachment-send').tap();
    await expect
      .poll(async () => (await visitorMessages()).some((m) => m.body.includes('Assim chegou?') && m.mediaType === 'image'), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.getByTestId('attachment-caption').waitFor({ state: 'detached' });
    await shot(page, '04', 'photo-sent');
  });

  it('transfers the conversation to a teammate, who closes it from the phone', async () => {
    const { page } = agent;
    // on a phone the header keeps resolve and the menu; transfer is in the menu
    await page.getByTestId('header-more').tap();
    await page.getByRole('menuitem', { name: 'Transferir' }).tap();
    await page.getByTestId('transfer-dialog').waitFor();
    await page.locator('#transfer-user').fill('Caio');
    await page.getByRole('option', { name: TEAMMATE.name }).tap();
    await shot(page, '05', 'transfer');
    await page.getByTestId('transfer-submit').tap();
    await page.getByTestId('transfer-dialog').waitFor({ state: 'hidden' });
    // the admin still sees the conversation, now with the teammate
    await page.getByTestId('ticket-assigned').filter({ hasText: 'Caio' }).waitFor();

    const context = await browser.newContext(PHONE);
    const mate = await context.newPage();
    mate.setDefaultTimeout(15_000);
    mate.on('pageerror', (error) => pageErrors.push(error.message));
    await signInWithForm(mate, TEAMMATE.email, TEAMMATE.password);
    const row = mate.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
    await row.tap();
    await mate.getByTestId('header-resolve').tap();
    await mate.getByRole('menuitem', { name: 'Resolver e enviar despedida' }).tap();
    await mate.waitForURL((url) => url.pathname === '/tickets');
    await row.waitFor({ state: 'detached' });
    await expect.poll(async () => (await visitorMessages()).some((m) => m.body.startsWith('Atendimento finalizado'))).toBe(true);
    await shot(mate, '06', 'closed');
    await context.close();
    expect(baseUrl()).toMatch(/^http/);
  });

  it('raised no uncaught error in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
