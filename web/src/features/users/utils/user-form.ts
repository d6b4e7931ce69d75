import type { User } from '@switchboard/shared/contracts/auth';
import { PASSWORD_TOO_SHORT } from '@switchboard/shared/contracts/common';
import {
  adminOnlyUserFields,
  createUserBody,
  newUserDefaults,
  type CreateUserBody,
  type UpdateUserBody,
} from '@switchboard/shared/contracts/users';
import type { EnabledDisabled } from '@switchboard/shared/contracts/common';

/** The permission switches of the user dialog stored as 'enabled' | 'disabled', in the order the dialog shows them. */
export const permissionSwitches = [
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const;
export type PermissionSwitch = (typeof permissionSwitches)[number];

/** Spec document 2: the time inputs step by 600 seconds. */
export const WORK_TIME_STEP_SECONDS = 600;

/** Everything the user dialog edits. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: 'admin' | 'user';
  startWork: string;
  endWork: string;
  farewellMessage: string;
  whatsappId: number | null;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  allHistoric: EnabledDisabled;
  allUserChat: EnabledDisabled;
  userClosePendingTicket: EnabledDisabled;
  showDashboard: EnabledDisabled;
  allowRealTime: EnabledDisabled;
  allowConnections: EnabledDisabled;
  maxOpenTickets: number;
}

export type UserFormErrors = Partial<Record<'name' | 'email' | 'password' | 'startWork' | 'endWork', string>>;

/** Spec document 2 section 5: the defaults of a new user, as the server gives them. */
export const emptyUserForm = (): UserFormValues => {
  // the record's own defaults (super user, picture, presence, list width) are not the dialog's to edit or send
  const {
    super: _super,
    profileImage: _profileImage,
    online: _online,
    defaultTicketsManagerWidth: _width,
    queueIds,
    ...fields
  } = newUserDefaults;
  return { name: '', email: '', password: '', ...fields, queueIds: [...queueIds] };
};

/** A stored user in the dialog; the password stays empty (typed only to change it). */
export const userFormOf = (user: User): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  profile: user.profile,
  startWork: user.startWork,
  endWork: user.endWork,
  farewellMessage: user.farewellMessage,
  whatsappId: user.whatsappId,
  queueIds: [...user.queueIds],
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  defaultTheme: user.defaultTheme,
  defaultMenu: user.defaultMenu,
  allHistoric: user.allHistoric,
  allUserChat: user.allUserChat,
  userClosePendingTicket: user.userClosePendingTicket,
  showDashboard: user.showDashboard,
  allowRealTime: user.allowRealTime,
  maxOpenTickets: user.maxOpenTickets ?? 0,
  allowConnections: user.allowConnections,
});

const messageKeys: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid email': 'validation.invalidEmail',
  'Invalid time': 'users.dialog.invalidTime',
  [PASSWORD_TOO_SHORT]: 'validation.passwordTooShort',
};

const check = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : (messageKeys[r.error?.issues[0]?.message ?? ''] ?? 'validation.requiredEn');
};

/**
 * Spec document 2 section 5 with the contract's own rules: name 2 to 50, e-mail valid, password required for a new
 * user (and checked when typed on an edit), times HH:MM. Answers i18n keys.
 */
export const validateUserForm = (v: UserFormValues, isNew: boolean): UserFormErrors => {
  const errors: UserFormErrors = {};
  const shape = createUserBody.shape;
  errors.name = v.name.trim() === '' ? 'validation.requiredEn' : check(shape.name, v.name);
  errors.email = v.email.trim() === '' ? 'validation.requiredEn' : check(shape.email, v.email);
  if (v.password !== '' || isNew)
    errors.password = v.password === '' ? 'validation.requiredEn' : check(shape.password, v.password);
  errors.startWork = check(shape.startWork, v.startWork);
  errors.endWork = check(shape.endWork, v.endWork);
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined)) as UserFormErrors;
};

const adminOnly = new Set<string>(adminOnlyUserFields);

/** The body of POST /users: every field of the dialog. */
export const createBodyOf = (v: UserFormValues): CreateUserBody => ({
  ...v,
  name: v.name.trim(),
  email: v.email.trim().toLowerCase(),
});

/**
 * The body of PUT /users/{id}: only what changed, without the admin-only fields for a caller who may not set them
 * (the server refuses those); undefined when nothing changed.
 */
export const updateBodyOf = (before: User, v: UserFormValues, mayEditAdminFields: boolean): UpdateUserBody | undefined => {
  const now = createBodyOf(v);
  const was = userFormOf(before);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof UserFormValues)[]) {
    if (key === 'password') continue;
    if (!mayEditAdminFields && adminOnly.has(key)) continue;
    const a = now[key];
    const b = was[key];
    const same =
      Array.isArray(a) && Array.isArray(b)
        ? a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i])
        : a === b;
    if (!same) changes[key] = a;
  }
  if (v.password !== '') changes.password = v.password;
  return Object.keys(changes).length > 0 ? (changes as UpdateUserBody) : undefined;
};
