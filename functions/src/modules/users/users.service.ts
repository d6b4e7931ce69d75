import type { Company, User } from '@switchboard/shared/contracts/auth';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import type { UserRecord } from './user.entity.ts';
import { findQueues as findQueuesOf } from '../queues/queues.service.ts';
import { clearSession, getEmailMarker, getUser, insertUser, listUserRecords, replaceSession, updateUserFields, type UserPatch } from './users.repository.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';

export type { UserRecord } from './user.entity.ts';

/** Spec document 1 section 5: defaults of a new user. */
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
  queueIds: [],
  whatsappId: null,
  profileImage: null,
  online: false,
  defaultTicketsManagerWidth: 550,
} as const satisfies Partial<UserRecord>;

export interface NewUser {
  name: string;
  email: string;
  password: string;
  profile?: 'admin' | 'user';
  super?: boolean;
}

export const createUser = async (companyId: number, input: NewUser): Promise<UserRecord> => {
  const email = input.email.trim().toLowerCase();
  if (await getEmailMarker(email)) throw new AppError('ERR_DUPLICATED_EMAIL');
  const now = clock().now().toISOString();
  const record: UserRecord = {
    ...newUserDefaults,
    queueIds: [],
    id: await nextId(companyPk(companyId), 'user'),
    companyId,
    name: input.name.trim(),
    email,
    profile: input.profile ?? 'user',
    super: input.super ?? false,
    passwordHash: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  };
  await insertUser(record);
  return record;
};

export const toUser = (record: UserRecord, company: Company): User => {
  const { passwordHash: _p, sessionId: _s, createdAt: _c, updatedAt: _u, lastSeen: _l, ...user } = record;
  return { ...user, company };
};

export const findUserByEmail = async (email: string): Promise<UserRecord | undefined> => {
  const marker = await getEmailMarker(email.trim().toLowerCase());
  return marker ? getUser(marker.companyId, marker.userId) : undefined;
};

export const findUser = (companyId: number, userId: number): Promise<UserRecord | undefined> => getUser(companyId, userId);

/** A user of the caller's company; any other id answers 404. */
export const showUser = async (auth: AuthContext, userId: number): Promise<User> => {
  if (userId === auth.userId) return auth.user;
  const record = await getUser(auth.companyId, userId);
  if (!record) throw new AppError('ERR_NO_USER_FOUND');
  return toUser(record, auth.company);
};

export interface ProfilePatch {
  name?: string;
  password?: string;
  defaultTheme?: 'light' | 'dark';
  defaultMenu?: 'open' | 'closed';
}

