/**
 * AI prompts in a real browser: an admin adds a prompt on /prompts (first without a queue: 'Informe o setor'),
 * edits it and sees the OpenAI key masked, then attaches it to the web chat in the connection's Integrations tab.
 * Screenshots under test-results/prompts-<nn>-<step>.png at 1440 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchChromium, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const PASSWORD = 'prompt-pass-12345';
const ADMIN = { name: 'Paula Admin', email: `paula-${run}@example.com` };
const KEY = `sk-browser-${run}-WXYZ`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let connectionId = 0;
const pageErrors: string[] = [];

const shot = (nn: string, step: string) => screenshot(page, `prompts-${nn}-${step}`);

beforeAll(async () => {
  await signUpCompany({ name: ADMIN.name, email: ADMIN.email, password: PASSWORD }, `Loja IA ${run}`);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  token = await signInWithForm(page, ADMIN.email, PASSWORD);
  const connections = await api<{ id: number; channel: string }[]>('GET', '/whatsapp', undefined, token);
  connectionId = connections.find((c) => c.channel === 'webchat')!.id;
});
afterAll(async () => {
  await browser?.close();
});

describe('AI prompts page', () => {
  it('adds a prompt, refusing it without a queue, edits it with the key masked, and attaches it to a connection', async () => {
    await page.goto(`${baseUrl()}/prompts`);
    await page.getByTestId('prompts-table').waitFor();
    await shot('01', 'empty');

    await page.getByTestId('prompts-add').click();
    await page.getByTestId('prompt-dialog').waitFor();
    await page.getByTestId('prompt-name').fill('Assistente da loja');
    await page.getByTestId('prompt-text').fill('Você é a assistente da loja. Responda sobre horários e entregas.');
    await page.getByTestId('prompt-api-key').fill(KEY);
    await page.getByTestId('prompt-save').click();
    await expect.poll(() => page.getByTestId('prompt-dialog').getByText('Informe o setor').count()).toBe(1);
    await shot('02', 'queue-required');

    await page.getByTestId('prompt-queue').click();
    await page.locator('.p-dropdown-item').first().click();
    await page.getByTestId('prompt-voice').click();
    await page.locator('.p-dropdown-item', { hasText: 'Francisca' }).click();
    await page.getByTestId('prompt-voice-key').waitFor();
    await shot('03', 'voice-fields');
    await page.getByTestId('prompt-voice').click();
    await page.locator('.p-dropdown-item', { hasText: 'Texto' }).click();
    await expect.poll(() => page.getByTestId('prompt-voice-key').count()).toBe(0);
    await page.getByTestId('prompt-save').click();
    await page.getByTestId('prompt-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('prompts-table').locator('tr', { hasText: 'Assistente da loja' });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('100');
    await shot('04', 'listed');

    const prompts = await api<{ prompts: { id: number; apiKey: string }[] }>('GET', '/prompt', undefined, token);
    const saved = prompts.prompts[0]!;
    expect(saved.apiKey).toBe('••••••••WXYZ');
    await page.getByTestId(`prompt-edit-${saved.id}`).click();
    await page.getByTestId('prompt-dialog').waitFor();
    expect(await page.getByTestId('prompt-api-key').inputValue()).toBe('••••••••WXYZ');
    expect(await page.content()).not.toContain(KEY);
    await page.getByTestId('prompt-name').fill('Assistente de vendas');
    await shot('05', 'edit-masked-key');
    await page.getByTestId('prompt-save').click();
    await page.getByTestId('prompt-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('prompts-table').locator('tr', { hasText: 'Assistente de vendas' }).waitFor();
    // the masked key sent back kept the stored one
    expect((await api<{ apiKey: string }>('GET', `/prompt/${saved.id}`, undefined, token)).apiKey).toBe('••••••••WXYZ');

    await page.goto(`${baseUrl()}/connections`);
    await page.getByTestId(`connection-edit-${connectionId}`).click();
    await page.locator('#connection-tab-integrations').click();
    await page.getByTestId('connection-prompt').click();
    await page.locator('.p-dropdown-item', { hasText: 'Assistente de vendas' }).click();
    await shot('06', 'connection-prompt');
    await page.getByTestId('connection-save').click();
    await expect
      .poll(async () => (await api<{ promptId: number | null }>('GET', `/whatsapp/${connectionId}`, undefined, token)).promptId)
      .toBe(saved.id);
    expect(pageErrors).toEqual([]);
  });
});
