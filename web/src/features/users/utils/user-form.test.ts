import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test-fixtures.ts';
import { createBodyOf, emptyUserForm, updateBodyOf, userFormOf, validateUserForm } from './user-form.ts';

describe('the user form', () => {
  it('starts a new user with the defaults of spec document 2 section 5', () => {
    expect(emptyUserForm()).toMatchObject({
      profile: 'user',
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'disable',
      allowGroup: false,
      defaultTheme: 'light',
      defaultMenu: 'open',
      allHistoric: 'disabled',
      allUserChat: 'disabled',
      showDashboard: 'disabled',
      allowRealTime: 'disabled',
      allowConnections: 'disabled',
      userClosePendingTicket: 'enabled',
      queueIds: [],
      whatsappId: null,
    });
  });

  it('answers the messages of section 5 for a short name, a bad e-mail and a missing password', () => {
    const errors = validateUserForm({ ...emptyUserForm(), name: 'A', email: 'nope' }, true);
    expect(errors).toEqual({ name: 'validation.tooShort', email: 'validation.invalidEmail', password: 'validation.requiredEn' });
    expect(validateUserForm({ ...emptyUserForm(), name: 'x'.repeat(51), email: 'a@b.co', password: 'short' }, true)).toEqual({
      name: 'validation.tooLong',
      password: 'validation.passwordTooShort',
    });
    expect(validateUserForm({ ...emptyUserForm(), name: '', email: '', password: 'pass-12345' }, true)).toEqual({
      name: 'validation.requiredEn',
      email: 'validation.requiredEn',
    });
  });

  it('leaves the password optional when editing, and checks the hours', () => {
    const values = { ...userFormOf(makeUser()), startWork: '24:00' };
    expect(validateUserForm(values, false)).toEqual({ startWork: 'users.dialog.invalidTime' });
    expect(validateUserForm(userFormOf(makeUser()), false)).toEqual({});
  });

  it('sends every field on create, with the e-mail trimmed and lowercased', () => {
    const body = createBodyOf({
      ...emptyUserForm(),
      name: ' Bia ',
      email: ' BIA@Example.com ',
      password: 'pass-12345',
      queueIds: [2, 3],
    });
    expect(body).toMatchObject({
      name: 'Bia',
      email: 'bia@example.com',
      password: 'pass-12345',
      queueIds: [2, 3],
      userClosePendingTicket: 'enabled',
      startWork: '00:00',
    });
  });

  it('sends only what changed on edit, the password only when typed', () => {
    const user = makeUser({ queueIds: [1, 2] });
    expect(updateBodyOf(user, userFormOf(user), true)).toBeUndefined();
    expect(updateBodyOf(user, { ...userFormOf(user), queueIds: [2, 1] }, true)).toBeUndefined();
    expect(
      updateBodyOf(
        user,
        { ...userFormOf(user), name: 'Ana Lima', queueIds: [1], showDashboard: 'enabled', password: 'new-pass-1' },
        true,
      ),
    ).toEqual({
      name: 'Ana Lima',
      queueIds: [1],
      showDashboard: 'enabled',
      password: 'new-pass-1',
    });
  });

  it('leaves out the admin-only fields for a caller without user-modal:editProfile', () => {
    const user = makeUser({ profile: 'user' });
    const changed = {
      ...userFormOf(user),
      name: 'Outro Nome',
      profile: 'admin' as const,
      queueIds: [9],
      allowConnections: 'enabled' as const,
      startWork: '08:00',
    };
    expect(updateBodyOf(user, changed, false)).toEqual({ name: 'Outro Nome' });
  });
});