/** Users edit their own profile; admins edit the profiles of their company's users. */
export const updateUser = async (auth: AuthContext, userId: number, patch: ProfilePatch): Promise<User> => {
  if (userId !== auth.userId) {
    const target = await getUser(auth.companyId, userId);
    if (!target) throw new AppError('ERR_NO_USER_FOUND');
    if (auth.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
  }
  const updated = await updateUserFields(auth.companyId, userId, {
    name: patch.name?.trim(),
    defaultTheme: patch.defaultTheme,
    defaultMenu: patch.defaultMenu,
    passwordHash: patch.password ? await hashPassword(patch.password) : undefined,
    updatedAt: clock().now().toISOString(),
  });
  return toUser(updated, auth.company);
};

export const setPassword = async (companyId: number, userId: number, password: string): Promise<void> => {
  await updateUserFields(companyId, userId, { passwordHash: await hashPassword(password), updatedAt: clock().now().toISOString() });
};

export const startSession = (companyId: number, userId: number, sessionId: string): Promise<string | undefined> =>
  replaceSession(companyId, userId, sessionId, clock().now().toISOString());

export const endSession = (companyId: number, userId: number, sessionId: string): Promise<void> =>
  clearSession(companyId, userId, sessionId, clock().now().toISOString());

export const markSeen = (companyId: number, userId: number): Promise<UserRecord> => {
  const now = clock().now().toISOString();
  return updateUserFields(companyId, userId, { online: true, lastSeen: now });
};

/** Users of the caller's company for pickers (transfer dialog, filters); the search text matches names. */
export const listUsers = async (auth: AuthContext, q: { searchParam?: string; cursor?: string }) => {
  const search = q.searchParam?.toLowerCase();
  const users: { id: number; name: string; email: string; profile: 'admin' | 'user'; online: boolean; queueIds: number[] }[] = [];
  let startKey = decodeCursor(q.cursor, isKeyRecord);
  let lastKey: Record<string, string> | undefined;
  // a search may skip most of a page, so read on until the page is full or the users end
  do {
    const page = await listUserRecords(auth.companyId, { limit: 50, startKey });
    for (const u of page.items) {
      if (!search || u.name.toLowerCase().includes(search) || u.email.includes(search)) {
        users.push({ id: u.id, name: u.name, email: u.email, profile: u.profile, online: u.online, queueIds: u.queueIds });
      }
    }
    lastKey = page.lastKey;
    startKey = lastKey;
  } while (lastKey && users.length < 50);
  return { users, hasMore: lastKey !== undefined, nextCursor: lastKey ? encodeCursor(lastKey) : null };
};

export const setTicketsPaneWidth = async (auth: AuthContext, userId: number, width: number): Promise<void> => {
  if (userId !== auth.userId) throw new AppError(auth.profile === 'admin' ? 'ERR_NO_PERMISSION' : 'ERR_NO_USER_FOUND');
  await updateUserFields(auth.companyId, userId, { defaultTicketsManagerWidth: width, updatedAt: clock().now().toISOString() });
};

export const setUserQueues = async (companyId: number, userId: number, queueIds: number[]): Promise<void> => {
  await updateUserFields(companyId, userId, { queueIds, updatedAt: clock().now().toISOString() });
};

/** A deleted queue leaves every user's queue list (a company has at most its plan's users: a few small pages). */
export const removeQueueFromUsers = async (companyId: number, queueId: number): Promise<void> => {
  let startKey: Record<string, string> | undefined;
  do {
    const page = await listUserRecords(companyId, { limit: 100, startKey });
    for (const user of page.items) {
      if (user.queueIds?.includes(queueId)) await setUserQueues(companyId, user.id, user.queueIds.filter((id) => id !== queueId));
    }
    startKey = page.lastKey;
  } while (startKey);
};

/** What the administration area changes of a user: queues, permissions, hours, farewell. */
export type UserSettingsPatch = Omit<
  UserPatch,
  'name' | 'passwordHash' | 'defaultTheme' | 'defaultMenu' | 'online' | 'lastSeen' | 'updatedAt' | 'defaultTicketsManagerWidth'
>;

/** Changes a user's permissions and queues (the users page of the administration area calls this). */
export const updateUserSettings = async (companyId: number, userId: number, patch: UserSettingsPatch): Promise<void> => {
  await updateUserFields(companyId, userId, { ...patch, updatedAt: clock().now().toISOString() });
};

/** An admin adds a user to their company, within the plan's user limit (server reference 9.3). */
export const addUser = async (
  auth: AuthContext,
  input: { name: string; email: string; password: string; profile: 'admin' | 'user'; queueIds: number[] },
): Promise<User> => {
  const plan = await auth.plan();
  let count = 0;
  let startKey: Record<string, string> | undefined;
  do {
    const page = await listUserRecords(auth.companyId, { limit: 100, startKey });
    count += page.items.length;
    startKey = page.lastKey;
  } while (startKey);
  if (count >= plan.users) {
    throw new AppError('ERR_USER_LIMIT_REACHED', `maximum users reached: ${plan.users}`, { details: { limit: plan.users } });
  }
  const known = new Set((await findQueuesOf(auth.companyId, input.queueIds)).keys());
  const unknown = input.queueIds.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ path: 'body.queueIds', message: `Unknown queue ${unknown[0]}` }] });
  const record = await createUser(auth.companyId, { name: input.name, email: input.email, password: input.password, profile: input.profile });
  if (input.queueIds.length) await updateUserFields(auth.companyId, record.id, { queueIds: input.queueIds, updatedAt: clock().now().toISOString() });
  return toUser({ ...record, queueIds: input.queueIds }, auth.company);
};
