import { z } from 'zod';
import { user, type User } from './auth.ts';
import { cursorPageNumber, enabledDisabled, idParam, newPassword } from './common.ts';
import { userFlagNames } from '../permissions.ts';
import { uploadBody } from './uploads.ts';

export const userIdParams = z.object({ id: idParam });

/** HH:MM, 00:00 to 23:59 (the dialog's time inputs step by 10 minutes, the server takes any minute). */
export const workTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time');

const name = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!');
const email = z.string({ error: 'Required' }).trim().toLowerCase().email('Invalid email').max(254);

/**
 * Spec document 2 section 6 ('user-modal:editProfile' and 'user-modal:editQueues'): the fields only an admin may
 * set, on anyone including themselves. The server refuses them from anyone else.
 */
export const adminOnlyUserFields = [
  'profile',
  'startWork',
  'endWork',
  'whatsappId',
  'queueIds',
  'allTicket',
  'allowGroup',
  ...userFlagNames,
  'maxOpenTickets',
] as const;

/** The highest per-agent limit of open tickets the dialog accepts. */
export const MAX_OPEN_TICKETS_LIMIT = 500;
export type AdminOnlyUserField = (typeof adminOnlyUserFields)[number];

/** Spec document 1 section 5: what a new user gets besides a name, e-mail and password (the server and the user dialog). */
export const newUserDefaults = {
  profile: 'user',
  super: false,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  maxOpenTickets: 0,
  queueIds: [],
  whatsappId: null,
  profileImage: null,
  online: false,
  defaultTicketsManagerWidth: 550,
} as const satisfies Partial<User>;

/** Every field of the user dialog (spec document 2 section 3), all optional. */
const userFields = {
  name,
  email,
  password: newPassword,
  profile: z.enum(['admin', 'user']),
  startWork: workTime,
  endWork: workTime,
  farewellMessage: z.string().max(1000),
  whatsappId: z.number().int().positive().nullable(),
  queueIds: z.array(z.number().int().positive()).max(100),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  allHistoric: enabledDisabled,
  allUserChat: enabledDisabled,
  userClosePendingTicket: enabledDisabled,
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  /** the most tickets the user holds at once for rotation and wallets to hand them more (0: no limit) */
  maxOpenTickets: z.number().int().min(0, 'Mínimo 0').max(MAX_OPEN_TICKETS_LIMIT, `Máximo ${MAX_OPEN_TICKETS_LIMIT}`),
};

/**
 * PUT /users/{id}: any subset of the dialog's fields. The avatar menu's profile dialog sends name, password,
 * theme and menu; the users page sends the rest. Unknown fields (such as the client's companyId) are refused.
 */
export const updateUserBody = z
  .object(userFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** POST /users, spec document 2 section 5: form rules; the defaults of a new user apply to what is left out. */
export const createUserBody = z.object({
  ...z.object(userFields).partial().shape,
  name,
  email,
  password: z.string({ error: 'Required' }).pipe(newPassword),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** A user's picture is at most 5 MB (the dialog shows it small; larger files are refused before upload). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /users/{id}/media-upload: the file's name, type and size; the answer says where to PUT the bytes. */
export const userMediaBody = uploadBody({ style: 'setting', use: 'profileImage', maxBytes: PROFILE_IMAGE_MAX_BYTES });
export const userMediaResponse = z.object({ user, uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });

/** GET /users/list: every user of the company, for pickers (transfer, filters, queue members). */
export const userPickerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  profile: z.enum(['admin', 'user']),
  queueIds: z.array(z.number().int()),
});
export const userPickerResponse = z.array(userPickerItem);

/** Realtime `company-{id}-user` frames, sent to the company's agents when the users page changes a user. */
export type UserEvent = { action: 'create' | 'update'; user: z.infer<typeof user> } | { action: 'delete'; userId: number };

export const userSummary = z.object({ id: z.number().int(), name: z.string() });
export type UserSummary = z.infer<typeof userSummary>;

export const userListQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).optional(),
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
});
export const userListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  online: z.boolean(),
  queueIds: z.array(z.number().int()),
});
export const toggleWidthBody = z.object({ defaultTicketsManagerWidth: z.number().int().min(404).max(700) });
export const toggleWidthParams = z.object({ userId: idParam });
