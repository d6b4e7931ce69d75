/**
 * A supervisor (the company's admin) in a real browser against the running product: customers write through the
 * web chat, tickets are accepted and closed, then the dashboard (/) shows them in its three tabs, the filter panel
 * asks for another period, the attendants are exported to a spreadsheet, and the live panel (/moments) shows the
 * running tickets and follows a new one without a reload. Screenshots under test-results/dashboard-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, api, baseUrl, openDesktopPage, signInWithForm } from './browser.ts';

const run = Date.now().toString(36);
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let token = '';
let webchatToken = '';

const shot = (name: string) => screenshot(page, `dashboard-${name}`, { fullPage: true, waitMs: 400 });

const visitor = async (name: string, text: string) => {
  const v = await api<{ visitorToken: string }>('POST', `/webchat/${webchatToken}/visitors`, { name });
  await api('POST', `/webchat/${webchatToken}/messages`, { body: text }, v.visitorToken);
};

const pendingTicketOf = async (name: string): Promise<{ id: number; uuid: string }> => {
  for (let i = 0; i < 50; i++) {
    const list = await api<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending&showAll=true',
      undefined,
      token,
    );
    const found = list.tickets.find((t) => t.contact.name === name);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ticket of ${name}`);
};

// a count as the page writes it in Portuguese (1.234): the digits alone
const counter = async (key: string) =>
  Number(
    ((await page.getByTestId(`dashboard-counter-${key}`).locator('.dashboard-card__value').textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('the dashboard and the live panel of a supervisor', () => {
  it('shows the day’s tickets in the indicators, the assessments and the attendants, and exports the attendants', async () => {
    token = await signInWithForm(page, adminEmail(), adminPassword());
    const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, token);
    webchatToken = connections.find((c) => c.channel === 'webchat')?.widgetKey ?? '';
    expect(webchatToken).not.toBe('');

    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('dashboard-counter-tickets').waitFor();
    const before = { tickets: await counter('tickets'), finished: await counter('supportFinished') };

    const served = `Sara Servida ${run}`;
    const closed = `Caio Concluido ${run}`;
    await visitor(served, 'Preciso de ajuda com meu pedido');
    await visitor(closed, 'Quero trocar um produto');
    await visitor(`Wanda Espera ${run}`, 'Alguém pode me atender?');
    const s = await pendingTicketOf(served);
    const c = await pendingTicketOf(closed);
    await api('PUT', `/tickets/${s.id}`, { status: 'open' }, token);
    await api('PUT', `/tickets/${c.id}`, { status: 'open' }, token);
    await api('PUT', `/tickets/${c.id}`, { status: 'closed', sendFarewellMessage: false }, token);

    await page.reload();
    await page.getByTestId('dashboard-counter-tickets').waitFor();
    await expect.poll(() => counter('tickets')).toBe(before.tickets + 3);
    expect(await counter('supportFinished')).toBe(before.finished + 1);
    await page.getByTestId('dashboard-chart-day').locator('.dashboard-chart__row').first().waitFor();
    await page.getByTestId('dashboard-chart-user').locator('.dashboard-chart__row').first().waitFor();
    await shot('01-indicators');

    await page.getByTestId('dashboard-filter-toggle').click();
    await page.getByTestId('dashboard-filter').waitFor();
    await page.locator('label[for=dashboard-mode-days]').click();
    await page.locator('#dashboard-days').fill('7');
    await page.getByTestId('dashboard-apply').click();
    await expect.poll(() => counter('tickets')).toBeGreaterThanOrEqual(before.tickets + 3);
    await shot('02-filter-7-days');

    await page.getByTestId('dashboard-tab-nps').click();
    await page.getByTestId('dashboard-counter-npsScore').waitFor();
    await shot('03-assessments');

    await page.getByTestId('dashboard-tab-attendants').click();
    const table = page.getByTestId('dashboard-attendants-table');
    await table.locator('tbody tr').first().waitFor();
    await shot('04-attendants');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dashboard-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^atendentes-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('lists the running tickets by attendant on /moments and follows a new one live', async () => {
    await page.locator('a[href="/moments"]').first().click();
    await page.waitForURL('**/moments');
    await page.getByTestId('moments-board').waitFor();
    const served = page.locator('.moments-ticket').filter({ hasText: `Sara Servida ${run}`.slice(0, 25) });
    await served.waitFor();
    await expect(served.locator('a[href^="/tickets/"]').count()).resolves.toBe(1);
    await page
      .getByTestId('moments-column-waiting')
      .filter({ hasText: `Wanda Espera ${run}`.slice(0, 25) })
      .waitFor();
    await shot('05-moments');

    const late = `Lia Chegou ${run}`;
    await visitor(late, 'Acabei de chegar');
    await page
      .locator('.moments-ticket')
      .filter({ hasText: late.slice(0, 25) })
      .waitFor();
    await shot('06-moments-live');
    expect(pageErrors).toEqual([]);
  });
});
