import { describe, expect, it } from 'vitest';
import {
  contactBodyOf,
  contactChanges,
  contactFormOf,
  emptyContactForm,
  hasContactErrors,
  serverFieldErrors,
  validateContactForm,
} from './contact-form.ts';

const form = (overrides: Partial<ReturnType<typeof emptyContactForm>> = {}) => ({
  ...emptyContactForm(),
  name: 'Maria Silva',
  number: '5511999887766',
  ...overrides,
});

describe('contact dialog validation', () => {
  it('accepts a name, a number and no e-mail', () => {
    expect(validateContactForm(form())).toEqual({});
  });

  it("requires the name and the number ('Required')", () => {
    expect(validateContactForm(form({ name: '  ', number: '' }))).toEqual({
      name: 'validation.requiredEn',
      number: 'validation.requiredEn',
    });
  });

  it('keeps the name between 2 and 250 characters', () => {
    expect(validateContactForm(form({ name: 'A' })).name).toBe('validation.tooShort');
    expect(validateContactForm(form({ name: 'A'.repeat(250) })).name).toBeUndefined();
    expect(validateContactForm(form({ name: 'A'.repeat(251) })).name).toBe('validation.tooLong');
  });

  it('keeps the number between 8 and 50 characters', () => {
    expect(validateContactForm(form({ number: '1234567' })).number).toBe('validation.tooShort');
    expect(validateContactForm(form({ number: '12345678' })).number).toBeUndefined();
    expect(validateContactForm(form({ number: '1'.repeat(51) })).number).toBe('validation.tooLong');
  });

  it("checks the e-mail only when one is typed ('Invalid email')", () => {
    expect(validateContactForm(form({ email: 'maria@' })).email).toBe('validation.invalidEmail');
    expect(validateContactForm(form({ email: 'maria@example.com' })).email).toBeUndefined();
  });

  it('asks a name for an extra-info row that has a value, and ignores an empty row', () => {
    const errors = validateContactForm(
      form({
        extraInfo: [
          { key: 'a', name: '', value: 'VIP' },
          { key: 'b', name: '', value: '' },
        ],
      }),
    );
    expect(errors.extraInfo).toEqual({ a: { name: 'validation.requiredEn' } });
    expect(hasContactErrors(errors)).toBe(true);
  });
});

describe('contact dialog values', () => {
  it('starts an edit from the contact, keeping the ids of its extra-info rows', () => {
    const values = contactFormOf({ name: 'Ana', number: '551188', email: '', extraInfo: [{ id: 3, name: 'CPF', value: '123' }] });
    expect(values.extraInfo).toEqual([{ key: 'id-3', id: 3, name: 'CPF', value: '123' }]);
  });

  it('sends trimmed texts and drops empty extra-info rows', () => {
    const body = contactBodyOf(
      form({
        name: ' Maria ',
        email: ' m@example.com ',
        extraInfo: [
          { key: 'id-3', id: 3, name: ' CPF ', value: '123' },
          { key: 'new', name: '', value: '' },
        ],
      }),
    );
    expect(body).toEqual({
      name: 'Maria',
      number: '5511999887766',
      email: 'm@example.com',
      extraInfo: [{ id: 3, name: 'CPF', value: '123' }],
    });
  });

  it("puts a server validation answer's messages under the dialog's fields", () => {
    expect(serverFieldErrors({ error: 'ERR_VALIDATION', fields: [{ path: 'body.number', message: 'Too Short!' }] })).toEqual({
      number: 'validation.tooShort',
    });
  });
});

describe('contact edits', () => {
  const original = { name: 'Ana', number: '55119******66', email: '', extraInfo: [{ id: 3, name: 'CPF', value: '123' }] };

  it('sends only the fields that changed, never a masked number left as it was', () => {
    const values = { ...contactFormOf(original), name: 'Ana Paula' };
    expect(contactChanges(original, values)).toEqual({ name: 'Ana Paula' });
  });

  it('sends the extra-info rows whole when one of them changed', () => {
    const values = contactFormOf(original);
    values.extraInfo.push({ key: 'new', name: 'Plano', value: 'Ouro' });
    expect(contactChanges(original, values)).toEqual({
      extraInfo: [
        { id: 3, name: 'CPF', value: '123' },
        { name: 'Plano', value: 'Ouro' },
      ],
    });
  });

  it('has nothing to send when nothing changed', () => {
    expect(contactChanges(original, contactFormOf(original))).toBeUndefined();
  });
});
