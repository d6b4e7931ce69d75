/**
 * WCAG 2.1 AA in a real browser: axe-core audits every page (and the panels and dialogs an agent opens all day)
 * in the light and the dark theme and fails on any critical or serious finding. Keyboard users see where focus
 * is, get it back where they left it, and a screen reader hears of new waiting conversations. Screenshots under
 * test-results/a11y-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, axeSource, describeFindings } from './axe.ts';
import {
  adminEmail,
  adminPassword,
  api,
  baseUrl,
  launchChromium,
  settle,
  SHOTS,
  signInWithForm,
  signUpCompany,
} from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Alice Acesso', email: `alice.${run}@example.com`, password: 'a11y-password-1' };
const CUSTOMER = 'Bruno Leitor';
/** a conversation the owner has accepted and answered, quoting the customer: selected in the list, it shows every mark a row and a bubble carry */
const ANSWERED = 'Diana Resposta';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let webchatToken = '';
let ticketUuid = '';
let answeredUuid = '';

/** A fresh browser profile (no session, no stored theme) with one desktop page. */
const openPage = async (theme: 'light' | 'dark' = 'light') => {
  context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
};

const signIn = async () => {
  await signInWithForm(page, OWNER.email, OWNER.password);
  await page.getByTestId('tickets-page').waitFor();
};

const findings: string[] = [];
const audit = async (where: string) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // dialogs and panels fade and slide in: audit what the user sees once they have arrived (spinners run forever)
  await settle(page);
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
  await page.screenshot({ path: `${SHOTS}a11y-${theme}-${where.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png` });
  findings.push(...describeFindings(`${theme} ${where}`, await axeFindings(page)));
};

