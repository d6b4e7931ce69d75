import type { Company, User } from '@switchboard/shared/contracts/auth';
import {
  adminOnlyUserFields,
  newUserDefaults,
  type CreateUserBody,
  type UpdateUserBody,
} from '@switchboard/shared/contracts/users';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { emailTaken, findUser, toUser, userRecordsPage, type UserRecord } from '../user-records/user-lookup.service.ts';
import { findConnection } from '../connections/connection-lookup.service.ts';
import { findQueues as findQueuesOf } from '../queues/queues.service.ts';
import {
  clearSession,
  insertUser,
  readUserSetRev,
  replaceSession,
  updateUserAndEmail,
  updateUserFields,
  type UserPatch,
} from './users.repository.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { companyMediaPrefix, storedFileName } from '../../platform/ports/media-keys.ts';
import { removeSessionSubscriptions } from '../push/push-subscriptions.service.ts';

/** Where a user's pictures are stored in the blob store. */
const userImagePrefix = (companyId: number, userId: number) => `${companyMediaPrefix(companyId)}user${userId}/`;

export interface NewUser {
  name: string;
  email: string;
  password: string;
  profile?: 'admin' | 'user';
  super?: boolean;
}

export const createUser = async (companyId: number, input: NewUser): Promise<UserRecord> => {
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(email)) throw new AppError('ERR_DUPLICATED_EMAIL');
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

/** A user as the users page shows it: with a signed address of their picture. */
export const presentUser = async (record: UserRecord, company: Company): Promise<User> => {
  const user = toUser(record, company);
  return record.profileImagePath ? { ...user, profileImage: await blobStore().downloadUrl(record.profileImagePath) } : user;
};

export const requireUser = async (companyId: number, userId: number): Promise<UserRecord> => {
  const record = await findUser(companyId, userId);
  if (!record) throw new AppError('ERR_NO_USER_FOUND');
  return record;
};

/** A user of the caller's company; any other id answers 404. */
export const showUser = async (auth: AuthContext, userId: number): Promise<User> =>
  presentUser(await requireUser(auth.companyId, userId), auth.company);

/** The admins of a company (a company has at most its plan's users: a few small pages). */
const countAdmins = async (companyId: number): Promise<number> => {
  let admins = 0;
  let startKey: Record<string, string> | undefined;
  do {
    const page = await userRecordsPage(companyId, { limit: 100, startKey });
    admins += page.items.filter((u) => u.profile === 'admin').length;
    startKey = page.lastKey;
  } while (startKey);
  return admins;
};

