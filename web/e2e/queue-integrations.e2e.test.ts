/**
 * Integrations in a real browser: an admin adds a webhook integration on /queue-integration (first without a URL:
 * 'Required'), edits it, attaches it to the web chat in the connection's Integrations tab, then deletes it and the
 * connection lets go of it. Screenshots under test-results/queue-integrations-<nn>-<step>.png at 1440 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchChromium, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const PASSWORD = 'integra-pass-12345';
const ADMIN = { name: 'Ivo Admin', email: `ivo-${run}@example.com` };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let connectionId = 0;
const pageErrors: string[] = [];

const shot = (nn: string, step: string) => screenshot(page, `queue-integrations-${nn}-${step}`);

beforeAll(async () => {
  await signUpCompany({ name: ADMIN.name, email: ADMIN.email, password: PASSWORD }, `Loja Integra ${run}`);
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

describe('integrations page', () => {
  it('adds a webhook integration, refusing it without a URL, edits it, attaches it to a connection and deletes it', async () => {
    await page.goto(`${baseUrl()}/queue-integration`);
    await page.getByTestId('queue-integrations-table').waitFor();
    await shot('01', 'empty');

    await page.getByTestId('queue-integrations-add').click();
    await page.getByTestId('queue-integration-dialog').waitFor();
    await page.getByTestId('queue-integration-name').fill('Webhook da loja');
    await page.getByTestId('queue-integration-save').click();
    await expect.poll(() => page.getByTestId('queue-integration-dialog').getByText('Required').count()).toBe(1);
    await shot('02', 'url-required');

    await page.getByTestId('queue-integration-url').fill('https://hooks.example.com/loja');
    await page.getByTestId('queue-integration-save').click();
    await page.getByTestId('queue-integration-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('queue-integrations-table').locator('tr', { hasText: 'Webhook da loja' });
    await row.waitFor();
    await shot('03', 'listed');

    const listed = await api<{ queueIntegrations: { id: number; name: string; projectName: string }[] }>(
      'GET',
      '/queueIntegration',
      undefined,
      token,
    );
    const saved = listed.queueIntegrations[0]!;
    expect(saved.projectName).toBe('Webhook da loja');
    await page.getByTestId(`queue-integration-edit-${saved.id}`).click();
    await page.getByTestId('queue-integration-dialog').waitFor();
    expect(await page.getByTestId('queue-integration-url').inputValue()).toBe('https://hooks.example.com/loja');
    await page.getByTestId('queue-integration-name').fill('Webhook de vendas');
    await shot('04', 'edit');
    await page.getByTestId('queue-integration-save').click();
    await page.getByTestId('queue-integration-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('queue-integrations-table').locator('tr', { hasText: 'Webhook de vendas' }).waitFor();

    await page.goto(`${baseUrl()}/connections`);
    await page.getByTestId(`connection-edit-${connectionId}`).click();
    await page.locator('#connection-tab-integrations').click();
    await page.getByTestId('connection-integration').click();
    await page.locator('.p-dropdown-item', { hasText: 'Webhook de vendas' }).click();
    await shot('05', 'connection-integration');
    await page.getByTestId('connection-save').click();
    await expect
      .poll(
        async () =>
          (await api<{ integrationId: number | null }>('GET', `/whatsapp/${connectionId}`, undefined, token)).integrationId,
      )
      .toBe(saved.id);

    await page.goto(`${baseUrl()}/queue-integration`);
    await page.getByTestId(`queue-integration-delete-${saved.id}`).click();
    await page.getByTestId('queue-integration-delete-dialog').waitFor();
    await shot('06', 'delete-confirm');
    await page.getByTestId('queue-integration-delete-dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect
      .poll(() => page.getByTestId('queue-integrations-table').locator('tr', { hasText: 'Webhook de vendas' }).count())
      .toBe(0);
    await shot('07', 'deleted');
    expect(
      (await api<{ integrationId: number | null }>('GET', `/whatsapp/${connectionId}`, undefined, token)).integrationId,
    ).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
