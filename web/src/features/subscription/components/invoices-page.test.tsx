import type { Invoice } from '@switchboard/shared/contracts/invoices';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, renderSignedIn, sessionRoutes } from '../../../test-app.tsx';

/** /financeiro and /subscription as the app renders them against a fake API: the list, the checkout and who may see them. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');
vi.setConfig({ testTimeout: 30_000 });

// the pages and their texts load lazily: loaded once here, each test waits for what it is about, not for the bundler
beforeAll(async () => {
  const [{ loadSections }, { lazySections }] = await Promise.all([
    import('../../../lib/i18n.ts'),
    import('../../../i18n/lazy-sections.ts'),
  ]);
  await Promise.all([
    import('./invoices-page.tsx'),
    import('./subscription-page.tsx'),
    import('../../../layout/app-shell.tsx'),
    loadSections(lazySections),
  ]);
}, 60_000);

const invoiceOf = (id: number, overrides: Partial<Invoice> = {}): Invoice => ({
  id,
  detail: 'Pro',
  users: 10,
  connections: 3,
  queues: 5,
  value: '99.90',
  dueDate: '2026-03-10T12:00:00.000Z',
  status: 'open',
  linkInvoice: null,
  paidAt: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

const render = async (path: string, user = makeUser(), routes: Parameters<typeof fakeNetwork>[0] = {}) => {
  const calls = fakeNetwork({
    ...sessionRoutes(user, makePlan({ id: 1, name: 'Pro', amount: '99.90' })),
    'GET /api/invoices': () => ({
      status: 200,
      body: {
        invoices: [invoiceOf(2), invoiceOf(1, { status: 'paid', paidAt: '2026-02-09T12:00:00.000Z' })],
        hasMore: false,
        nextCursor: null,
      },
    }),
    ...routes,
  });
  const router = await renderSignedIn(page, path, user);
  return { calls, router };
};

const type = async (id: string, text: string) => {
  const input = byTestId(id) as HTMLInputElement;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const click = async (id: string) => act(async () => byTestId(id)!.click());

describe('the invoices page', () => {
  it('lists the invoices with PAGO for a paid one and PAGAR for the others', async () => {
    await render('/financeiro');
    await until(() => byTestId('invoice-pay-2') !== null, 'the invoices');
    expect(byTestId('invoice-pay-2')!.textContent).toBe('PAGAR');
    expect(byTestId('invoice-paid-1')!.textContent).toBe('PAGO');
    expect(byTestId('invoices-table')!.textContent).toContain('R$');
    expect(byTestId('invoices-search')).not.toBeNull();
  });

  it('is hidden from a profile user', async () => {
    const { calls } = await render('/financeiro', makeUser({ profile: 'user' }));
    await until(() => document.body.textContent!.includes('Oops! Accesso denegado!'), 'the no-access view');
    expect(calls.some((c) => c.path === '/api/invoices')).toBe(false);
  });

  it('checks out on Personalizar, prices a custom plan, sends the missing document back to Dados, then shows the Pix code', async () => {
    const { calls } = await render('/financeiro', makeUser(), {
      'POST /api/subscription': () => ({
        status: 200,
        body: {
          txid: 'SBTX',
          qrcode: { qrcode: '00020101PIXCODE' },
          valor: { original: '91.00' },
          invoice: invoiceOf(2, { value: '91.00', detail: 'Plano personalizado' }),
        },
      }),
    });
    await until(() => byTestId('invoice-pay-2') !== null, 'the invoices');
    await click('invoice-pay-2');
    await until(() => byTestId('checkout-steps') !== null, 'the checkout');
    expect(document.querySelector('[aria-current=step]')!.textContent).toContain('Personalizar');
    expect(byTestId('checkout-steps')!.textContent).toMatch(/Dados.*Personalizar.*Revisar/);
    await until(() => byTestId('checkout-price')!.textContent!.includes('99,90'), "the company plan's price");
    await act(async () => document.getElementById('checkout-plan-custom')!.click());
    await until(() => byTestId('checkout-users') !== null, 'the custom plan fields');
    await type('checkout-users', '5');
    await type('checkout-connections', '4');
    expect(byTestId('checkout-price')!.textContent).toContain('91,00');
    // decrementing under 3 stays at 3
    await type('checkout-users', '1');
    expect((byTestId('checkout-users') as HTMLInputElement).value).toBe('3');
    await type('checkout-users', '5');
    await click('checkout-next');
    await until(() => byTestId('checkout-review') !== null, 'the review');
    expect(byTestId('checkout-review-price')!.textContent).toContain('91,00');
    await click('checkout-submit');
    await until(() => document.body.textContent!.includes('El código postal es obligatorio'), 'the document error on Dados');
    expect(document.querySelector('[aria-current=step]')!.textContent).toContain('Dados');
    expect(calls.some((c) => c.path === '/api/subscription')).toBe(false);
    await type('checkout-zipcode', '12345678909');
    await click('checkout-next');
    await click('checkout-next');
    await click('checkout-submit');
    await until(() => byTestId('checkout-pix') !== null, 'the Pix code');
    expect((byTestId('checkout-pix-code') as HTMLTextAreaElement).value).toBe('00020101PIXCODE');
    const sent = calls.find((c) => c.path === '/api/subscription')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ firstName: 'Ana Souza', zipcode: '12345678909', users: 5, connections: 4, invoiceId: 2 });
    expect(JSON.parse(sent.plan as string)).toMatchObject({ planId: 'custom' });
    expect(document.body.textContent).toContain('Suscripción realizada con éxito, a la espera de que se efectúe el pago.');
  });
});

describe('the subscription page', () => {
  it("shows 'Firma', 'Su licencia caduca hoy' on the last day, the billing e-mail and 'Inscríbete ahora'", async () => {
    const later = new Date();
    later.setHours(23, 59, 0, 0);
    await render(
      '/subscription',
      makeUser({ company: { id: 7, name: 'Acme Ltda', dueDate: later.toISOString(), status: true, planId: 1 } }),
    );
    await until(() => byTestId('subscription-license') !== null, 'the license');
    expect(document.querySelector('h1')!.textContent).toBe('Firma');
    expect(byTestId('subscription-license')!.textContent).toBe('Su licencia caduca hoy');
    expect(byTestId('subscription-email')!.textContent).toBe('ana@example.com');
    await until(() => !(byTestId('subscription-subscribe') as HTMLButtonElement).disabled, 'the open invoice');
    expect(byTestId('subscription-subscribe')!.textContent).toContain('Inscríbete ahora');
    await click('subscription-subscribe');
    await until(() => byTestId('checkout-dialog') !== null, 'the checkout');
  });
});
