import { describe, expect, it } from 'vitest';
import { customPlanPrice, moneyText, subscriptionBody } from './invoices.ts';

describe('custom plan price', () => {
  it('is 49 for 3 users and 3 connections, 11 more per user and 20 more per connection above them', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
    expect(customPlanPrice(4, 3)).toBe(60);
    expect(customPlanPrice(3, 4)).toBe(69);
    expect(customPlanPrice(10, 5)).toBe(49 + 7 * 11 + 2 * 20);
    expect(moneyText(customPlanPrice(5, 4))).toBe('91.00');
  });

  it('never goes under the price of 3 of each', () => {
    expect(customPlanPrice(1, 0)).toBe(49);
  });
});

describe('subscription body', () => {
  it('reads the plan from its JSON text', () => {
    const parsed = subscriptionBody.parse({
      firstName: 'A',
      zipcode: '1',
      plan: '{"planId":"custom"}',
      users: 3,
      connections: 3,
      invoiceId: 1,
    });
    expect(parsed.plan).toEqual({ planId: 'custom' });
  });
});
