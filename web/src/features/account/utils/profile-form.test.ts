import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test-fixtures.ts';
import { profileChanges, profileValuesOf, validateProfile } from './profile-form.ts';

const user = makeUser({ name: 'Ana Souza', defaultTheme: 'light', defaultMenu: 'open' });

describe('profile form', () => {
  it('starts from the user with an empty password', () => {
    expect(profileValuesOf(user)).toEqual({
      name: 'Ana Souza',
      password: '',
      confirmation: '',
      defaultTheme: 'light',
      defaultMenu: 'open',
    });
  });

  it('sends only what changed', () => {
    expect(profileChanges(user, profileValuesOf(user))).toBeUndefined();
    expect(profileChanges(user, { ...profileValuesOf(user), name: ' Ana S. ', defaultTheme: 'dark' })).toEqual({
      name: 'Ana S.',
      defaultTheme: 'dark',
    });
    expect(profileChanges(user, { ...profileValuesOf(user), password: 'secret99', confirmation: 'secret99' })).toEqual({
      password: 'secret99',
    });
  });

  it('requires a name of 2..50 characters', () => {
    expect(validateProfile({ ...profileValuesOf(user), name: '' }).name).toBe('validation.required');
    expect(validateProfile({ ...profileValuesOf(user), name: 'A' }).name).toBe('validation.tooShort');
    expect(validateProfile({ ...profileValuesOf(user), name: 'A'.repeat(51) }).name).toBe('validation.tooLong');
  });

  it('checks a new password only when one is typed, and its confirmation', () => {
    expect(validateProfile(profileValuesOf(user))).toEqual({});
    expect(validateProfile({ ...profileValuesOf(user), password: '1234567', confirmation: '1234567' }).password).toBe(
      'validation.passwordTooShort',
    );
    expect(validateProfile({ ...profileValuesOf(user), password: 'secret1', confirmation: 'secret2' }).confirmation).toBe(
      'validation.passwordsMismatch',
    );
  });
});
