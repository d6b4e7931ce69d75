import { API_PREFIX, buildPath, routeById, type Route, type RouteDef, type RouteId } from '@switchboard/shared/routes';
import { Amplify } from 'aws-amplify';
import { del, get, patch, post, put } from 'aws-amplify/api';
import type { z } from 'zod';
import { ApiError, normaliseError } from './api-error.ts';
import { isTokenStale } from './jwt.ts';
import { sessionStore, type SessionStore } from './session-store.ts';

/**
 * The only module that speaks HTTP. Every call names a route of the shared route table; the path, the
 * parameter names and the body and answer types come from there. Adds the bearer token, and applies the
 * spec's session rule to authenticated routes: a 403 refreshes the token once and retries, a 401 signs out.
 */

const API_NAME = 'switchboard';
const REQUEST_TIMEOUT_MS = 30_000;

type RouteOf<Id extends RouteId> = Extract<Route, { id: Id }>;

type ParamsInput<R> = R extends { params: infer P extends z.ZodType }
  ? { params: { [K in keyof z.output<P>]: string | number } }
  : { params?: undefined };
type BodyInput<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };
type QueryValue = string | number | boolean | null | undefined;

export type CallInput<Id extends RouteId> = ParamsInput<RouteOf<Id>> &
  BodyInput<RouteOf<Id>> & { query?: Record<string, QueryValue> };

export type CallOutput<Id extends RouteId> =
  RouteOf<Id> extends { response: infer O extends z.ZodType } ? z.output<O> : unknown;

type CallArgs<Id extends RouteId> = object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

let configuredFor: string | undefined;

/** Points Amplify's REST client at this origin's API. No retries: a 429 or 5xx is the caller's to show. */
const configure = () => {
  const endpoint = `${window.location.origin}${API_PREFIX}`;
  if (configuredFor === endpoint) return;
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint } } } },
    { API: { REST: { retryStrategy: { strategy: 'no-retry' }, defaultAuthMode: 'none' } } },
  );
  configuredFor = endpoint;
};

const toQueryParams = (query: Record<string, QueryValue> | undefined): Record<string, string> | undefined => {
  if (!query) return undefined;
  const entries = Object.entries(query).filter((e): e is [string, string | number | boolean] => e[1] != null);
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
};

const methods = { GET: get, POST: post, PUT: put, PATCH: patch, DELETE: del } as const;

interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

const send = async (route: RouteDef, input: RawInput, token: string | null): Promise<unknown> => {
  configure();
  const operation = methods[route.method]({
    apiName: API_NAME,
    path: buildPath(route.path, input.params),
    options: {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      queryParams: toQueryParams(input.query),
      // Amplify's body type is its own JSON DocumentType; our bodies are plain JSON by construction.
      body: input.body as never,
      withCredentials: true,
      timeout: REQUEST_TIMEOUT_MS,
    },
  });
  try {
    const response = await operation.response;
    const text = await response.body.text();
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(response.statusCode, {});
    }
  } catch (error) {
    throw normaliseError(error);
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
        const session = (await send(routeById('auth.refresh-token'), {}, store.getToken())) as CallOutput<'auth.refresh-token'>;
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

  // Typed through ApiClient; the body works on the raw shapes so the compiler does not expand every route.
  const callRoute = async (id: RouteId, input: RawInput = {}): Promise<unknown> => {
    const route = routeById(id);
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
      if (failure.status !== 403) throw failure;
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
