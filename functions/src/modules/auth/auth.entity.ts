/**
 * Sessions, password-reset tokens and login-failure counters.
 * Access patterns:
 * - a session by id (refresh, logout): pk SESSION#<sessionId>, sk SESSION (expires with its refresh token)
 * - the pending reset of an e-mail: pk RESET#<email>, sk RESET (expires after an hour)
 * - attempts and failures of an e-mail or address in the current window: pk THROTTLE#<kind>#<value>#<window>, sk THROTTLE
 */
export const sessionKey = (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' });
export const resetKey = (email: string) => ({ pk: `RESET#${email.toLowerCase()}`, sk: 'RESET' });
export const throttleKey = (kind: 'email' | 'ip' | 'reset', value: string, window: number) => ({
  pk: `THROTTLE#${kind}#${value.toLowerCase()}#${window}`,
  sk: 'THROTTLE',
});

export interface SessionRecord {
  sessionId: string;
  companyId: number;
  userId: number;
  refreshHash: string;
  /** the hash rotated away last, accepted for a few seconds so that parallel tabs refreshing together survive */
  previousHash?: string;
  rotatedAt: string;
  createdAt: string;
  userAgent: string;
  sourceIp: string;
  expiresAt: number;
}
export type SessionItem = SessionRecord & { pk: string; sk: string; type: 'session' };

export interface ResetItem {
  pk: string;
  sk: string;
  type: 'passwordReset';
  companyId: number;
  userId: number;
  tokenHash: string;
  expiresAt: number;
}

export interface ThrottleItem {
  pk: string;
  sk: string;
  type: 'throttle';
  /** every attempt, counted before the password is checked */
  attempts?: number;
  failures?: number;
  /** over the limit: epoch ms before which the next attempt is refused */
  nextAllowedAt?: number;
  expiresAt: number;
}
