/**
 * Kanban in a real browser (issue "Administration and insight", tags and kanban): a fresh company's admin creates a
 * kanban lane from /TagsKanban, goes back to the board with 'Volver a Kanban', finds the customer's conversation in
 * the default lane, drags its card onto the new lane and sees it there after the reload, then moves it back with
 * the keyboard menu. Screenshots under test-results/kanban-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `kanban.${run}@example.com`, password: 'kanban-password-1' };
const CUSTOMER = `Cliente Kanban ${run}`;
const LANE = `Proposta ${run}`;

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let ticketId = 0;

const shot = (name: string) => screenshot(page, `kanban-${name}`, { fullPage: true, waitMs: 400 });

beforeAll(async () => {
  await signUpCompany({ name: 'Kátia Kanban', email: OWNER.email, password: OWNER.password }, `Kanban ${run}`);
  const session = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
  const chat = connections.find((c) => c.channel === 'webchat' && c.widgetKey)!.widgetKey!;
  const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${chat}/visitors`, { name: CUSTOMER });
  await api('POST', `/webchat/${chat}/messages`, { body: 'Quero um orçamento, por favor' }, visitor.visitorToken);
  for (let i = 0; i < 50 && !ticketId; i++) {
    const pending = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=pending',
      undefined,
      session.token,
    );
    ticketId = pending.tickets.find((t) => t.contact.name === CUSTOMER)?.id ?? 0;
    if (!ticketId) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(ticketId).toBeGreaterThan(0);
  ({ browser, page } = await openDesktopPage(pageErrors));
  await signInWithForm(page, OWNER.email, OWNER.password);
});

afterAll(async () => {
  await browser?.close();
});

describe('the kanban board', () => {
  it('creates a lane, drags a card onto it and sees it there, then moves it back from the keyboard menu', async () => {
    await page.goto(`${baseUrl()}/TagsKanban`);
    await page.getByTestId('tags-kanban-page').waitFor();
    await page.getByTestId('tags-kanban-add').click();
    await page.getByTestId('tag-dialog').waitFor();
    // the same dialog as /tags, a lane already: its automation fields show
    await page.getByTestId('tag-lane-fields').waitFor();
    await page.fill('#tag-name', LANE);
    await page.fill('#tag-greeting-lane', 'Recebeu nossa proposta?');
    await shot('lane-dialog');
    await page.getByTestId('tag-save').click();
    await page.getByTestId('tag-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('tags-kanban-table').locator('tbody tr', { hasText: LANE });
    await row.waitFor();
    expect(await row.locator('[data-testid^=lane-count-]').textContent()).toBe('0');
    await shot('lanes');

    await page.getByTestId('tags-kanban-back').click();
    await page.waitForURL('**/Kanban');
    const card = page.getByTestId(`kanban-card-${ticketId}`);
    await page.getByTestId('kanban-lane-default').getByTestId(`kanban-card-${ticketId}`).waitFor();
    expect(await card.textContent()).toContain(CUSTOMER);
    expect(await card.textContent()).toContain('Quero um orçamento');
    expect(await page.getByTestId(`kanban-view-${ticketId}`).textContent()).toBe('Ver Ticket');
    await page.getByTestId('kanban-search').waitFor();
    await page.getByTestId('kanban-add-columns').waitFor();
    const lane = page.locator('.kanban-lane', { has: page.locator('.kanban-lane__title', { hasText: LANE }) });
    await shot('board-before');

    await card.dragTo(lane);
    await lane.getByTestId(`kanban-card-${ticketId}`).waitFor();
    await page.locator('.p-toast-message-success').first().waitFor();
    await shot('board-after-drag');
    expect(await page.getByTestId('kanban-lane-default').getByTestId(`kanban-card-${ticketId}`).count()).toBe(0);
    // the board was read again: the server has the ticket in the lane
    await page.reload();
    await lane.getByTestId(`kanban-card-${ticketId}`).waitFor();

    // keyboard users move a card with its Move menu
    await page.getByTestId(`kanban-move-${ticketId}`).focus();
    await page.keyboard.press('Enter');
    await page.locator(`#kanban-move-${ticketId} .p-menuitem-link`, { hasText: 'Em aberto' }).click();
    await page.getByTestId('kanban-lane-default').getByTestId(`kanban-card-${ticketId}`).waitFor();
    await shot('board-moved-back');
    expect(pageErrors).toEqual([]);
  });
});
