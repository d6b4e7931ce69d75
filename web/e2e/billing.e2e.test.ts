/**
 * Invoices and the Pix checkout end to end, against the product as `npm start` runs it with its fake Pix provider:
 * a company on a plan with a 3-day trial (both made through the API) gets its first invoice at once; its admin sees
 * the expiry warning on signing in, pays the invoice through the checkout, the payment is made at the fake provider
 * (as a bank app would), and the due date moves live before the app sends them to / after 4 s.
 * Screenshots under test-results/billing-*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { adminEmail, adminPassword, api, baseUrl, openDesktopPage, screenshot } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `pix.${run}@example.com`, password: 'pix-password-1' };
const DAY = 86_400_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let dueDate = '';

/** a test id's text with the no-break spaces of formatted money as plain spaces */
const textOf = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').replace(/\s/g, ' ');
const shot = (name: string) => screenshot(page, `billing-${name}`, { waitMs: 0 });
const ddmmyyyy = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

beforeAll(async () => {
  const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
  const plan = await api<{ id: number }>(
    'POST',
    '/plans',
    { name: `Plano Pix ${run}`, users: 5, connections: 3, queues: 5, amount: '79.90', trialDays: 3, isPublic: true },
    root.token,
  );
  await api('POST', '/auth/signup', {
    name: 'Paula Pagadora',
    companyName: `Loja Pix ${run}`,
    email: OWNER.email,
    password: OWNER.password,
    phone: '5511999990000',
    planId: plan.id,
  });
  const session = await api<{ token: string; user: { company: { dueDate: string } } }>('POST', '/auth/login', OWNER);
  dueDate = session.user.company.dueDate;
  // the first invoice is made by a job as the company is created (its trial ends within 5 days)
  for (let i = 0; i < 50; i++) {
    const list = await api<{ invoices: unknown[] }>('GET', '/invoices', undefined, session.token);
    if (list.invoices.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ({ browser, context, page } = await openDesktopPage(pageErrors));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('paying the subscription with Pix', () => {
  it('warns of the expiry, pays the invoice at the fake provider, moves the due date live and goes to / after 4 s', async () => {
    await page.goto(`${baseUrl()}/login`);
    await page.fill('#login-email', OWNER.email);
    await page.fill('#login-password', OWNER.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tickets');
    const warning = page.locator('.p-toast-message').filter({ hasText: 'Sua assinatura vence em' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(ddmmyyyy(dueDate));
    await expect.poll(() => page.getByTestId('due-date').textContent()).toContain(ddmmyyyy(dueDate));
    await shot('1-warning');

    await page.goto(`${baseUrl()}/financeiro`);
    await page.getByTestId('invoice-pay-1').waitFor();
    expect(await textOf('invoices-table')).toContain('R$ 79,90');
    await shot('2-invoices');
    await page.getByTestId('invoice-pay-1').click();
    await page.getByTestId('checkout-steps').waitFor();
    expect(await page.locator('[aria-current=step]').textContent()).toContain('Personalizar');
    await page.locator('label[for=checkout-plan-custom]').click();
    await page.fill('#checkout-users', '5');
    await page.fill('#checkout-connections', '4');
    await expect.poll(() => textOf('checkout-price')).toContain('R$ 91,00');
    await shot('3-customize');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-review').waitFor();
    await page.getByTestId('checkout-submit').click();
    // the document is required: the wizard goes back to Dados with the spec's message
    await page.getByText('El código postal es obligatorio').waitFor();
    await shot('4-dados-required');
    await page.fill('#checkout-zipcode', '12345678909');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/subscription') && r.request().method() === 'POST');
    await page.getByTestId('checkout-submit').click();
    const pix = (await (await answer).json()) as { txid: string; valor: { original: string } };
    expect(pix.valor.original).toBe('91.00');
    await page.getByTestId('checkout-pix').waitFor();
    expect(await textOf('checkout-pix-value')).toContain('R$ 91,00');
    await page.getByTestId('checkout-copy').click();
    await expect.poll(() => page.getByTestId('checkout-copy').textContent()).toContain('Copiado');
    await shot('5-pix');

    // the customer pays in their bank's app: here, at the fake provider the product runs
    const fake = JSON.parse(readFileSync(join(inject('dataDir'), 'fake-pix.json'), 'utf8')) as { url: string; paySecret: string };
    const paid = await fetch(`${fake.url}/fake/cob/${pix.txid}/pay`, {
      method: 'POST',
      headers: { 'x-fake-pix-secret': fake.paySecret },
    });
    expect(paid.status).toBe(200);
    const moved = new Date(new Date(dueDate).getTime() + 30 * DAY).toISOString();
    const confirmed = page.locator('.p-toast-message').filter({ hasText: 'Pagamento confirmado!' });
    await confirmed.waitFor();
    const toastAt = Date.now();
    expect(await confirmed.textContent()).toContain(ddmmyyyy(moved));
    await expect.poll(() => page.getByTestId('due-date').textContent()).toContain(ddmmyyyy(moved));
    await expect.poll(() => page.getByTestId('invoice-status-1').textContent()).toBe('Pago');
    await expect.poll(() => textOf('checkout-pix-status')).toContain(ddmmyyyy(moved));
    await shot('6-paid');

    await page.waitForURL((url) => !url.pathname.startsWith('/financeiro'), { timeout: 10_000 });
    const waited = Date.now() - toastAt;
    expect(waited).toBeGreaterThanOrEqual(3_500);
    expect(new URL(page.url()).pathname).toMatch(/^\/(tickets)?$/);
    await shot('7-home');
    expect(pageErrors).toEqual([]);
  });
});