const newVisitor = async (name: string, text: string) => {
  const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${webchatToken}/visitors`, { name });
  await api('POST', `/webchat/${webchatToken}/messages`, { body: text }, visitor.visitorToken);
};

/** What the focused element looks like: its outline and the contrast of the outline with the page behind it. */
const focusLook = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    // a ticket row shows the focus of its name button around the whole row
    const visible =
      (el.matches('.ticket-row__open')
        ? el.closest('.ticket-row')
        : el.closest('.p-inputswitch, .p-checkbox, .p-dropdown, .p-multiselect')) ?? el;
    const style = getComputedStyle(visible.matches('.p-inputswitch') ? visible.querySelector('.p-inputswitch-slider')! : visible);
    // computed colours come as rgb(0-255 ...) or, from color-mix(), as color(srgb 0-1 ...)
    const rgb = (c: string) =>
      (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) * (c.startsWith('color(srgb') ? 255 : 1));
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((v) => v / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    let bg = 'rgba(0, 0, 0, 0)';
    for (let n: Element | null = visible.parentElement; n; n = n.parentElement) {
      const b = getComputedStyle(n).backgroundColor;
      if (!/(rgba\(.*, 0\)|\/ 0\))$/.test(b) && b !== 'transparent') {
        bg = b;
        break;
      }
    }
    const [l1, l2] = [lum(rgb(style.outlineColor)), lum(rgb(bg))].sort((a, b) => b - a);
    const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.className;
    return {
      tag: el.tagName,
      name,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: (l1! + 0.05) / (l2! + 0.05),
      against: bg,
    };
  });

beforeAll(async () => {
  const owner = await signUpCompany(OWNER, `Loja Acessível ${run}`);
  const session = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
  webchatToken = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
  await newVisitor(CUSTOMER, 'Olá, preciso de ajuda com meu pedido');
  await api('POST', '/quick-messages', { shortcode: 'ola', message: 'Olá! Como posso ajudar?', geral: true }, session.token);
  await api(
    'POST',
    '/users',
    { name: 'Carla Colega', email: `carla.${run}@example.com`, password: 'a11y-password-2' },
    session.token,
  );
  // the visitor's message is queued (202) and becomes a ticket a moment later
  for (let i = 0; i < 50 && !ticketUuid; i++) {
    const pending = await api<{ tickets: { uuid: string; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending',
      undefined,
      session.token,
    );
    ticketUuid = pending.tickets.find((t) => t.contact.name === CUSTOMER)?.uuid ?? '';
    if (!ticketUuid) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(ticketUuid).not.toBe('');
  await newVisitor(ANSWERED, 'Meu pedido chegou incompleto');
  let answered: { id: number; uuid: string } | undefined;
  for (let i = 0; i < 50 && !answered; i++) {
    const pending = await api<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending',
      undefined,
      session.token,
    );
    answered = pending.tickets.find((t) => t.contact.name === ANSWERED);
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(answered).toBeDefined();
  answeredUuid = answered!.uuid;
  await api('PUT', `/tickets/${answered!.id}`, { status: 'open', userId: owner.userId }, session.token);
  const history = await api<{ messages: { id: string; fromMe: boolean }[] }>(
    'GET',
    `/messages/${answered!.id}`,
    undefined,
    session.token,
  );
  const question = history.messages.find((m) => !m.fromMe);
  expect(question).toBeDefined();
  await api(
    'POST',
    `/messages/${answered!.id}`,
    { body: 'Sinto muito! Já vou verificar.', quotedMsg: { id: question!.id } },
    session.token,
  );
  // a kanban lane holding the answered conversation, its contact tagged with it (the tags pages and the board)
  const lane = await api<{ id: number }>(
    'POST',
    '/tags',
    { name: `Proposta ${run}`, kanban: 1, color: '#1d4ed8' },
    session.token,
  );
  await api('PUT', `/ticket-tags/${answered!.id}/${lane.id}`, undefined, session.token);
  const answeredTicket = await api<{ contactId: number }>('GET', `/tickets/${answered!.id}`, undefined, session.token);
  await api('POST', '/tags/sync', { contactId: answeredTicket.contactId, tags: [{ id: lane.id }] }, session.token);
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['light', 'dark'] as const)('axe in the %s theme', (theme) => {
  it('finds nothing critical or serious on the public pages', async () => {
    findings.length = 0;
    await openPage(theme);
    for (const path of ['/login', '/signup', '/forgetpsw', `/widget/${webchatToken}`]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('form').first().waitFor();
      await audit(path.startsWith('/widget') ? '/widget' : path);
    }
    expect(findings).toEqual([]);
  });

  it('finds nothing critical or serious on the inbox, its panels and the pages of a signed-in admin', async () => {
    findings.length = 0;
    await openPage(theme);
    await signIn();
    await page.getByTestId('tab-pending').click();
    await page.getByTestId('ticket-row').first().waitFor();
    await audit('/tickets');
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filters-panel').waitFor();
    await audit('/tickets filters');
    await page.getByTestId('new-ticket').click();
    await page.locator('.p-dialog').waitFor();
    await audit('/tickets new ticket');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl()}/tickets/${ticketUuid}`);
    await page.getByTestId('ticket-header').waitFor();
    await audit('/tickets conversation');
    // the whole page with a row selected in the list (its own background) whose last message is the agent's
    // reply, and that reply's bubble quoting the customer
    await page.goto(`${baseUrl()}/tickets/${answeredUuid}`);
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('tab-open').click();
    const selectedRow = page.getByTestId('ticket-row').filter({ has: page.locator('[aria-current=true]') });
    await selectedRow.filter({ hasText: ANSWERED }).locator('.ticket-row__mine').waitFor();
    await page.locator('.quoted').first().waitFor();
    await audit('/tickets conversation selected and answered');
    await page.getByTestId('conversation-heading').locator('button').click();
    await page.getByTestId('contact-drawer').waitFor();
    await audit('/tickets contact drawer');

    for (const [path, testId] of [
      ['/contacts', 'contacts-page'],
      ['/contacts/import', 'contacts-import-page'],
      ['/quick-messages', 'quick-messages-page'],
      ['/schedules', 'schedules-page'],
      ['/connections', 'connections-page'],
      ['/queues', 'queues-page'],
      ['/files', 'files-page'],
      ['/users', 'users-page'],
      ['/settings', 'settings-page'],
      ['/no-such-page', 'not-found-page'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByTestId(testId).waitFor();
      await audit(path);
    }
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('dashboard-counter-tickets').waitFor();
    await page.getByTestId('dashboard-filter-toggle').click();
    await page.getByTestId('dashboard-filter').waitFor();
    await audit('/ dashboard indicators with the filter panel');
    await page.getByTestId('dashboard-tab-nps').click();
    await page.getByTestId('dashboard-counter-npsScore').waitFor();
    await audit('/ dashboard assessments');
    await page.getByTestId('dashboard-tab-attendants').click();
    await page.getByTestId('dashboard-attendants-table').waitFor();
    await audit('/ dashboard attendants');
    await page.goto(`${baseUrl()}/moments`);
    await page.getByTestId('moments-board').waitFor();
    await audit('/moments');
    await page.goto(`${baseUrl()}/reports`);
    await page.locator('[data-testid^=report-log-]').first().waitFor();
    await audit('/reports');
    await page.locator('[data-testid^=report-log-]').first().click();
    await page.locator('.ticket-log, .p-dialog .contact-drawer__empty').first().waitFor();
    await audit('/reports ticket log dialog');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl()}/audit-logs`);
    await page.locator('[data-testid=audit-log-table] tbody tr').first().waitFor();
    await audit('/audit-logs');
    expect(findings).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('finds nothing critical or serious on the dialogs of quick messages, queues, files and users, the tags and the kanban', async () => {
    findings.length = 0;
    await openPage(theme);
    await signIn();
    await page.goto(`${baseUrl()}/quick-messages`);
    await page.getByTestId('quick-messages-add').click();
    await page.getByTestId('quick-message-dialog').waitFor();
    await audit('/quick-messages dialog');
    await page.goto(`${baseUrl()}/queues`);
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-dialog').waitFor();
    await page.getByTestId('chatbot-add-root').click();
    await page.getByTestId('chatbot-option-0-add-child').click();
    await audit('/queues dialog with a chatbot tree');
    await page.keyboard.press('Escape');
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid^=queue-delete-]').first().click();
    await page.getByTestId('queue-delete-dialog').waitFor();
    await audit('/queues delete dialog');
    await page.goto(`${baseUrl()}/files`);
    await page.getByTestId('files-add').click();
    await page.getByTestId('file-list-add-option').click();
    await audit('/files dialog');
    await page.goto(`${baseUrl()}/users`);
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.getByTestId('user-save').click();
    await audit('/users dialog with validation messages');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    await page
      .getByTestId('users-table')
      .locator('tbody tr', { hasText: 'Carla Colega' })
      .locator('[data-testid^=user-edit-]')
      .click();
    await page.locator('#user-name').waitFor();
    await audit('/users edit dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid^=user-delete-]').first().click();
    await page.getByTestId('user-delete-dialog').waitFor();
    await audit('/users delete dialog');
    // tags, their dialogs, the kanban lanes and the board
    await page.goto(`${baseUrl()}/tags`);
    await page.getByTestId('tags-table').locator('tbody .tag-chip').first().waitFor();
    await audit('/tags');
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-dialog').waitFor();
    await page.getByTestId('tag-save').click();
    await page.locator('#tag-name-error').waitFor();
    await page.getByTestId('tag-kanban').click();
    await page.getByTestId('tag-lane-fields').waitFor();
    await audit('/tags dialog with the lane fields and a validation message');
    await page.keyboard.press('Escape');
    await page.getByTestId('tag-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('tags-table').locator('[data-testid^=tag-contacts-]').first().click();
    await page.getByTestId('tag-contacts-table').locator('[data-testid^=tag-contact-remove-]').first().waitFor();
    await audit('/tags contacts of a tag');
    await page.keyboard.press('Escape');
    await page.getByTestId('tag-contacts-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('tags-table').locator('[data-testid^=tag-delete-]').first().click();
    await page.getByTestId('tag-delete-dialog').waitFor();
    await audit('/tags delete dialog');
    await page.goto(`${baseUrl()}/TagsKanban`);
    await page.getByTestId('tags-kanban-table').locator('tbody .tag-chip').first().waitFor();
    await audit('/TagsKanban');
    await page.goto(`${baseUrl()}/Kanban`);
    // the board opens on today: from yesterday it also holds a card made before a midnight that fell during the run
    const yesterday = await page.evaluate(() => {
      const d = new Date(Date.now() - 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await page.getByTestId('kanban-start').fill(yesterday);
    await page.getByTestId('kanban-search').click();
    await page.locator('.kanban-card').first().waitFor();
    await audit('/Kanban');
    await page.locator('.kanban-card [data-testid^=kanban-move-]').first().click();
    await page.locator('.p-menu-overlay').waitFor();
    await audit('/Kanban move menu');
    await page.keyboard.press('Escape');
    expect(findings).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('finds nothing critical or serious on the settings and on every dialog of the connections', async () => {
    findings.length = 0;
    await openPage(theme);
    await signIn();
    // the settings page: an option turned on asks for its message; the company's hours in the schedules tab
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('setting-sendMsgTransfTicket').click();
    await page.locator('.p-dropdown-panel li[role=option]').first().click();
    await page.locator('#setting-transferMessage-error').waitFor();
    await audit('/settings message required');
    await page.getByTestId('setting-scheduleType').click();
    await page.locator('.p-dropdown-panel li[role=option]').nth(1).click();
    // toasts are part of the page: audited while the saved one shows
    await page.locator('.p-toast-message-success').first().waitFor();
    await audit('/settings with a saved toast');
    await page.getByTestId('settings-tab-schedules').click();
    await page.getByTestId('company-hours').waitFor();
    await page.locator('.p-toast-message').first().waitFor({ state: 'detached' });
    await audit('/settings schedules');
    await page.getByTestId('settings-tab-options').click();
    // hours per connection (the last scheduleType): the connection dialog shows its schedules tab
    await page.getByTestId('setting-scheduleType').click();
    await page.locator('.p-dropdown-panel li[role=option]').nth(3).click();
    await page.getByTestId('settings-tab-schedules').waitFor({ state: 'detached' });
    await page.goto(`${baseUrl()}/connections`);
    await page.locator('[data-testid^=connection-edit-]').first().click();
    await page.getByTestId('connection-dialog').waitFor();
    await audit('/connections dialog');
    await page.getByTestId('connection-tab-messages').click();
    await audit('/connections dialog messages');
    await page.getByTestId('connection-tab-integrations').click();
    await audit('/connections dialog queues');
    await page.getByTestId('connection-tab-chatbot').click();
    await audit('/connections dialog chatbot');
    await page.getByTestId('connection-tab-assessments').click();
    await page.fill('#connection-rating-message', 'De 0 a 10, como foi o atendimento?');
    await page.getByTestId('connection-save').click();
    await page.locator('#connection-rating-expiry-error').waitFor();
    await audit('/connections dialog assessments with a validation message');
    await page.getByTestId('connection-tab-schedules').click();
    await page.getByTestId('connection-hours').waitFor();
    await audit('/connections dialog schedules');
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('connections-add').click();
    await page.locator('#connections-add-menu').waitFor();
    await audit('/connections add menu');
    await page.locator('#connections-add-menu .connections-add-whatsappapi a').click();
    await page.getByTestId('connection-dialog').waitFor();
    await audit('/connections cloud api dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('connections-add').click();
    await page.locator('#connections-add-menu .connections-add-facebook a').click();
    await page.getByTestId('facebook-dialog').waitFor();
    await audit('/connections facebook dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('facebook-dialog').waitFor({ state: 'detached' });
    // a WhatsApp session (no internet here: it waits for its QR code, then reports its failure)
    await page.getByTestId('connections-add').click();
    await page.locator('#connections-add-menu .connections-add-whatsapp a').click();
    await page.getByTestId('connection-dialog').waitFor();
    await page.fill('#connection-name', `WhatsApp ${theme}`);
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-qr-dialog').waitFor();
    await audit('/connections qr dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-qr-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid^=connection-health-]').first().click();
    await page.getByTestId('connection-health-dialog').waitFor();
    await page
      .locator('[data-testid=connection-health-dialog] .connection-health, [data-testid=connection-health-error]')
      .first()
      .waitFor();
    await audit('/connections health dialog');
    await page.keyboard.press('Escape');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const added = (await api<{ id: number; name: string }[]>('GET', '/whatsapp', undefined, token ?? undefined)).find(
      (c) => c.name === `WhatsApp ${theme}`,
    );
    if (added) await api('DELETE', `/whatsapp/${added.id}`, undefined, token ?? undefined);
    await api('PUT', '/companySettings', { column: 'scheduleType', data: 'disabled' }, token ?? undefined);
    expect(findings).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('finds nothing critical or serious on the invoices, the subscription page and every step of the checkout', async () => {
    findings.length = 0;
    // a company whose trial ends within 5 days already has its first invoice to pay
    const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
    const plan = await api<{ id: number }>(
      'POST',
      '/plans',
      { name: `Plano ${theme} ${run}`, users: 3, connections: 3, queues: 3, amount: '49.00', trialDays: 2, isPublic: true },
      root.token,
    );
    const payer = { email: `fatura.${theme}.${run}@example.com`, password: 'a11y-password-3' };
    await api('POST', '/auth/signup', {
      name: 'Fabi Fatura',
      companyName: `Loja Fatura ${theme} ${run}`,
      email: payer.email,
      password: payer.password,
      phone: '5511999990000',
      planId: plan.id,
    });
    await openPage(theme);
    await signInWithForm(page, payer.email, payer.password);
    await page.goto(`${baseUrl()}/financeiro`);
    await page.getByTestId('invoice-pay-1').waitFor();
    await audit('/financeiro');
    await page.getByTestId('invoice-pay-1').click();
    await page.getByTestId('checkout-steps').waitFor();
    await page.locator('label[for=checkout-plan-custom]').click();
    await page.getByTestId('checkout-users').waitFor();
    await audit('/financeiro checkout personalizar');
    await page.getByTestId('checkout-back').click();
    await page.fill('#checkout-firstName', '');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-submit').click();
    await page.locator('#checkout-firstName-error').waitFor();
    await audit('/financeiro checkout dados with validation messages');
    await page.fill('#checkout-firstName', 'Fabi Fatura');
    await page.fill('#checkout-zipcode', '12345678909');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-review').waitFor();
    await audit('/financeiro checkout revisar');
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('checkout-pix').waitFor();
    await audit('/financeiro checkout pix');
    await page.getByTestId('checkout-close').click();
    await page.getByTestId('checkout-dialog').waitFor({ state: 'detached' });
    await page.goto(`${baseUrl()}/subscription`);
    await page.getByTestId('subscription-license').waitFor();
    await audit('/subscription');
    await page.goto(`${baseUrl()}/financeiro-aberto`);
    await page.getByTestId('expired-invoices').locator('tbody tr').first().waitFor();
    await audit('/financeiro-aberto');
    expect(findings).toEqual([]);
  });

  it("finds nothing critical or serious on the super user's All-connections overview and a company's connections", async () => {
    findings.length = 0;
    await openPage(theme);
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.goto(`${baseUrl()}/allConnections`);
    await page.getByTestId('all-connections-table').locator('tbody tr').first().waitFor();
    await audit('/allConnections');
    await page.locator('[data-testid^=all-connections-open-]').first().click();
    await page.getByTestId('all-connections-dialog').waitFor();
    await page.getByTestId('all-connections-company-table').waitFor();
    await audit('/allConnections company dialog');
    // another company's connections, with the session buttons, edit and delete the super user has there
    await page.keyboard.press('Escape');
    await page.getByTestId('all-connections-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid^=all-connections-open-]').last().click();
    await page.getByTestId('all-connections-company-table').locator('[data-testid^=connection-edit-]').first().waitFor();
    await audit("/allConnections another company's dialog");
    await page.getByTestId('all-connections-company-table').locator('[data-testid^=connection-edit-]').first().click();
    await page.getByTestId('connection-dialog').waitFor();
    await audit("/allConnections another company's connection edit dialog");
    expect(findings).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("finds nothing critical or serious on the super user's companies, plans, helps, white label and announcements", async () => {
    findings.length = 0;
    const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
    await api(
      'POST',
      '/helps',
      { title: `Primeiros passos ${theme}`, video: 'dQw4w9WgXcQ', description: 'Como começar' },
      root.token,
    );
    await api('POST', '/announcements', { title: `Aviso ${theme}`, text: 'Manutenção no sábado', priority: 1 }, root.token);
    // as openPage, but the stored theme is written where storage exists: the help player is a third-party frame
    context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
    await context.addInitScript((t) => {
      try {
        localStorage.setItem('theme', t);
      } catch {
        // a third-party frame has no storage of its own
      }
    }, theme);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // the help player is YouTube's: served here by a stand-in page that carries axe, so the frame is audited too
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Video</title></head><body><main><p>Video</p></main></body></html>',
      }),
    );
    await context.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.goto(`${baseUrl()}/companies`);
    await page.getByTestId('companies-table').locator('tbody tr').first().waitFor();
    await audit('/companies');
    await page.getByTestId('companies-add').click();
    await page.getByTestId('company-dialog').waitFor();
    await page.getByTestId('company-save').click();
    await page.locator('#company-name-error').waitFor();
    await audit('/companies dialog with validation messages');
    await page.keyboard.press('Escape');
    await page.getByTestId('company-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid^=company-delete-]').first().click();
    await page.getByTestId('company-delete-dialog').waitFor();
    await audit('/companies delete dialog');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('settings-tab-plans').click();
    await page.getByTestId('plans-table').locator('tbody tr').first().waitFor();
    await audit('/settings plans');
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-dialog').waitFor();
    await audit('/settings plan dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('plan-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('settings-tab-helps').click();
    await page.getByTestId('helps-table').locator('tbody tr').first().waitFor();
    await audit('/settings helps');
    await page.getByTestId('helps-add').click();
    await page.getByTestId('help-dialog').waitFor();
    await page.getByTestId('help-save').click();
    await page.locator('#help-title-error').waitFor();
    await audit('/settings help dialog with validation messages');
    await page.keyboard.press('Escape');
    await page.getByTestId('help-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('settings-tab-whitelabel').click();
    await page.getByTestId('whitelabel-tab').waitFor();
    await audit('/settings white label');
    await page.getByTestId('settings-tab-companies').click();
    await page.getByTestId('companies-table').waitFor();
    await page.goto(`${baseUrl()}/announcements`);
    await page.getByTestId('announcements-table').locator('tbody tr').first().waitFor();
    await audit('/announcements');
    await page.getByTestId('announcements-add').click();
    await page.getByTestId('announcement-dialog').waitFor();
    await page.getByTestId('announcement-save').click();
    await page.locator('#announcement-title-error').waitFor();
    await audit('/announcements dialog with validation messages');
    await page.keyboard.press('Escape');
    await page.getByTestId('announcement-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('announcements-button').click();
    await page.getByTestId('announcements-panel').waitFor();
    await audit('top bar announcements');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl()}/helps`);
    await page.locator('[data-testid^=help-card-]').first().waitFor();
    await audit('/helps');
    await page.locator('[data-testid^=help-card-]').first().click();
    await page.getByTestId('help-video-dialog').locator('iframe').waitFor();
    const player = page.frames().find((f) => f.url().startsWith('https://www.youtube-nocookie.com/'));
    await player?.waitForLoadState();
    await player?.evaluate(axeSource);
    await audit('/helps video dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('help-video-dialog').waitFor({ state: 'detached' });
    expect(findings).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('keyboard and screen reader use of the inbox', () => {
  it.each(['light', 'dark'] as const)(
    'shows a 2 px focus outline at 3:1 or more on every control Tab reaches (%s)',
    async (theme) => {
      await openPage(theme);
      await signIn();
      const looks: { tag: string; name: string; style: string; width: number; contrast: number; against: string }[] = [];
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        looks.push(await focusLook());
      }
      await page.screenshot({ path: `${SHOTS}a11y-${theme}-focus.png` });
      const weak = looks.filter((l) => l.tag !== 'BODY' && (l.style === 'none' || l.width < 2 || l.contrast < 3));
      expect(weak).toEqual([]);
      expect(looks.filter((l) => l.tag !== 'BODY').length).toBeGreaterThan(15);
    },
  );

  it('moves through the inbox tabs with the arrow keys', async () => {
    await openPage();
    await signIn();
    await page.getByTestId('tab-open').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('tab-pending').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tab-pending');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('tab-open').getAttribute('aria-selected')).toBe('true');
  });

  it('gives focus back to the opener when a dialog or the contact drawer closes', async () => {
    await openPage();
    await signIn();
    await page.getByTestId('new-ticket').focus();
    await page.keyboard.press('Enter');
    await page.locator('.p-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.p-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('new-ticket');

    await page.goto(`${baseUrl()}/tickets/${ticketUuid}`);
    const contactButton = page.getByTestId('conversation-heading').locator('button');
    await contactButton.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('contact-drawer').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid=conversation-heading]') !== null))
      .toBe(true);
  });

  it('announces a new waiting conversation, focuses the conversation heading on open and the message box after Accept', async () => {
    await openPage();
    await signIn();
    await page.getByTestId('tab-pending').click();
    const name = `Clara Nova ${run}`;
    await newVisitor(name, 'Oi! Alguém pode me ajudar?');
    await expect.poll(() => page.getByTestId('inbox-announcer').textContent()).toBe(`Nova conversa aguardando: ${name}`);
    expect(await page.getByTestId('inbox-announcer').getAttribute('aria-live')).toBe('polite');

    const row = page.getByTestId('ticket-row').filter({ hasText: name });
    await row.getByTestId('ticket-row-open').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('conversation-heading');
    expect(await page.getByRole('heading', { level: 2, name: new RegExp(name) }).count()).toBe(1);

    await page.getByTestId('header-accept').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('message-input');
    await page.screenshot({ path: `${SHOTS}a11y-light-after-accept.png` });
    expect(pageErrors).toEqual([]);
  });
});
