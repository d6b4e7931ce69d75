/**
 * The super user runs the platform through the UI (spec document 2 "Companies (super)" and the settings page's
 * plans tab): creates a plan with its limits and features, then a company on that plan; the company shows in the
 * companies table with its plan and value, and its admin signs in with the password the form set. The due-date
 * button moves the company's due date by its recurrence. Screenshots under test-results/platform-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, api, baseUrl, openDesktopPage, signInWithForm } from './browser.ts';

const run = Date.now().toString(36);
const PLAN = `Plano Ouro ${run}`;
const COMPANY = { name: `Padaria ${run}`, email: `padaria.${run}@example.com`, password: 'padaria-pass-1' };

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `platform-${name}`, { fullPage: true, waitMs: 400 });

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});
afterAll(async () => {
  await browser?.close();
});

describe("the super user's platform administration", () => {
  it('creates a plan and a company on it through the UI, and the company shows in the table', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('settings-tab-plans').click();
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-dialog').waitFor();
    await page.getByTestId('plan-save').click();
    await page.locator('#plan-name-error').waitFor();
    await page.fill('#plan-name', PLAN);
    await page.fill('#plan-users', '7');
    await page.fill('#plan-connections', '4');
    await page.fill('#plan-queues', '5');
    await page.fill('#plan-amount', '129,90');
    await page.locator('label[for=plan-useKanban]').click();
    await page.locator('label[for=plan-useCampaigns]').click();
    await shot('plan-dialog');
    await page.getByTestId('plan-save').click();
    await page.getByTestId('plan-dialog').waitFor({ state: 'detached' });
    const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
    const plan = (
      await api<{ id: number; name: string; users: number; amount: string; useKanban: boolean; useCampaigns: boolean }[]>(
        'GET',
        '/plans/all',
        undefined,
        root.token,
      )
    ).find((p) => p.name === PLAN);
    expect(plan).toMatchObject({ users: 7, amount: '129.90', useKanban: true, useCampaigns: true });
    // that API sign-in ended the browser's session: sign in again
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('settings-tab-plans').click();
    await page
      .getByTestId('plans-table')
      .locator('tbody tr', { hasText: PLAN })
      .waitFor()
      .catch(async () => {
        // the new plan may sit on a later page of the table
        await page.getByTestId('plans-table').locator('.p-paginator-last').click();
        await page.getByTestId('plans-table').locator('tbody tr', { hasText: PLAN }).waitFor();
      });
    await shot('plans-tab');

    await page.goto(`${baseUrl()}/companies`);
    await page.getByTestId('companies-table').locator('tbody tr').first().waitFor();
    await page.getByTestId('companies-add').click();
    await page.getByTestId('company-dialog').waitFor();
    await page.fill('#company-name', COMPANY.name);
    await page.fill('#company-email', COMPANY.email);
    await page.getByTestId('company-plan').click();
    await page.locator('.p-dropdown-panel li[role=option]', { hasText: PLAN }).click();
    await page.fill('#company-password', COMPANY.password);
    await shot('company-dialog');
    await page.getByTestId('company-save').click();
    await page.getByTestId('company-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('companies-search').fill(run);
    const row = page.getByTestId('companies-table').locator('tbody tr', { hasText: COMPANY.name });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(PLAN);
    await expect(row.textContent()).resolves.toContain('129,90');
    await expect(row.textContent()).resolves.toContain(COMPANY.email);
    await shot('companies-table');
    // on a 1440 px screen all fourteen columns of a full page of companies fit, the actions in view without
    // scrolling sideways
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('companies-search').fill('');
    await expect.poll(() => page.getByTestId('companies-table').locator('tbody tr').count()).toBeGreaterThan(1);
    const widths = await page
      .getByTestId('companies-table')
      .locator('.p-datatable-wrapper')
      .evaluate((w) => ({ scroll: w.scrollWidth, client: w.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const rightEdges = await page
      .getByTestId('companies-table')
      .locator('[data-testid^=company-edit-]')
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().right));
    expect(rightEdges.length).toBeGreaterThan(1);
    for (const right of rightEdges) expect(right).toBeLessThanOrEqual(1440);
    await shot('companies-table-1440');
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.getByTestId('companies-search').fill(run);
    await expect.poll(() => page.getByTestId('companies-table').locator('tbody tr').count()).toBe(1);

    // the due-date button moves the due date a month on (the recurrence is monthly)
    const before = await row.locator('[data-testid^=company-due-]').textContent();
    await row.locator('[data-testid^=company-advance-]').click();
    await page.locator('.p-toast-message-success').first().waitFor();
    await expect.poll(() => row.locator('[data-testid^=company-due-]').textContent()).not.toBe(before);
    await shot('companies-due-advanced');

    // the company's admin signs in with the password the form set
    const admin = await api<{ user: { profile: string; company: { name: string } } }>('POST', '/auth/login', {
      email: COMPANY.email,
      password: COMPANY.password,
    });
    expect(admin.user).toMatchObject({ profile: 'admin', company: { name: COMPANY.name } });
    expect(pageErrors).toEqual([]);
  });
});
