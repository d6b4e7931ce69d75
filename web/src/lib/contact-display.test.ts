import { describe, expect, it } from 'vitest';
import { contactPhone, contactReference } from './contact-display.ts';

describe('contactReference', () => {
  it('is the number on phone channels', () => {
    expect(contactReference({ channel: 'whatsapp', number: '5511987654321', email: 'a@b.co' })).toBe('5511987654321');
  });

  it("is a web chat visitor's e-mail, else the phone they gave, never the generated visitor id", () => {
    expect(contactReference({ channel: 'webchat', number: 'v-01jabc', email: 'ana@example.com' })).toBe('ana@example.com');
    expect(
      contactReference({
        channel: 'webchat',
        number: 'v-01jabc',
        email: '',
        extraInfo: [{ name: 'phone', value: '+55 11 98765-4321' }],
      }),
    ).toBe('+55 11 98765-4321');
    expect(contactReference({ channel: 'webchat', number: 'v-01jabc', email: '' })).toBe('');
  });
});

describe('contactPhone', () => {
  it('is the number on phone channels and the phone a web chat visitor gave, never their e-mail or visitor id', () => {
    expect(contactPhone({ channel: 'instagram', number: '17841400000', email: 'a@b.co' })).toBe('17841400000');
    expect(
      contactPhone({
        channel: 'webchat',
        number: 'v-01jabc',
        email: 'ana@example.com',
        extraInfo: [{ name: 'phone', value: '+55 11 98765-4321' }],
      }),
    ).toBe('+55 11 98765-4321');
    expect(contactPhone({ channel: 'webchat', number: 'v-01jabc', email: 'ana@example.com' })).toBe('');
  });
});
