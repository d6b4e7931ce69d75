/**
 * Turns the bearer token of a request into the caller's AuthContext. A missing token answers 401
 * (sign in again); an invalid or expired one 403 (the client refreshes once and retries); a token of a
 * session that was replaced or ended answers 401.
 */
import type { Plan } from '@switchboard/shared/contracts/plans';
import { verifyAccessToken, type AccessClaims } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext, HttpEvent } from '../../platform/http/types.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { findUser, toUser } from '../user-records/user-lookup.service.ts';

export const bearerToken = (event: HttpEvent): string | undefined => {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/**
 * Loads the caller of verified claims; undefined when the user, company or session no longer holds. `consistent`
 * reads them strongly consistent: a socket keeps the rights it is opened with for hours, so it must not be opened
 * with those of a moment ago; a request's reads live for that request only and take the cheaper read.
 */
export const contextFromClaims = async (
  claims: AccessClaims,
  options: { consistent?: boolean } = {},
): Promise<AuthContext | undefined> => {
  const [record, company] = await Promise.all([
    findUser(claims.companyId, claims.userId, options),
    findCompany(claims.companyId, options),
  ]);
  if (!record || !company || record.sessionId !== claims.sessionId) return undefined;
  let plan: Promise<Plan> | undefined;
  return {
    companyId: claims.companyId,
    userId: claims.userId,
    sessionId: claims.sessionId,
    profile: record.profile,
    super: record.super,
    user: toUser(record, company),
    company,
    plan: () => (plan ??= findPlan(company.planId)),
  };
};

export const authenticateRequest = async (event: HttpEvent): Promise<AuthContext> => {
  const token = bearerToken(event);
  if (!token) throw new AppError('ERR_SESSION_EXPIRED');
  const verified = await verifyAccessToken(token);
  if (!verified.ok) throw new AppError('ERR_INVALID_TOKEN', 'Invalid token, refresh it');
  const context = await contextFromClaims(verified.claims);
  if (!context) throw new AppError('ERR_SESSION_EXPIRED');
  return context;
};
