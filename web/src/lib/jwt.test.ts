import { describe, expect, it } from 'vitest';
import { isTokenStale, tokenExpiresAt } from './jwt.ts';

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: object) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.sig`;

describe('access token expiry', () => {
  it('reads exp as milliseconds', () => {
    expect(tokenExpiresAt(token({ exp: 1_700_000_000, sub: 'ü' }))).toBe(1_700_000_000_000);
  });

  it('is unknown for tokens it cannot read', () => {
    expect(tokenExpiresAt('opaque')).toBeUndefined();
    expect(tokenExpiresAt('a.%%%.c')).toBeUndefined();
    expect(tokenExpiresAt(token({ sub: 1 }))).toBeUndefined();
  });

  it('is stale within the margin of its expiry, and never when unknown', () => {
    const t = token({ exp: 1000 });
    expect(isTokenStale(t, 969_000)).toBe(false);
    expect(isTokenStale(t, 970_000)).toBe(true);
    expect(isTokenStale('opaque', Date.now())).toBe(false);
  });
});
