/**
 * The personal to-do list in a real browser: add (blank text ignored), edit (the button reads Guardar while
 * editing, Añadir otherwise), delete after confirming, and the list survives a reload from local storage `tasks`.
 * Screenshots go to test-results/todolist-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, openDesktopPage, signInWithForm } from './browser.ts';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `todolist-${name}`);
const texts = () => page.locator('.todo-item__text').allTextContents();

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});
afterAll(async () => {
  await browser?.close();
});

describe('the to-do list', () => {
  it('adds, edits and deletes items, and keeps them after a reload', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.evaluate(() => localStorage.removeItem('tasks'));
    await page.locator('a[href="/todolist"]').first().click();
    await page.waitForURL('**/todolist');
    await page.getByTestId('todo-page').waitFor();
    await expect(page.getByTestId('todo-submit').textContent()).resolves.toBe('Añadir');

    // blank text is ignored
    await page.getByTestId('todo-input').fill('   ');
    await page.getByTestId('todo-submit').click();
    expect(await page.getByTestId('todo-item').count()).toBe(0);

    await page.getByTestId('todo-input').fill('Ligar para o fornecedor');
    await page.keyboard.press('Enter');
    await page.getByTestId('todo-input').fill('Revisar as filas');
    await page.getByTestId('todo-submit').click();
    await expect(texts()).resolves.toEqual(['Ligar para o fornecedor', 'Revisar as filas']);
    await shot('01-added');

    await page.getByTestId('todo-edit').first().click();
    await expect(page.getByTestId('todo-submit').textContent()).resolves.toBe('Guardar');
    await expect(page.getByTestId('todo-input').inputValue()).resolves.toBe('Ligar para o fornecedor');
    await page.getByTestId('todo-input').fill('Ligar para o fornecedor às 15h');
    await shot('02-editing');
    await page.getByTestId('todo-submit').click();
    await expect(page.getByTestId('todo-submit').textContent()).resolves.toBe('Añadir');
    await expect(texts()).resolves.toEqual(['Ligar para o fornecedor às 15h', 'Revisar as filas']);

    await page.getByTestId('todo-delete').nth(1).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expect(texts()).resolves.toEqual(['Ligar para o fornecedor às 15h']);

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('tasks') ?? '[]') as { text: string; createdAt: string; updatedAt: string }[],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ text: 'Ligar para o fornecedor às 15h' });
    expect(Date.parse(stored[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(stored[0]!.createdAt));

    await page.reload();
    await page.getByTestId('todo-page').waitFor();
    await expect(texts()).resolves.toEqual(['Ligar para o fornecedor às 15h']);
    await page.locator('.todo-item__time').first().waitFor();
    await shot('03-after-reload');
    expect(pageErrors).toEqual([]);
  });
});