/** Queues and the default connection a user is given must be the company's own. */
const checkAssignments = async (companyId: number, input: { queueIds?: number[]; whatsappId?: number | null }): Promise<void> => {
  if (input.queueIds?.length) {
    const known = await findQueuesOf(companyId, input.queueIds);
    const unknown = input.queueIds.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw new AppError('ERR_VALIDATION', 'Unknown queue', {
        fields: [{ path: 'body.queueIds', message: `Unknown queue ${unknown}` }],
      });
    }
  }
  if (input.whatsappId && !(await findConnection(companyId, input.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
};

/**
 * PUT /users/{id}. Users edit their own profile (name, e-mail, password, farewell, theme, menu); admins edit every
 * field of their company's users. Spec document 2 section 6: only an admin sets the profile, hours, default
 * connection, permission switches and queues, themselves included; the company keeps at least one admin.
 */
export const updateUser = async (auth: AuthContext, userId: number, patch: UpdateUserBody): Promise<User> => {
  const before = await requireUser(auth.companyId, userId);
  const isAdmin = auth.profile === 'admin';
  if (!isAdmin && userId !== auth.userId) throw new AppError('ERR_NO_PERMISSION');
  const adminFields = adminOnlyUserFields.filter((f) => patch[f] !== undefined);
  if (!isAdmin && adminFields.length) {
    throw new AppError('ERR_NO_PERMISSION', `Only an admin may change ${adminFields.join(', ')}`);
  }
  await checkAssignments(auth.companyId, patch);
  if (before.profile === 'admin' && patch.profile === 'user' && (await countAdmins(auth.companyId)) <= 1)
    throw new AppError('ERR_LAST_ADMIN');
  const { password, email, name, ...rest } = patch;
  // a password set by someone else ends the user's session in the same write (authentication and refresh compare
  // the user's session id, so the access token and refresh cookie stop at once) and its sockets with it (the
  // socket-rights listener, which reads the sockets once for this and for the rights); users who change their own
  // keep the session they changed it from, their only one
  const endsSession = password !== undefined && userId !== auth.userId;
  const changes: Partial<UserRecord> = {
    ...rest,
    name: name?.trim(),
    passwordHash: password ? await hashPassword(password) : undefined,
    online: endsSession ? false : undefined,
    updatedAt: clock().now().toISOString(),
  };
  const newEmail = email && email !== before.email ? email : undefined;
  if (newEmail) changes.email = newEmail;
  const emailChange = newEmail ? { from: before.email, to: newEmail } : undefined;
  const after = await updateUserAndEmail(auth.companyId, userId, changes, emailChange, { endSession: endsSession });
  if (endsSession && before.sessionId) await removeSessionSubscriptions(auth.companyId, userId, before.sessionId);
  const user = await presentUser(after, auth.company);
  await domainEvents.emit({
    name: 'user.updated',
    companyId: auth.companyId,
    user,
    actor: actorOf(auth),
    ...(endsSession ? { endedSessionId: before.sessionId } : {}),
  });
  return user;
};

export const setPassword = async (companyId: number, userId: number, password: string): Promise<void> => {
  await updateUserFields(companyId, userId, {
    passwordHash: await hashPassword(password),
    updatedAt: clock().now().toISOString(),
  });
};

export const startSession = (companyId: number, userId: number, sessionId: string): Promise<string | undefined> =>
  replaceSession(companyId, userId, sessionId, clock().now().toISOString());

/** Ends the session, and with it the push subscriptions of the browsers signed in with it. */
export const endSession = async (companyId: number, userId: number, sessionId: string): Promise<void> => {
  await clearSession(companyId, userId, sessionId, clock().now().toISOString());
  await removeSessionSubscriptions(companyId, userId, sessionId);
};

export const markSeen = (companyId: number, userId: number): Promise<UserRecord> => {
  const now = clock().now().toISOString();
  return updateUserFields(companyId, userId, { online: true, lastSeen: now });
};

/** Users of the caller's company for pickers (transfer dialog, filters); the search text matches names. */
export const listUsers = async (auth: AuthContext, q: { searchParam?: string; cursor?: string }) => {
  const search = q.searchParam?.toLowerCase();
  const scope = { list: 'users.list', companyId: auth.companyId, filters: { search } };
  const users: { id: number; name: string; email: string; profile: 'admin' | 'user'; online: boolean; queueIds: number[] }[] = [];
  let startKey = await decodeCursor(q.cursor, scope, isKeyRecord);
  let lastKey: Record<string, string> | undefined;
  // a search may skip most of a page, so read on until the page is full or the users end
  do {
    const page = await userRecordsPage(auth.companyId, { limit: 50, startKey });
    for (const u of page.items) {
      if (!search || u.name.toLowerCase().includes(search) || u.email.includes(search)) {
        users.push({ id: u.id, name: u.name, email: u.email, profile: u.profile, online: u.online, queueIds: u.queueIds });
      }
    }
    lastKey = page.lastKey;
    startKey = lastKey;
  } while (lastKey && users.length < 50);
  return { users, hasMore: lastKey !== undefined, nextCursor: lastKey ? await encodeCursor(lastKey, scope) : null };
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
    const page = await userRecordsPage(companyId, { limit: 100, startKey });
    for (const user of page.items) {
      if (user.queueIds?.includes(queueId))
        await setUserQueues(
          companyId,
          user.id,
          user.queueIds.filter((id) => id !== queueId),
        );
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

/** Company setting userCreation (super users switch it; spec document 2 section 6): disabled stops new users. */
const userCreationDisabled = (company: Company): boolean =>
  (company.settings as Record<string, string> | undefined)?.userCreation === 'disabled';

/**
 * POST /users: an admin adds a user to their company with every field of the dialog; what is left out takes the
 * new-user defaults (spec document 2 section 5). Within the plan's user limit (server reference 9.3).
 */
export const addUser = async (auth: AuthContext, input: CreateUserBody): Promise<User> => {
  if (userCreationDisabled(auth.company)) throw new AppError('ERR_USER_CREATION_DISABLED');
  const plan = await auth.plan();
  // the limit holds under concurrent additions: each is written only if none got in since its count
  for (let attempt = 0; attempt < 3; attempt++) {
    const added = await tryAddUser(auth, input, plan.users);
    if (added) return added;
  }
  throw new AppError('ERR_VALIDATION', 'The users changed meanwhile; reload and try again');
};

const tryAddUser = async (auth: AuthContext, input: CreateUserBody, limit: number): Promise<User | undefined> => {
  const setRev = await readUserSetRev(auth.companyId);
  let count = 0;
  let startKey: Record<string, string> | undefined;
  do {
    const page = await userRecordsPage(auth.companyId, { limit: 100, startKey });
    count += page.items.length;
    startKey = page.lastKey;
  } while (startKey);
  if (count >= limit) {
    throw new AppError('ERR_USER_LIMIT_REACHED', `maximum users reached: ${limit}`, { details: { limit } });
  }
  await checkAssignments(auth.companyId, input);
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(email)) throw new AppError('ERR_DUPLICATED_EMAIL');
  const { password, name, ...fields } = input;
  const now = clock().now().toISOString();
  const record: UserRecord = {
    ...newUserDefaults,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    queueIds: input.queueIds ?? [],
    id: await nextId(companyPk(auth.companyId), 'user'),
    companyId: auth.companyId,
    name: name.trim(),
    email,
    super: false,
    passwordHash: await hashPassword(password),
    createdAt: now,
    updatedAt: now,
  };
  if ((await insertUser(record, setRev)) === 'stale') return undefined;
  const user = await presentUser(record, auth.company);
  await domainEvents.emit({ name: 'user.created', companyId: auth.companyId, user, actor: actorOf(auth) });
  return user;
};

/**
 * POST /users/{id}/media-upload: the picture goes straight to the blob store through the signed address answered
 * here (as quick replies' files do); still images only (media-types 'profileImage'), served with nosniff and a
 * sandbox CSP like every stored file. Admins change anyone's picture, users their own.
 */
export const attachUserImage = async (
  auth: AuthContext,
  userId: number,
  file: { name: string; mimeType: string; size: number },
) => {
  if (auth.profile !== 'admin' && userId !== auth.userId) throw new AppError('ERR_NO_PERMISSION');
  await requireUser(auth.companyId, userId);
  const key = `${userImagePrefix(auth.companyId, userId)}${storedFileName(file.name, 'image')}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const written = await updateUserAndEmail(auth.companyId, userId, {
    profileImagePath: key,
    updatedAt: clock().now().toISOString(),
  });
  const user = await presentUser(written, auth.company);
  await domainEvents.emit({ name: 'user.updated', companyId: auth.companyId, user, actor: actorOf(auth) });
  return { user, uploadUrl: target.url, headers: target.headers };
};

/** GET /users/list: every user of the company by name, for pickers. */
export const pickUsers = async (
  auth: AuthContext,
): Promise<{ id: number; name: string; profile: 'admin' | 'user'; queueIds: number[] }[]> => {
  const users: { id: number; name: string; profile: 'admin' | 'user'; queueIds: number[] }[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await userRecordsPage(auth.companyId, { limit: 100, startKey });
    for (const u of page.items) users.push({ id: u.id, name: u.name, profile: u.profile, queueIds: u.queueIds });
    startKey = page.lastKey;
  } while (startKey);
  return users.sort((a, b) => a.name.localeCompare(b.name));
};
