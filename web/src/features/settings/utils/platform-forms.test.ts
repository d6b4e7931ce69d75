import { describe, expect, it } from 'vitest';
import {
  emptyCompanyForm,
  emptyPlanForm,
  nextDueDate,
  parseCompanyForm,
  parseHelpForm,
  parsePlanForm,
  rowClassOf,
  serverErrorsOf,
} from './platform-forms.ts';

const now = new Date('2026-03-10T15:00:00.000Z');

describe('the plan form', () => {
  it('sends every flag and limit, the value with 2 decimals', () => {
    const form = {
      ...emptyPlanForm(),
      name: 'Plano Ouro',
      users: '10',
      amount: '99,9',
      flags: { ...emptyPlanForm().flags, useKanban: true },
    };
    const parsed = parsePlanForm(form);
    expect(parsed).toEqual({
      body: expect.objectContaining({
        name: 'Plano Ouro',
        users: 10,
        connections: 3,
        queues: 3,
        amount: '99.90',
        useKanban: true,
        useWhatsapp: true,
        useOpenAi: false,
      }),
    });
  });

  it('names the fields that are wrong', () => {
    const parsed = parsePlanForm({ ...emptyPlanForm(), name: 'x', users: '-2', amount: 'abc' });
    expect(parsed).toEqual({
      errors: expect.objectContaining({ name: 'Too Short!', amount: 'Invalid value', users: expect.any(String) }),
    });
  });
});

describe('the company form', () => {
  it("starts with a due date a month ahead, and requires name ('Nombre requerido'), e-mail and plan", () => {
    const form = emptyCompanyForm(now);
    expect(form.dueDate).toBe('2026-04-10');
    expect(parseCompanyForm(form, true)).toEqual({
      errors: { name: 'Nombre requerido', email: 'Invalid email', planId: 'Required' },
    });
  });

  it('sends the due day at noon UTC and no password when none is typed (the admin is mailed a link to choose one)', () => {
    const parsed = parseCompanyForm({ ...emptyCompanyForm(now), name: 'Acme', email: 'a@b.co', planId: 2 }, true);
    expect(parsed).toEqual({
      create: expect.objectContaining({
        name: 'Acme',
        email: 'a@b.co',
        planId: 2,
        dueDate: '2026-04-10T12:00:00.000Z',
        recurrence: 'MENSAL',
      }),
    });
    expect('create' in parsed && 'password' in parsed.create).toBe(false);
  });

  it('refuses a typed password shorter than 8 characters, in the words of the dictionaries', () => {
    const form = { ...emptyCompanyForm(now), name: 'Acme', email: 'a@b.co', planId: 2 };
    expect(parseCompanyForm({ ...form, password: '123456' }, true)).toEqual({
      errors: { password: 'validation.passwordTooShort' },
    });
    expect(parseCompanyForm({ ...form, password: 'acme-pass-1' }, true)).toEqual({
      create: expect.objectContaining({ password: 'acme-pass-1' }),
    });
  });

  it('advances the due date by the recurrence: 1, 2, 3, 6 or 12 months, keeping the month end', () => {
    const due = '2026-01-31T12:00:00.000Z';
    expect(nextDueDate({ dueDate: due, recurrence: 'MENSAL' })).toBe('2026-02-28T12:00:00.000Z');
    expect(nextDueDate({ dueDate: due, recurrence: 'BIMESTRAL' })).toBe('2026-03-31T12:00:00.000Z');
    expect(nextDueDate({ dueDate: due, recurrence: 'TRIMESTRAL' })).toBe('2026-04-30T12:00:00.000Z');
    expect(nextDueDate({ dueDate: due, recurrence: 'SEMESTRAL' })).toBe('2026-07-31T12:00:00.000Z');
    expect(nextDueDate({ dueDate: due, recurrence: 'ANUAL' })).toBe('2027-01-31T12:00:00.000Z');
  });

  it('colours the row red when due today or past, yellow 1 to 5 days before, and leaves it plain further out', () => {
    expect(rowClassOf({ id: 2, dueDate: '2026-03-09T23:00:00.000Z' }, now)).toBe('company-row--expired');
    expect(rowClassOf({ id: 2, dueDate: '2026-03-10T01:00:00.000Z' }, now)).toBe('company-row--expired');
    expect(rowClassOf({ id: 2, dueDate: '2026-03-11T01:00:00.000Z' }, now)).toBe('company-row--soon');
    expect(rowClassOf({ id: 2, dueDate: '2026-03-15T23:00:00.000Z' }, now)).toBe('company-row--soon');
    expect(rowClassOf({ id: 2, dueDate: '2026-03-16T00:00:00.000Z' }, now)).toBeUndefined();
  });

  it('reads the fields a 400 names', () => {
    expect(serverErrorsOf([{ path: 'body.planId', message: 'Unknown plan' }])).toEqual({ planId: 'Unknown plan' });
  });
});

describe('the help form', () => {
  it('requires a title and a video code', () => {
    expect(parseHelpForm({ title: '', video: 'a b', description: '' })).toEqual({
      errors: { title: 'Required', video: 'Invalid video code' },
    });
    expect(parseHelpForm({ title: 'Começo', video: 'dQw4w9WgXcQ', description: '' })).toEqual({
      body: { title: 'Começo', video: 'dQw4w9WgXcQ', description: '' },
    });
  });
});
