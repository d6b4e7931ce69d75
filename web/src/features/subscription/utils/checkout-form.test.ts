import { describe, expect, it } from 'vitest';
import {
  checkoutBody,
  checkoutPrice,
  clampConnections,
  clampUsers,
  formatBrl,
  initialCheckout,
  validateCheckout,
} from './checkout-form.ts';

const invoice = { id: 4, users: 2, connections: 1, detail: 'Plano Ouro' };
const plan = { id: 9, name: 'Plano Ouro', value: '99.90' };

describe('checkout form', () => {
  it('enforces only the name and the document, with the texts of the spec', () => {
    expect(validateCheckout({ firstName: ' ', zipcode: '' })).toEqual({
      firstName: 'Nombre completo obligatorio',
      zipcode: 'El código postal es obligatorio',
    });
    expect(validateCheckout({ firstName: 'Ana', zipcode: '123' })).toEqual({});
  });

  it('starts a custom plan at 3 users and 3 connections and never goes under them', () => {
    const values = initialCheckout('Ana', invoice, 'Plano personalizado');
    expect(values).toMatchObject({ firstName: 'Ana', planKind: 'company', users: 3, connections: 3 });
    expect(clampUsers(2)).toBe(3);
    expect(clampConnections(-1)).toBe(3);
    expect(clampUsers(7)).toBe(7);
  });

  it("prices the company's plan at its value and a custom plan at 49 plus 11 a user and 20 a connection", () => {
    const values = initialCheckout('Ana', invoice, 'Plano personalizado');
    expect(checkoutPrice(values, plan.value)).toBe(99.9);
    expect(checkoutPrice({ ...values, planKind: 'custom', users: 5, connections: 4 }, plan.value)).toBe(91);
    // decrementing reverses
    expect(checkoutPrice({ ...values, planKind: 'custom', users: 4, connections: 3 }, plan.value)).toBe(60);
  });

  it('sends the plan as JSON text with the invoice id', () => {
    const values = {
      ...initialCheckout('Ana', invoice, 'Plano personalizado'),
      zipcode: '123',
      planKind: 'custom' as const,
      users: 4,
    };
    const body = checkoutBody(values, invoice, plan, 'Plano personalizado');
    expect(JSON.parse(body.plan)).toEqual({ planId: 'custom', title: 'Plano personalizado' });
    expect(body).toMatchObject({ firstName: 'Ana', zipcode: '123', users: 4, connections: 3, invoiceId: 4, price: 60 });
    expect(JSON.parse(checkoutBody({ ...values, planKind: 'company' }, invoice, plan, 'x').plan)).toEqual({
      planId: 9,
      title: 'Plano Ouro',
    });
  });

  it('shows money in reais with 2 decimals', () => {
    expect(formatBrl('91.00').replace(/\s/g, ' ')).toBe('R$ 91,00');
  });
});
