/**
 * Web chat visitors' tokens: signed, long-lived, and scoped to one company, connection and contact, so a visitor
 * can read and write their own conversation and nothing else.
 */
import { jwtVerify, SignJWT } from 'jose';
import { clock } from '../clock.ts';
import { jwtKeys } from './secrets.ts';

export const VISITOR_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const AUDIENCE = 'webchat-visitor';

export interface VisitorClaims {
  companyId: number;
  connectionId: number;
  contactId: number;
  visitorId: string;
}

export const signVisitorToken = async (claims: VisitorClaims): Promise<string> => {
  const { access } = await jwtKeys();
  const now = Math.floor(clock().now().getTime() / 1000);
  return new SignJWT({ cid: claims.companyId, conn: claims.connectionId, ctc: claims.contactId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.visitorId)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + VISITOR_TOKEN_TTL_SECONDS)
    .sign(access);
};

export const verifyVisitorToken = async (token: string): Promise<VisitorClaims | undefined> => {
  const { access } = await jwtKeys();
  try {
    const { payload } = await jwtVerify(token, access, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: clock().now() });
    const claims = {
      companyId: Number(payload.cid),
      connectionId: Number(payload.conn),
      contactId: Number(payload.ctc),
      visitorId: String(payload.sub),
    };
    return Number.isInteger(claims.companyId) && Number.isInteger(claims.connectionId) && Number.isInteger(claims.contactId)
      ? claims
      : undefined;
  } catch {
    return undefined;
  }
};
