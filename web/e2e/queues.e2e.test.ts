/**
 * The queues page in a real browser against the running product: a fresh company's admin adds a queue with a
 * two-level chatbot tree (an option with a sub-option that sends the customer to another queue), is stopped by the
 * form's own validation first, sees the queue in the table, edits it, and deletes it. Screenshots under
 * test-results/queues-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `queues.${run}@example.com`, password: 'queues-password-1' };
const QUEUE = `Vendas ${run}`;

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `queues-${name}`, { fullPage: true, waitMs: 400 });

/** Opens a PrimeReact dropdown by its test id and picks the option with this label. */
const choose = async (testId: string, label: string) => {
  await page.getByTestId(testId).click();
  await page.locator('.p-dropdown-panel li[role=option]', { hasText: label }).first().click();
};

beforeAll(async () => {
  await signUpCompany({ name: 'Quésia Filas', email: OWNER.email, password: OWNER.password }, `Loja Filas ${run}`);
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('queues in the browser', () => {
  it('creates a queue with a two-level chatbot tree after the form refuses a short option name', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.locator('a[href="/queues"]').first().click();
    await page.waitForURL('**/queues');
    await page.getByTestId('queues-table').locator('tbody tr').first().waitFor();
    await shot('01-page');

    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-dialog').waitFor();
    await page.fill('#queue-name', QUEUE);
    await page.fill('#queue-color', '#1e88e5');
    await page.fill('#queue-greeting', 'Olá! Escolha uma opção:');
    await page.getByTestId('queue-rotation').click();
    await choose('queue-rotation-time', '15');
    await page.getByTestId('chatbot-add-root').click();
    await page.fill('#chatbot-option-0-name', 'Com');
    await page.getByTestId('chatbot-option-0-add-child').click();
    await page.fill('#chatbot-option-0-0-name', 'Falar com o atendimento');
    await choose('chatbot-option-0-0-type', 'Fila');
    await choose('chatbot-option-0-0-optQueueId', 'Atendimento');
    await page.getByTestId('queue-save').click();
    await expect(page.locator('#chatbot-option-0-name-error').textContent()).resolves.toBe('Too Short!');
    await shot('02-validation');

    await page.fill('#chatbot-option-0-name', 'Comprar');
    await page.fill('#chatbot-option-0-greeting', 'O que deseja comprar?');
    await shot('03-dialog');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('queues-table').locator('tbody tr', { hasText: QUEUE });
    await row.waitFor();
    expect(await row.textContent()).toContain('#1e88e5');
    await shot('04-table');
  });

  it('edits the queue: its tree comes back as saved, and a second option is added', async () => {
    const row = page.getByTestId('queues-table').locator('tbody tr', { hasText: QUEUE });
    await row.locator('[data-testid^=queue-edit-]').click();
    await page.getByTestId('queue-dialog').waitFor();
    await expect.poll(() => page.inputValue('#chatbot-option-0-0-name')).toBe('Falar com o atendimento');
    expect(await page.inputValue('#chatbot-option-0-name')).toBe('Comprar');
    await page.fill('#queue-name', `${QUEUE} e trocas`);
    await page.getByTestId('chatbot-add-root').click();
    await page.fill('#chatbot-option-1-name', 'Trocas e devoluções');
    await shot('05-edit');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    await page
      .getByTestId('queues-table')
      .locator('tbody tr', { hasText: `${QUEUE} e trocas` })
      .waitFor();
    await shot('06-edited');
  });

  it('deletes the queue after the confirmation', async () => {
    const row = page.getByTestId('queues-table').locator('tbody tr', { hasText: `${QUEUE} e trocas` });
    await row.locator('[data-testid^=queue-delete-]').click();
    await page.getByTestId('queue-delete-dialog').waitFor();
    await shot('07-confirm');
    await page.getByTestId('queue-delete-dialog').locator('.p-button-danger').click();
    await row.waitFor({ state: 'detached' });
    await shot('08-deleted');
    expect(pageErrors).toEqual([]);
  });
});
