/**
 * The route table: the one place an HTTP route exists. CDK builds the HTTP API from it, the local gateway
 * dispatches from it, handlers validate with its schemas and the web client calls through it.
 * Paths are relative to the API prefix `/api`.
 */
import type { z } from 'zod';
import {
  forgotPasswordParams,
  forgotPasswordResponse,
  loginBody,
  resetPasswordParams,
  sessionResponse,
  signupBody,
  user,
  versionResponse,
} from './contracts/auth.ts';
import { okResponse } from './contracts/common.ts';
import { companyPlan, listPlanParams, planList } from './contracts/plans.ts';
import { publicSettingParams, publicSettingResponse } from './contracts/settings.ts';
import { updateUserBody, userIdParams } from './contracts/users.ts';
import type { AccessRule } from './permissions.ts';

export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The Lambda function (domain module) that serves a route. */
export const modules = ['auth', 'plans', 'companies', 'settings', 'system', 'users'] as const;
export type ModuleName = (typeof modules)[number];

/**
 * public: no credentials; user: a valid access token of an active session.
 * Finer rules (profile, super flag, user flags, plan flags) are an AccessRule from permissions.ts.
 */
export type RouteAuth = 'public' | 'user';

export interface RouteDef {
  /** `<module>.<name>`; the handler lives in functions/src/modules/<module>/handlers/<name>.handler.ts */
  id: string;
  method: HttpMethod;
  path: string;
  module: ModuleName;
  auth: RouteAuth;
  access?: AccessRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** status of a successful answer; 200 unless stated */
  status?: number;
}

const defineRoutes = <const T extends readonly RouteDef[]>(routes: T) => routes;

export const routes = defineRoutes([
  // authentication and session (spec document 1, section 7)
  { id: 'auth.login', method: 'POST', path: '/auth/login', module: 'auth', auth: 'public', body: loginBody, response: sessionResponse },
  { id: 'auth.refresh-token', method: 'POST', path: '/auth/refresh_token', module: 'auth', auth: 'public', response: sessionResponse },
  { id: 'auth.logout', method: 'DELETE', path: '/auth/logout', module: 'auth', auth: 'user', response: okResponse },
  { id: 'auth.me', method: 'GET', path: '/auth/me', module: 'auth', auth: 'user', response: user },
  { id: 'auth.signup', method: 'POST', path: '/auth/signup', module: 'auth', auth: 'public', body: signupBody, status: 201 },
  { id: 'auth.forgot-password', method: 'POST', path: '/forgetpassword/{email}', module: 'auth', auth: 'public', params: forgotPasswordParams, response: forgotPasswordResponse },
  { id: 'auth.reset-password', method: 'POST', path: '/resetpasswords/{email}/{token}/{newPassword}', module: 'auth', auth: 'public', params: resetPasswordParams, response: okResponse },
  // platform lookups
  { id: 'system.version', method: 'GET', path: '/version', module: 'system', auth: 'public', response: versionResponse },
  { id: 'plans.list-public', method: 'GET', path: '/plans/list', module: 'plans', auth: 'public', response: planList },
  { id: 'companies.list-plan', method: 'GET', path: '/companies/listPlan/{companyId}', module: 'companies', auth: 'user', params: listPlanParams, response: companyPlan },
  { id: 'settings.public', method: 'GET', path: '/public-settings/{key}', module: 'settings', auth: 'public', params: publicSettingParams, response: publicSettingResponse },
  // users (own profile from the avatar menu; the admin users page extends these)
  { id: 'users.show', method: 'GET', path: '/users/{id}', module: 'users', auth: 'user', params: userIdParams, response: user },
  { id: 'users.update', method: 'PUT', path: '/users/{id}', module: 'users', auth: 'user', params: userIdParams, body: updateUserBody, response: user },
] as const satisfies readonly RouteDef[]);

export type Route = (typeof routes)[number];
export type RouteId = Route['id'];

export const routeById = (id: RouteId): RouteDef => {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
};

/** API Gateway's route key for a route, e.g. `POST /api/auth/login`. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${API_PREFIX}${r.path}`;

/** Fills `{name}` placeholders of a route path with encoded values. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * Matches a concrete path against route paths the way API Gateway does: a literal segment wins over a
 * `{param}` segment at the same position, so `/contacts/list` is chosen before `/contacts/{id}`.
 */
export const matchRoute = (
  method: string,
  path: string,
  table: readonly RouteDef[] = routes,
): { route: RouteDef; params: Record<string, string> } | { methodNotAllowed: true } | undefined => {
  const actual = segmentsOf(path);
  let best: { route: RouteDef; params: Record<string, string>; score: string } | undefined;
  let pathMatched = false;
  for (const route of table) {
    const expected = segmentsOf(route.path);
    if (expected.length !== actual.length) continue;
    const params: Record<string, string> = {};
    let score = '';
    let ok = true;
    for (let i = 0; i < expected.length && ok; i++) {
      const seg = expected[i]!;
      const param = /^\{(\w+)\}$/.exec(seg);
      if (param) {
        try {
          params[param[1]!] = decodeURIComponent(actual[i]!);
        } catch {
          ok = false;
        }
        score += '0';
      } else if (seg === actual[i]) {
        score += '1';
      } else {
        ok = false;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (!best || score > best.score) best = { route, params, score };
  }
  if (best) return { route: best.route, params: best.params };
  return pathMatched ? { methodNotAllowed: true } : undefined;
};
