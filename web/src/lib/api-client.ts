import { API_PREFIX, buildPath, routeEntry, type RouteEntry } from '@switchboard/shared/route-table';
// types only: the schemas stay out of the bundle
import type { Route, RouteId } from '@switchboard/shared/routes';
import type { z } from 'zod';
import { ApiError, errorFromAnswer, normaliseError } from './api-error.ts';
import { isTokenStale } from './jwt.ts';
import { reportServerReached, reportServerUnreachable } from './network-state.ts';
import { sessionStore, type SessionStore } from './session-store.ts';

/**
 * The only module that speaks HTTP. Every call names a route of the shared route table; the path, the
 * parameter names and the body and answer types come from there. Adds the bearer token, and applies the
 * spec's session rule to authenticated routes: a 403 refreshes the token once and retries, a 401 signs out.
 */

const REQUEST_TIMEOUT_MS = 30_000;

type RouteOf<Id extends RouteId> = Extract<Route, { id: Id }>;

type ParamsInput<R> = R extends { params: infer P extends z.ZodType }
  ? { params: { [K in keyof z.output<P>]: string | number } }
  : { params?: undefined };
type BodyInput<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };
type QueryValue = string | number | boolean | null | undefined;

export type CallInput<Id extends RouteId> = ParamsInput<RouteOf<Id>> &
  BodyInput<RouteOf<Id>> & { query?: Record<string, QueryValue>; headers?: Record<string, string> };

export type CallOutput<Id extends RouteId> = RouteOf<Id> extends { response: infer O extends z.ZodType } ? z.output<O> : unknown;

type CallArgs<Id extends RouteId> = object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

const queryString = (query: Record<string, QueryValue> | undefined): string => {
  const entries = Object.entries(query ?? {}).filter((e): e is [string, string | number | boolean] => e[1] != null);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** request headers a route reads (an agent's reply's Idempotency-Key) */
  headers?: Record<string, string>;
}

/** One request, no retries: a 429 or 5xx is the caller's to show. */
const send = async (route: RouteEntry, input: RawInput, token: string | null): Promise<unknown> => {
  const url = `${window.location.origin}${API_PREFIX}${buildPath(route.path, input.params)}${queryString(input.query)}`;
  const headers: Record<string, string> = { ...input.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = input.body !== undefined && route.method !== 'GET';
  if (hasBody) headers['content-type'] = 'application/json; charset=UTF-8';
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException('The request took too long', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      // the refresh token travels as an HttpOnly cookie
      credentials: 'include',
      cache: 'no-store',
      signal: abort.signal,
    });
    reportServerReached();
    const text = await response.text();
    if (!response.ok) throw errorFromAnswer(response.status, text);
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(response.status, {});
    }
  } catch (error) {
    // fetch rejects with a TypeError when no answer came at all; a timeout is no answer either
    if (error instanceof TypeError || (abort.signal.aborted && !(error instanceof ApiError))) reportServerUnreachable();
    // an abort carries its reason; fetch may reject with a plain AbortError instead
    throw normaliseError(abort.signal.aborted && !(error instanceof ApiError) ? abort.signal.reason : error);
  } finally {
    clearTimeout(timer);
  }
};

export interface ApiClient {
  callRoute<Id extends RouteId>(id: Id, ...args: CallArgs<Id>): Promise<CallOutput<Id>>;
  /** Exchanges the refresh cookie for a new token; one exchange at a time. False when the session is over. */
  refreshSession(): Promise<boolean>;
  /** The current token, refreshed first when it is about to expire (for the realtime connection). */
  freshToken(now?: number): Promise<string | null>;
}

export const createApiClient = (store: SessionStore): ApiClient => {
  let refreshing: Promise<boolean> | undefined;

  const refreshSession = (): Promise<boolean> => {
    refreshing ??= (async () => {
      try {
        const session = (await send(routeEntry('auth.refresh-token'), {}, store.getToken())) as CallOutput<'auth.refresh-token'>;
        store.setSession(session);
        return true;
      } catch (error) {
        // Any answer from the server that refuses the refresh ends the session; a network failure or a 5xx
        // does not, so a passing outage never signs anyone out.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) store.clear();
        return false;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };

  /**
   * A 403 is refreshed once and retried when the token itself may be the cause: the server's invalid-token answer,
   * or a refusal with no code of ours (a gateway in front). A refusal the server names for another reason (no
   * permission for this ticket) is read from the user's current rights, which a new token cannot change.
   */
  const newTokenMayCure = (failure: ApiError): boolean => failure.code === undefined || failure.code === 'ERR_INVALID_TOKEN';

  // Typed through ApiClient; the body works on the raw shapes so the compiler does not expand every route.
  const callRoute = async (id: RouteId, input: RawInput = {}): Promise<unknown> => {
    const route = routeEntry(id);
    // Public routes answer 401/403 for their own reasons (wrong password, signup disabled): no session rule.
    if (route.auth !== 'user') return send(route, input, store.getToken());
    try {
      return await send(route, input, store.getToken());
    } catch (error) {
      const failure = normaliseError(error);
      if (failure.status === 401) {
        store.clear();
        throw failure;
      }
      if (failure.status !== 403 || !newTokenMayCure(failure)) throw failure;
      if (!(await refreshSession())) throw failure;
      try {
        return await send(route, input, store.getToken());
      } catch (retryError) {
        const retryFailure = normaliseError(retryError);
        if (retryFailure.status === 401) store.clear();
        throw retryFailure;
      }
    }
  };

  const freshToken = async (now = Date.now()): Promise<string | null> => {
    const token = store.getToken();
    if (!token) return null;
    if (!isTokenStale(token, now)) return token;
    // A refresh that could not reach the server keeps the old token; one refused by it has cleared the store.
    await refreshSession();
    return store.getToken();
  };

  return { callRoute: callRoute as unknown as ApiClient['callRoute'], refreshSession, freshToken };
};

export const apiClient = createApiClient(sessionStore);
export const callRoute = apiClient.callRoute;
