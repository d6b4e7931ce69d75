/**
 * The external API page in a real browser against the running product: the admin opens /messages-api from the
 * menu, reads the curl examples made with the chosen connection's token, sends a text with the test form (the
 * form refuses a masked number first), and the message is in the inbox's conversation. Screenshots at 1366 and
 * 390 px under test-results/messages-api-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SHOTS, adminEmail, adminPassword, openDesktopPage, signInWithForm } from './browser.ts';

const NUMBER = `5511${String(Date.now()).slice(-9)}`;
const TEXT = `Pedido ${Date.now().toString(36)} confirmado pela API`;

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `messages-api-${name}`, { fullPage: true, waitMs: 300 });

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

describe('the external API page', () => {
  it('documents the call with the chosen connection token', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.locator('a[href="/messages-api"]').first().click();
    await page.waitForURL('**/messages-api');
    await page.getByTestId('messages-api-page').waitFor();
    const connections = await page.evaluate(async () => {
      const r = await fetch('/api/whatsapp', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()) as { channel: string; token: string | null; isDefault: boolean }[];
    });
    const token = (connections.find((c) => c.isDefault && c.token) ?? connections.find((c) => c.token))!.token!;
    await expect(page.getByTestId('messages-api-curl-text').textContent()).resolves.toContain(`Authorization: Bearer ${token}`);
    await expect(page.getByTestId('messages-api-curl-media').textContent()).resolves.toContain('medias=@');
    await expect(page.getByTestId('messages-api-text-token').inputValue()).resolves.toBe(token);
    await shot('01-page');
  });

  it('sends a text with the test form, refusing a masked number first, and the message is in the inbox', async () => {
    const form = page.getByTestId('messages-api-text-form');
    await page.getByTestId('messages-api-text-send').click();
    await expect(page.locator('#messages-api-text-number-error').textContent()).resolves.toBe('Obrigatório');
    await expect(page.locator('#messages-api-text-body-error').textContent()).resolves.toBe('Obrigatório');
    await page.getByTestId('messages-api-text-number').fill('+55 (11) 99999-8888');
    await page.getByTestId('messages-api-text-body').fill(TEXT);
    await expect(page.locator('#messages-api-text-number-error').textContent()).resolves.toMatch(/^Só dígitos/);
    await page.getByTestId('messages-api-text-number').fill(NUMBER);
    await page.locator('#messages-api-text-number-error').waitFor({ state: 'detached' });
    await page.getByTestId('messages-api-text-send').click();

    const result = page.getByTestId('messages-api-text-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain('"status": "SUCCESS"');
    await page.getByText('Mensaje enviado correctamente').first().waitFor();
    await form.scrollIntoViewIfNeeded();
    await shot('02-sent');

    await result.getByRole('link').click();
    await page.waitForURL('**/tickets/**');
    // the conversation opened on the message, and the waiting ticket is listed under the contact's number
    await page.getByText(TEXT).first().waitFor();
    await page.getByTestId('tab-pending').click();
    await page.getByTestId('ticket-row').filter({ hasText: NUMBER }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}messages-api-03-inbox.png` });
  });

  it('fits a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(page.url().replace(/\/tickets.*$/, '/messages-api'));
    await page.getByTestId('messages-api-page').waitFor();
    await shot('04-phone');
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=messages-api-page] *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => `${e.tagName}.${e.className}`)
        .slice(0, 5),
    );
    expect(wider).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 820 });
    expect(pageErrors).toEqual([]);
  });
});
