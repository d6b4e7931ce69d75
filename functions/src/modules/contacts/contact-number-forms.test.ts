import { describe, expect, it } from 'vitest';
import { givenPhone } from '@switchboard/shared/contracts/contacts';
import { searchTokens } from './contact.entity.ts';
import { brazilianNumberForms } from './contact-identity.service.ts';

describe('the forms of a Brazilian number', () => {
  it('gives a mobile number with and without the country code and the ninth digit', () => {
    expect(brazilianNumberForms('5531987654321').sort()).toEqual(['31987654321', '3187654321', '553187654321'].sort());
    expect(brazilianNumberForms('3187654321').sort()).toEqual(['31987654321', '5531987654321', '553187654321'].sort());
  });

  it('gives a landline only with and without the country code (it never had a ninth digit)', () => {
    expect(brazilianNumberForms('551133334444')).toEqual(['1133334444']);
  });

  it('gives no other form for numbers that cannot be Brazilian ones', () => {
    expect(brazilianNumberForms('351912345678')).toEqual([]);
    expect(brazilianNumberForms('5501987654321')).toEqual([]);
    expect(brazilianNumberForms('12345')).toEqual([]);
  });
});

describe("a contact's phone besides its identity", () => {
  const info = [{ name: 'Phone', value: '+55 (31) 98765-4321' }];

  it("is a web chat visitor's phone, searchable by its digits with and without country and area code", () => {
    const phone = givenPhone({ channel: 'webchat', extraInfo: info });
    expect(phone).toBe('+55 (31) 98765-4321');
    expect(searchTokens('marta', '01JAAAAAAAAAAAAAAAAAAAAAAA', '', phone)).toEqual([
      'marta',
      '5531987654321',
      '31987654321',
      '987654321',
    ]);
  });

  it('is not read for a phone channel, whose contacts are their number already', () => {
    expect(givenPhone({ channel: 'whatsapp', extraInfo: info })).toBeUndefined();
    expect(givenPhone({ channel: 'webchat', extraInfo: [{ name: 'cpf', value: '12345678900' }] })).toBeUndefined();
  });
});
