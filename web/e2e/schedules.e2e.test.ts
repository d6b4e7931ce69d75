/**
 * Scheduled messages in a real browser against the running product: from a customer's ticket the agent opens
 * the schedule modal, is held to the spec's validation texts, schedules a message with the defaults, and finds it
 * on /schedules at its time under the customer's name (month grid and agenda); then deletes it there. Every step
 * leaves a screenshot under test-results/schedules-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, baseUrl, openDesktopPage, signInWithForm } from './browser.ts';

const CUSTOMER = `Rosa Agenda ${Date.now() % 100000}`;
const TEXT = 'Olá! Lembrete: sua consulta é amanhã às 10h.';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `schedules-${name}`, { waitMs: 400 });

const api = async (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('scheduled messages in the browser', () => {
  it('opens the schedule modal from a customer’s ticket and checks the form', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());

    // a customer writes through the web chat, so the company has a ticket of that contact
    const connections = await page.evaluate(async () => {
      const r = await fetch('/api/whatsapp', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()) as { channel: string; widgetKey: string | null }[];
    });
    const webchatToken = connections.find((c) => c.channel === 'webchat')?.widgetKey ?? '';
    const visitor = await api(`/webchat/${webchatToken}/visitors`, { method: 'POST', body: JSON.stringify({ name: CUSTOMER }) });
    const { visitorToken } = (await visitor.json()) as { visitorToken: string };
    const said = await api(`/webchat/${webchatToken}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${visitorToken}` },
      body: JSON.stringify({ body: 'Bom dia, posso remarcar?' }),
    });
    expect(said.status).toBe(202);

    await page.getByTestId('tab-pending').click();
    const row = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
    await row.waitFor();
    await row.click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId('header-more').click();
    await page.getByRole('menuitem', { name: 'Agendar mensagem' }).click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    await expect(page.getByTestId('schedule-contact-fixed').textContent()).resolves.toBe(CUSTOMER);
    await shot('01-modal');

    await page.getByTestId('schedule-save').click();
    await expect(page.locator('#schedule-body-error').textContent()).resolves.toBe('Requerido');
    await page.getByTestId('schedule-body').fill('Olá');
    await page.getByTestId('schedule-save').click();
    await expect(page.locator('#schedule-body-error').textContent()).resolves.toBe('Mensaje muy corto');
    await shot('02-validation');
  });

  it('schedules the message one hour ahead and shows it on /schedules under the customer’s name', async () => {
    await page.getByTestId('schedule-body').fill(TEXT);
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-dialog').waitFor({ state: 'hidden' });
    await page.locator('.p-toast-message-success').first().waitFor();

    await page.goto(`${baseUrl()}/schedules`);
    await page.getByTestId('schedules-page').waitFor();
    const event = page.locator('[data-testid^=schedule-event-]').filter({ hasText: CUSTOMER });
    const sendAt = new Date(Date.now() + 3_600_000);
    // one hour ahead may fall in the next month: the grid shows the month of the event
    if (sendAt.getMonth() !== new Date().getMonth()) await page.getByTestId('schedules-next').click();
    await event.waitFor();
    await expect(event.locator('.schedule-event__title').textContent()).resolves.toBe(CUSTOMER);
    await event.getByRole('button', { name: `Editar o agendamento de ${CUSTOMER}` }).waitFor();
    await shot('03-month');

    await page.getByTestId('schedules-view').getByText('Agenda').click();
    await page.getByTestId('schedules-agenda').waitFor();
    await event.waitFor();
    await shot('04-agenda');

    // editing shows the saved message with the defaults
    await event.getByRole('button', { name: `Editar o agendamento de ${CUSTOMER}` }).click();
    await page.getByTestId('schedule-dialog').waitFor();
    await expect(page.getByTestId('schedule-body').inputValue()).resolves.toBe(TEXT);
    await shot('05-edit');
    await page.keyboard.press('Escape');
    await page.getByTestId('schedule-dialog').waitFor({ state: 'hidden' });
  });

  it('deletes the schedule after confirmation', async () => {
    const event = page.locator('[data-testid^=schedule-event-]').filter({ hasText: CUSTOMER });
    await event.getByRole('button', { name: `Excluir o agendamento de ${CUSTOMER}` }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await event.waitFor({ state: 'detached' });
    await shot('06-deleted');
    expect(pageErrors).toEqual([]);
  });
});
