/**
 * Sign-in and session rules (spec document 1, section 7; server reference section 9):
 * one session per user (a new login ends the earlier one and tells its browser), rotating refresh tokens
 * with reuse detection, throttled logins, signup of a company with its admin, and password reset by mail.
 */
import type { SessionResponse, User } from '@switchboard/shared/contracts/auth';
import { dummyHash, needsRehash, verifyPassword } from '../../platform/auth/passwords.ts';
import {
  hashSecret,
  newRefreshToken,
  parseRefreshToken,
  REFRESH_TOKEN_TTL_SECONDS,
  sameHash,
  signAccessToken,
} from '../../platform/auth/tokens.ts';
import { clock, ids } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext, RequestInfo } from '../../platform/http/types.ts';
import { closeConnections } from '../../platform/realtime/publisher.ts';
import { issueSocketTicket } from '../../platform/realtime/socket-tickets.ts';
import { provisionCompany } from '../companies/companies.service.ts';
import { createCompany, recordLogin, removeCompany } from '../tenancy/company-records.service.ts';
import { findCompany, timeZoneOf } from '../tenancy/company-lookup.service.ts';
import { armInvoiceCycle } from '../invoices/invoice-cycle.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { readPlatformSetting } from '../settings/settings.service.ts';
import { findUser, findUserByEmail, toUser, type UserRecord } from '../user-records/user-lookup.service.ts';
import { createUser, endSession, setPassword, startSession } from '../users/users.service.ts';
import { consumeReset, deleteSession, getReset, getSession, putSession, rotateSession } from './auth.repository.ts';
import { mailPasswordLink } from './password-link.service.ts';
import { admitAttempt, countAttempt, forgetFailures, recordFailure } from './throttle.ts';
import { removeSessionSubscriptions } from '../push/push-subscriptions.service.ts';

/** A refresh presented again within this many ms of its rotation is a parallel tab, not a stolen token. */
export const REFRESH_GRACE_MS = 10_000;
const RESET_MAILS_PER_WINDOW = 5;

export interface SessionOutcome {
  response: SessionResponse;
  /** the new refresh token to set as a cookie; absent when the caller keeps its current cookie */
  refreshToken?: string;
}

const nowSeconds = () => Math.floor(clock().now().getTime() / 1000);

/** HH:MM of now in the company's time zone, for the working-hours rule. */
const currentHourMinute = (timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(clock().now());

export const withinWorkingHours = (startWork: string, endWork: string, now: string): boolean =>
  startWork <= endWork ? now >= startWork && now <= endWork : now >= startWork || now <= endWork;

const sessionResponse = async (record: UserRecord, sessionId: string): Promise<SessionResponse> => {
  const company = await findCompany(record.companyId);
  if (!company) throw new AppError('ERR_SESSION_EXPIRED');
  const token = await signAccessToken({
    userId: record.id,
    companyId: record.companyId,
    sessionId,
    profile: record.profile,
    super: record.super,
  });
  return { token, user: toUser(record, company) };
};

export const login = async (email: string, password: string, request: RequestInfo): Promise<SessionOutcome> => {
  const emailRef = { kind: 'email' as const, value: email };
  const addressRef = { kind: 'ip' as const, value: request.sourceIp };
  const attempt = await admitAttempt(emailRef, addressRef);
  const record = await findUserByEmail(email);
  const valid = await verifyPassword(password, record?.passwordHash ?? dummyHash());
  if (!record || !valid) {
    await recordFailure(emailRef, addressRef, attempt);
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }
  if (
    record.profile === 'user' &&
    // read fresh, not from the zone cache: a sign-in is rare, and a zone just changed applies at once
    !withinWorkingHours(
      record.startWork,
      record.endWork,
      currentHourMinute(timeZoneOf((await findCompany(record.companyId))?.settings)),
    )
  ) {
    throw new AppError('ERR_OUT_OF_HOURS');
  }
  await forgetFailures(emailRef);
  // a hash made at an older, cheaper cost is replaced while the password is at hand
  if (needsRehash(record.passwordHash)) await setPassword(record.companyId, record.id, password);

  const sessionId = ids.ulid();
  const refresh = newRefreshToken(sessionId);
  const now = clock().now().toISOString();
  await putSession({
    sessionId,
    companyId: record.companyId,
    userId: record.id,
    refreshHash: refresh.hash,
    rotatedAt: now,
    createdAt: now,
    userAgent: request.userAgent.slice(0, 300),
    sourceIp: request.sourceIp,
    expiresAt: nowSeconds() + REFRESH_TOKEN_TTL_SECONDS,
  });
  const replaced = await startSession(record.companyId, record.id, sessionId);
  if (replaced && replaced !== sessionId) {
    await deleteSession(replaced);
    await removeSessionSubscriptions(record.companyId, record.id, replaced);
    await domainEvents.emit({ name: 'session.replaced', companyId: record.companyId, userId: record.id, sessionId: replaced });
    // told first, then cut off: the earlier browser shows why, and its sockets receive nothing more
    await closeConnections(record.companyId, (c) => c.sessionId === replaced);
  }
  await recordLogin(record.companyId);
  // the record read above, with the session this login just made current: no second read of the user
  return { response: await sessionResponse({ ...record, sessionId, online: true }, sessionId), refreshToken: refresh.token };
};

const revoke = async (sessionId: string, companyId: number, userId: number) => {
  await deleteSession(sessionId);
  await endSession(companyId, userId, sessionId);
  await closeConnections(companyId, (c) => c.sessionId === sessionId);
};

export const refresh = async (cookie: string | undefined): Promise<SessionOutcome> => {
  const parsed = parseRefreshToken(cookie);
  if (!parsed) throw new AppError('ERR_SESSION_EXPIRED');
  const session = await getSession(parsed.sessionId);
  const nowMs = clock().now().getTime();
  if (!session || session.expiresAt * 1000 <= nowMs) throw new AppError('ERR_SESSION_EXPIRED');

  const record = await findUser(session.companyId, session.userId);
  if (!record || record.sessionId !== session.sessionId) {
    await deleteSession(session.sessionId);
    throw new AppError('ERR_SESSION_EXPIRED');
  }

  const withinGrace = () =>
    session.previousHash !== undefined &&
    sameHash(parsed.secretHash, session.previousHash) &&
    nowMs - Date.parse(session.rotatedAt) < REFRESH_GRACE_MS;

  if (sameHash(parsed.secretHash, session.refreshHash)) {
    const next = newRefreshToken(session.sessionId);
    const rotated = await rotateSession(session.sessionId, session.refreshHash, {
      refreshHash: next.hash,
      rotatedAt: clock().now().toISOString(),
      expiresAt: nowSeconds() + REFRESH_TOKEN_TTL_SECONDS,
    });
    if (rotated) return { response: await sessionResponse(record, session.sessionId), refreshToken: next.token };
    // another tab rotated this very token a moment ago: it holds the new cookie, this one gets an access token
    return { response: await sessionResponse(record, session.sessionId) };
  }
  if (withinGrace()) return { response: await sessionResponse(record, session.sessionId) };

  // an old refresh token came back after its rotation: treat the session as stolen and end it
  await revoke(session.sessionId, session.companyId, session.userId);
  throw new AppError('ERR_SESSION_EXPIRED');
};

export const logout = async (auth: AuthContext): Promise<void> => {
  await revoke(auth.sessionId, auth.companyId, auth.userId);
};

export const me = (auth: AuthContext): User => auth.user;

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  phone: string;
  companyName: string;
  planId: number;
  companyId?: number;
}

