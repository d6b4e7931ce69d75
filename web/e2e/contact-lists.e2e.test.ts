/**
 * Contact lists in a real browser against the running product: the admin adds a list on /contact-lists, opens its
 * contacts, imports an .xlsx sheet and sees the rows arrive with their WhatsApp markers, adds one by hand, then checks
 * the pages at a phone's width. Screenshots under test-results/contact-lists-*.png.
 */
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, openDesktopPage, signInWithForm } from './browser.ts';

const LIST = `Clientes ${Date.now().toString(36)}`;

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `contact-lists-${name}`, { waitMs: 300 });

const sheet = (): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['name', 'number', 'email'],
      ['Ana Planilha', '5511955551001', 'ana@planilha.com'],
      ['Bruno Planilha', '+55 11 95555-1002', ''],
      ['X', '5511955551003', ''],
    ]),
    'Contatos',
  );
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
};

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});
afterAll(async () => {
  await browser?.close();
});

describe('contact lists in the browser', () => {
  it('adds a list from the campaigns menu, refusing a short name first', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    // the campaign entries show with the cshow flag (spec document 3 section 2)
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
    await page.reload();
    await page.goto(`${new URL(page.url()).origin}/contact-lists`);
    await page.waitForURL('**/contact-lists');
    await shot('00-open');
    await page.getByTestId('contact-lists-page').waitFor();

    await page.getByTestId('contact-lists-add').click();
    await page.fill('#contact-list-name', 'A');
    await page.getByTestId('contact-list-save').click();
    await expect(page.locator('#contact-list-name-error').textContent()).resolves.toBe('Too Short!');
    await page.fill('#contact-list-name', LIST);
    await shot('01-dialog');
    await page.getByTestId('contact-list-save').click();
    await page.getByTestId('contact-list-dialog').waitFor({ state: 'detached' });
    const row = page.locator('[data-testid=contact-lists-table] tbody tr').filter({ hasText: LIST });
    await row.waitFor();
    await shot('02-lists');
  });

  it('imports an .xlsx sheet on the list’s contacts page and shows the rows with their markers and the refused row', async () => {
    const row = page.locator('[data-testid=contact-lists-table] tbody tr').filter({ hasText: LIST });
    await row.locator('[data-testid^=contact-list-open-]').click();
    await page.waitForURL('**/contact-lists/*/contacts');
    await page.getByTestId('contact-list-items-page').waitFor();

    await page.getByTestId('contact-list-items-import').click();
    await page.getByTestId('contact-list-import-dialog').waitFor();
    await page.getByTestId('contact-list-import-file').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet(),
    });
    await page.getByTestId('contact-list-import-file-name').waitFor();
    await shot('03-import-dialog');
    await page.getByTestId('contact-list-import-confirm').click();
    await page.getByTestId('contact-list-import-dialog').waitFor({ state: 'detached' });

    const table = page.getByTestId('contact-list-items-table');
    await table.locator('tbody tr').filter({ hasText: 'Bruno Planilha' }).waitFor({ timeout: 15_000 });
    await expect(table.locator('tbody tr').filter({ hasText: 'Ana Planilha' }).textContent()).resolves.toContain('5511955551001');
    await expect(table.locator('tbody tr').filter({ hasText: 'Bruno Planilha' }).textContent()).resolves.toContain(
      '5511955551002',
    );
    await expect(page.getByTestId('contact-list-import-status').textContent()).resolves.toMatch(/2 adicionados.*1 recusados/);
    // the numbers are checked in the background; the company's web chat cannot tell, so they turn valid live
    await page.locator('[data-testid^=contact-list-item-valid-][data-state=yes]').nth(1).waitFor({ timeout: 15_000 });
    await shot('04-imported');
  });

  it('imports a .csv as the README says: UTF-8 with semicolons, accents intact', async () => {
    await page.getByTestId('contact-list-items-import').click();
    await page.getByTestId('contact-list-import-dialog').waitFor();
    const csv = 'Nome;Telefone;E-mail\nJoão Araújo CSV;5511955551003;joao@example.com\n';
    await page
      .getByTestId('contact-list-import-file')
      .setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect(page.getByTestId('contact-list-import-file-name').textContent()).resolves.toBe('contatos.csv');
    await expect(page.getByTestId('contact-list-import-confirm').isEnabled()).resolves.toBe(true);
    await page.getByTestId('contact-list-import-confirm').click();
    await page.getByTestId('contact-list-import-dialog').waitFor({ state: 'detached' });
    const table = page.getByTestId('contact-list-items-table');
    await table.locator('tbody tr').filter({ hasText: 'João Araújo CSV' }).waitFor({ timeout: 15_000 });
    await expect(table.locator('tbody tr').filter({ hasText: 'João Araújo CSV' }).textContent()).resolves.toContain(
      '5511955551003',
    );
    await shot('04b-imported-csv');
  });

  it('adds a contact by hand, refusing a duplicate number beside the field', async () => {
    await page.getByTestId('contact-list-items-add').click();
    await page.fill('#contact-list-item-name', 'Carla Manual');
    await page.fill('#contact-list-item-number', '5511955551001');
    await page.getByTestId('contact-list-item-save').click();
    await page.locator('#contact-list-item-number-error').waitFor();
    await page.fill('#contact-list-item-number', '(11) 95555-1009');
    await page.getByTestId('contact-list-item-save').click();
    await page.getByTestId('contact-list-item-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('contact-list-items-table').locator('tbody tr').filter({ hasText: 'Carla Manual' }).waitFor();
    await page.getByTestId('contact-list-items-search').fill('carla');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=contact-list-items-table] tbody tr').length === 1);
    await shot('05-search');
  });

  it('fits a phone’s width', async () => {
    await page.getByTestId('contact-list-items-search').fill('');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('06-items-phone');
    await page.getByTestId('contact-list-items-back').click();
    await page.getByTestId('contact-lists-page').waitFor();
    await shot('07-lists-phone');
    await page.setViewportSize({ width: 1366, height: 820 });
    expect(pageErrors).toEqual([]);
  });
});
