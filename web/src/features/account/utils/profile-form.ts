import type { User } from '@switchboard/shared/contracts/auth';
import { PASSWORD_TOO_SHORT } from '@switchboard/shared/contracts/common';
import { updateUserBody } from '@switchboard/shared/contracts/users';
import type { UpdateUserInput } from '../api/update-user.ts';

/** The Profile dialog's values: the name, an optional new password, and the theme and menu defaults. */
export interface ProfileValues {
  name: string;
  password: string;
  confirmation: string;
  defaultTheme: User['defaultTheme'];
  defaultMenu: User['defaultMenu'];
}

export type ProfileErrors = Partial<Record<'name' | 'password' | 'confirmation', string>>;

const messageKeys: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  [PASSWORD_TOO_SHORT]: 'validation.passwordTooShort',
};

export const profileValuesOf = (user: User): ProfileValues => ({
  name: user.name,
  password: '',
  confirmation: '',
  defaultTheme: user.defaultTheme,
  defaultMenu: user.defaultMenu,
});

/** Name required (2 to 50); a new password, when typed, 8 to 50 characters and confirmed. */
export const validateProfile = (v: ProfileValues): ProfileErrors => {
  const errors: ProfileErrors = {};
  if (v.name.trim() === '') errors.name = 'validation.required';
  else {
    const r = updateUserBody.shape.name.safeParse(v.name);
    if (!r.success) errors.name = messageKeys[r.error.issues[0]?.message ?? ''] ?? 'validation.tooShort';
  }
  if (v.password !== '') {
    const r = updateUserBody.shape.password.safeParse(v.password);
    if (!r.success) errors.password = messageKeys[r.error.issues[0]?.message ?? ''] ?? 'validation.tooShort';
    if (v.confirmation !== v.password) errors.confirmation = 'validation.passwordsMismatch';
  }
  return errors;
};

/** Only what changed, so an untouched field is never rewritten; undefined when nothing changed. */
export const profileChanges = (user: User, v: ProfileValues): UpdateUserInput | undefined => {
  const changes: NonNullable<UpdateUserInput> = {};
  if (v.name.trim() !== user.name) changes.name = v.name.trim();
  if (v.password !== '') changes.password = v.password;
  if (v.defaultTheme !== user.defaultTheme) changes.defaultTheme = v.defaultTheme;
  if (v.defaultMenu !== user.defaultMenu) changes.defaultMenu = v.defaultMenu;
  return Object.keys(changes).length > 0 ? changes : undefined;
};
