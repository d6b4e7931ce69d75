/**
 * Users of a company, and the platform-wide e-mail marker that keeps e-mails unique and finds the user at login.
 * Access patterns:
 * - get a user: pk C#<companyId>, sk USER#<id>
 * - list a company's users in id order: Query pk C#<companyId>, sk begins_with USER#
 * - find by e-mail (login, reset, uniqueness): pk EMAIL#<email>, sk EMAIL -> { companyId, userId }; an e-mail change
 *   swaps the marker in the same transaction as the user, a delete removes both
 */
import type { User } from '@switchboard/shared/contracts/auth';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const userKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `USER#${padId(id)}` });
export const emailMarkerKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });

/** The stored user: the public fields (without the company) plus secrets and session state. */
export type UserRecord = Omit<User, 'company'> & {
  passwordHash: string;
  /** the one session allowed to act for this user; a new login replaces it */
  sessionId?: string;
  createdAt: string;
  updatedAt: string;
  lastSeen?: string;
  /** the blob key of the user's picture; `profileImage` is its signed URL, made when the user is presented */
  profileImagePath?: string | null;
};

export type UserItem = UserRecord & { pk: string; sk: string; type: 'user' };
export interface EmailMarkerItem {
  pk: string;
  sk: string;
  type: 'emailMarker';
  companyId: number;
  userId: number;
}