export const signup = async (input: SignupInput, sourceIp: string): Promise<{ companyId: number; userId: number }> => {
  await countAttempt({ kind: 'ip', value: `signup:${sourceIp}` }, config().SIGNUPS_PER_ADDRESS);
  const [allowSignup, userCreation] = await Promise.all([
    readPlatformSetting('allowSignup'),
    readPlatformSetting('userCreation'),
  ]);
  if (allowSignup !== 'enabled' || userCreation === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED');
  const plan = await findPlan(input.planId).catch(() => undefined);
  if (!plan || !plan.isPublic) {
    throw new AppError('ERR_VALIDATION', 'Unknown plan', { fields: [{ path: 'body.planId', message: 'Unknown plan' }] });
  }
  if (await findUserByEmail(input.email)) throw new AppError('ERR_DUPLICATED_EMAIL');
  const referrer = input.companyId && (await findCompany(input.companyId)) ? input.companyId : undefined;
  const dueDate = new Date(clock().now().getTime() + plan.trialDays * 86_400_000).toISOString();
  const company = await createCompany({
    name: input.companyName,
    email: input.email,
    phone: input.phone,
    planId: plan.id,
    dueDate,
    referrerCompanyId: referrer,
  });
  try {
    const admin = await createUser(company.id, {
      name: input.name,
      email: input.email,
      password: input.password,
      profile: 'admin',
    });
    await provisionCompany(company.id, admin.id);
    // its first invoice comes before its trial ends
    await armInvoiceCycle(company.id, company.dueDate);
    return { companyId: company.id, userId: admin.id };
  } catch (error) {
    // the e-mail was taken between the check and the write: leave no company without its admin behind
    await removeCompany(company.id);
    throw error;
  }
};

/** Sends the reset link; answers 404 in the body for unknown e-mails, as the spec's client expects. */
export const forgotPassword = async (email: string, sourceIp: string): Promise<{ status: 200 | 404 }> => {
  await countAttempt({ kind: 'ip', value: `reset:${sourceIp}` }, config().RESET_MAILS_PER_ADDRESS);
  await countAttempt({ kind: 'reset', value: email }, RESET_MAILS_PER_WINDOW);
  const record = await findUserByEmail(email);
  if (!record) return { status: 404 };
  await mailPasswordLink(record, 'reset');
  return { status: 200 };
};

/** Sets the new password with a valid, unexpired, unused token and ends the user's session everywhere. */
export const resetPassword = async (email: string, token: string, newPassword: string): Promise<void> => {
  const reset = await getReset(email);
  const tokenHash = hashSecret(token);
  if (!reset || reset.expiresAt <= nowSeconds() || !sameHash(tokenHash, reset.tokenHash))
    throw new AppError('ERR_INVALID_RESET_TOKEN');
  if (!(await consumeReset(email, tokenHash))) throw new AppError('ERR_INVALID_RESET_TOKEN');
  await setPassword(reset.companyId, reset.userId, newPassword);
  const record = await findUser(reset.companyId, reset.userId);
  if (record?.sessionId) await revoke(record.sessionId, record.companyId, record.id);
};

/** Abuse limits for other public calls (web chat visitors and messages) share the login counters' store. */
export { countAttempt } from './throttle.ts';

/**
 * A one-time ticket to open the WebSocket (`/ws?ticket=`): URLs end up in access logs, so the socket address
 * carries this short-lived single-use value instead of the access token.
 */
export const issueWsTicket = (auth: AuthContext): Promise<{ ticket: string; expiresIn: number }> =>
  issueSocketTicket({
    kind: 'agent',
    claims: {
      companyId: auth.companyId,
      userId: auth.userId,
      sessionId: auth.sessionId,
      profile: auth.profile,
      super: auth.super,
    },
  });
