/**
 * Reads the expiry of an access token without verifying it (the server does that), so that the realtime
 * client can refresh a stale token before it reconnects instead of knocking with an expired one forever.
 */
export const tokenExpiresAt = (token: string): number | undefined => {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};

/** True when the token expires within `marginMs` of `now` (or cannot be read, which the server will judge). */
export const isTokenStale = (token: string, now: number, marginMs = 30_000): boolean => {
  const exp = tokenExpiresAt(token);
  return exp !== undefined && exp - now <= marginMs;
};
