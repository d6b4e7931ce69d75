/**
 * The users page in a real browser against the running product: a fresh company's admin is stopped by the form's
 * own validation, adds an agent with a queue, a default connection and a permission switch, finds them by a search
 * typed in capitals, edits them (the dialog comes back with what was saved), and deletes them. The new agent then
 * signs in with the password the admin gave. Screenshots under test-results/users-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopPage, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `users.${run}@example.com`, password: 'users-password-1' };
const AGENT = { name: `Bruna Agente ${run}`, email: `bruna.${run}@example.com`, password: 'bruna-password-1' };

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `users-${name}`, { fullPage: true, waitMs: 400 });

const agentRow = (name: string) => page.getByTestId('users-table').locator('tbody tr', { hasText: name });

beforeAll(async () => {
  await signUpCompany({ name: 'Úrsula Dona', email: OWNER.email, password: OWNER.password }, `Loja Usuários ${run}`);
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('users in the browser', () => {
  it('adds an agent with a queue after the form refuses a short name and a bad e-mail', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.locator('a[href="/users"]').first().click();
    await page.waitForURL('**/users');
    await agentRow('Úrsula Dona').waitFor();
    await shot('01-page');

    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.fill('#user-name', 'B');
    await page.fill('#user-email', 'not-an-email');
    await page.getByTestId('user-save').click();
    await expect(page.locator('#user-name-error').textContent()).resolves.toBe('Too Short!');
    await expect(page.locator('#user-email-error').textContent()).resolves.toBe('Invalid email');
    expect(await page.locator('#user-password-error').count()).toBe(1);
    // the defaults of a new user
    expect(await page.inputValue('#user-start-work')).toBe('00:00');
    expect(await page.inputValue('#user-end-work')).toBe('23:59');
    expect(await page.getByTestId('user-userClosePendingTicket').locator('input').isChecked()).toBe(true);
    await shot('02-validation');

    await page.fill('#user-name', AGENT.name);
    await page.fill('#user-email', AGENT.email);
    await page.fill('#user-password', AGENT.password);
    await page.getByTestId('user-queues').click();
    await page.locator('.p-multiselect-panel li[role=option]', { hasText: 'Atendimento' }).first().click();
    // a click outside closes the queue list (Escape would close the whole dialog)
    await page.locator('.p-dialog-title').click();
    await page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
    await page.getByTestId('user-showDashboard').click();
    await shot('03-dialog');
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    const row = agentRow(AGENT.name);
    await row.waitFor();
    expect(await row.textContent()).toContain('Atendimento');
    await shot('04-table');
  });

  it('finds the agent by a search typed in capitals, and nobody else', async () => {
    await page.getByTestId('users-search').fill(`BRUNA AGENTE ${run.toUpperCase()}`);
    await expect.poll(() => page.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
    await agentRow(AGENT.name).waitFor();
    await shot('05-search');
  });

  it('edits the agent: the dialog shows what was saved, and the change reaches the table', async () => {
    await agentRow(AGENT.name).locator('[data-testid^=user-edit-]').click();
    await page.getByTestId('user-dialog').waitFor();
    await expect.poll(() => page.inputValue('#user-name')).toBe(AGENT.name);
    expect(await page.getByTestId('user-showDashboard').locator('input').isChecked()).toBe(true);
    expect(await page.getByTestId('user-queues').textContent()).toContain('Atendimento');
    await page.fill('#user-name', `${AGENT.name} Lima`);
    await page.fill('#user-start-work', '08:00');
    await shot('06-edit');
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('users-search').fill('');
    await agentRow(`${AGENT.name} Lima`).waitFor();
    await shot('07-edited');
  });

  it('deletes the agent after the confirmation', async () => {
    const row = agentRow(`${AGENT.name} Lima`);
    await row.locator('[data-testid^=user-delete-]').click();
    await page.getByTestId('user-delete-dialog').waitFor();
    await shot('08-confirm');
    await page.getByTestId('user-delete-dialog').locator('.p-button-danger').click();
    await row.waitFor({ state: 'detached' });
    await shot('09-deleted');
    expect(pageErrors).toEqual([]);
  });
});
