/**
 * The interface in Portuguese, in a real browser: PrimeReact's own controls speak it too (the paginator of the
 * reports, the date picker of a scheduled message: month names, "Hoje"), no English is left in them, and the
 * message field offers its variables in the one syntax. Screenshots under test-results/locale-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, baseUrl, openDesktopPage, signInWithForm } from './browser.ts';

const ptMonths = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];
const enMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `locale-${name}`);

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('PrimeReact in Portuguese', () => {
  it("names the reports' paginator controls in Portuguese", async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.goto(`${baseUrl()}/reports`);
    const paginator = page.locator('.p-paginator').first();
    await paginator.waitFor();
    await expect(paginator.locator('.p-paginator-first').getAttribute('aria-label')).resolves.toBe('Primeira página');
    await expect(paginator.locator('.p-paginator-prev').getAttribute('aria-label')).resolves.toBe('Página anterior');
    await expect(paginator.locator('.p-paginator-next').getAttribute('aria-label')).resolves.toBe('Próxima página');
    const html = await paginator.evaluate((el) => el.outerHTML);
    expect(await paginator.locator('[aria-label="Linhas por página"]').count(), html).toBeGreaterThan(0);
    for (const english of ['First Page', 'Previous Page', 'Next Page', 'Rows per page']) expect(html).not.toContain(english);
    await shot('01-paginator');
  });

  it('shows the date picker with Portuguese months, weekdays and buttons', async () => {
    await page.goto(`${baseUrl()}/schedules`);
    await page.getByTestId('schedules-add').click();
    await page.locator('#schedule-send-at').click();
    const picker = page.locator('.p-datepicker').last();
    await picker.waitFor();
    const month = (await picker.locator('.p-datepicker-month').first().textContent())?.trim() ?? '';
    expect(ptMonths).toContain(month);
    const header = (await picker.locator('thead').first().textContent()) ?? '';
    expect(header).toContain('Dom');
    expect(header).not.toMatch(/\b(Su|Mo|Sun|Mon)\b/);
    const text = (await picker.textContent()) ?? '';
    for (const english of [...enMonths, 'Today', 'Clear']) expect(text).not.toContain(english);
    await shot('02-date-picker');
    await page.keyboard.press('Escape');
  });

  it('offers the message variables in the one syntax and inserts one at the caret', async () => {
    const body = page.getByTestId('schedule-body');
    await body.fill('Olá , até amanhã');
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    const helper = page.getByTestId('schedule-body-variables');
    await expect(helper.textContent()).resolves.toContain('Variáveis');
    await helper.getByRole('button', { name: /\{\{firstName\}\}/ }).click();
    await expect.poll(() => body.inputValue()).toBe('Olá {{firstName}}, até amanhã');
    await shot('03-variables');
    expect(pageErrors).toEqual([]);
  });
});
