/**
 * Access tokens (JWT, 15 minutes) and refresh tokens (opaque `<sessionId>.<secret>`, kept in an httpOnly
 * cookie, rotated on every refresh; only a hash of the secret is stored).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { clock, ids } from '../clock.ts';
import { config } from '../config.ts';
import { jwtKeys } from './secrets.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_COOKIE = 'jrt';

export interface AccessClaims {
  userId: number;
  companyId: number;
  sessionId: string;
  profile: 'admin' | 'user';
  super: boolean;
}

export const signAccessToken = async (claims: AccessClaims): Promise<string> => {
  const { access } = await jwtKeys();
  const now = Math.floor(clock().now().getTime() / 1000);
  return new SignJWT({ cid: claims.companyId, sid: claims.sessionId, profile: claims.profile, super: claims.super })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(ids.token(9))
    .sign(access);
};

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export const verifyAccessToken = async (token: string): Promise<VerifyResult> => {
  const { access } = await jwtKeys();
  try {
    const { payload } = await jwtVerify(token, access, {
      algorithms: ['HS256'],
      currentDate: clock().now(),
    });
    const userId = Number(payload.sub);
    const companyId = Number(payload.cid);
    if (!Number.isInteger(userId) || !Number.isInteger(companyId) || typeof payload.sid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: {
        userId,
        companyId,
        sessionId: payload.sid,
        profile: payload.profile === 'admin' ? 'admin' : 'user',
        super: payload.super === true,
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
};

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const newRefreshToken = (sessionId: string): { token: string; hash: string } => {
  const secret = ids.token(32);
  return { token: `${sessionId}.${secret}`, hash: hashSecret(secret) };
};

export const parseRefreshToken = (value: string | undefined): { sessionId: string; secretHash: string } | undefined => {
  if (!value) return undefined;
  const dot = value.indexOf('.');
  if (dot <= 0 || dot === value.length - 1 || value.length > 200) return undefined;
  return { sessionId: value.slice(0, dot), secretHash: hashSecret(value.slice(dot + 1)) };
};

const secureCookies = (): boolean => config().PUBLIC_URL.startsWith('https://');

export const refreshCookie = (token: string): string =>
  `${REFRESH_COOKIE}=${token}; HttpOnly; Path=/api/auth; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; SameSite=Strict${secureCookies() ? '; Secure' : ''}`;

export const clearRefreshCookie = (): string =>
  `${REFRESH_COOKIE}=; HttpOnly; Path=/api/auth; Max-Age=0; SameSite=Strict${secureCookies() ? '; Secure' : ''}`;
