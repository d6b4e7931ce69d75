/**
 * A user as every request's caller needs it: read by the authentication of each request, so it holds no more than
 * the lookup (the rest of the users module brings tickets and sessions with it).
 */
import type { Company, User } from '@switchboard/shared/contracts/auth';
import type { UserRecord } from './user.entity.ts';
import { getEmailMarker, getUser, listUserRecords } from './user-records.repository.ts';

// the record's type is part of what the lookup answers
export type { UserRecord } from './user.entity.ts';

export const toUser = (record: UserRecord, company: Company): User => {
  const { passwordHash: _p, sessionId: _s, createdAt: _c, updatedAt: _u, lastSeen: _l, profileImagePath: _i, ...user } = record;
  return { ...user, company };
};

export const findUserByEmail = async (email: string): Promise<UserRecord | undefined> => {
  const marker = await getEmailMarker(email.trim().toLowerCase());
  return marker ? getUser(marker.companyId, marker.userId) : undefined;
};

/** `consistent`: a strongly consistent read, for what keeps the answer long (a socket's rights). */
export const findUser = (
  companyId: number,
  userId: number,
  options: { consistent?: boolean } = {},
): Promise<UserRecord | undefined> => getUser(companyId, userId, options);

/** Whether an e-mail is a user's, of any company (e-mails are unique on the platform). */
export const emailTaken = async (email: string): Promise<boolean> => (await getEmailMarker(email)) !== undefined;

/** A page of a company's users in id order (a company has at most its plan's users, so pages are small). */
export const userRecordsPage = (
  companyId: number,
  options: { limit: number; startKey?: Record<string, string> },
): Promise<{ items: UserRecord[]; lastKey?: Record<string, string> }> => listUserRecords(companyId, options);

/** The users who work in a queue (every user of the company is read: a company has tens of users, not thousands). */
export const queueMembers = async (companyId: number, queueId: number): Promise<UserRecord[]> => {
  const members: UserRecord[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await listUserRecords(companyId, { limit: 100, startKey });
    members.push(...page.items.filter((u) => u.queueIds.includes(queueId)));
    startKey = page.lastKey;
  } while (startKey);
  return members;
};

/** Every user of the company (the dashboard's attendants, the live panel's columns). */
export const companyUsers = async (companyId: number): Promise<UserRecord[]> => {
  const users: UserRecord[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const page = await listUserRecords(companyId, { limit: 100, startKey });
    users.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return users;
};
