/**
 * Turns a route's plain async function (typed input to output) into its Lambda handler. One function runs the steps
 * in the order the architecture fixes: the CloudFront origin check, parse and validate (route table schemas) ->
 * authenticate (JWT) -> authorise (permissions.ts) -> handler -> the response schema check (local runtime) -> JSON
 * or text; any error becomes its catalogue answer. middy wraps it bare: no middleware is registered.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { allows } from '@switchboard/shared/permissions';
import { routeById, type Route, type RouteId, type RouteDef } from '@switchboard/shared/routes';
import type { z } from 'zod';
import { viewerOf } from '../auth/viewer.ts';
import { originSecret } from '../auth/secrets.ts';
import { config } from '../config.ts';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import { authenticate } from './authenticator.ts';
import { errorResult, jsonResult } from './error-response.ts';
import { cameThroughCloudFront, clientAddress, lowerCaseHeaders } from './client-address.ts';
import { parseInput } from './parse-input.ts';
import type { UploadedFile } from './multipart.ts';
import { Reply, type AuthContext, type HttpEvent, type HttpResult, type RequestInfo } from './types.ts';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type RouteOf<Id extends RouteId> = Extract<Route, { id: Id }>;
type Field<R, K extends string> = R extends Record<K, infer S> ? Infer<S> : undefined;

export interface HandlerInput<Id extends RouteId> {
  params: Field<RouteOf<Id>, 'params'>;
  query: Field<RouteOf<Id>, 'query'>;
  body: Field<RouteOf<Id>, 'body'>;
  auth: RouteOf<Id> extends { auth: 'user' } ? AuthContext : undefined;
  request: RequestInfo;
  /** the files of a multipart body (routes marked `multipart`); empty elsewhere */
  files: UploadedFile[];
}

type Output<Id extends RouteId> = RouteOf<Id> extends { response: infer S extends z.ZodType } ? z.input<S> : unknown;

export type RouteHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

const parseCookies = (event: HttpEvent): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const pair of event.cookies ?? []) {
    const eq = pair.indexOf('=');
    if (eq > 0) out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
};

const rawBodyOf = (route: RouteDef, event: HttpEvent): Buffer =>
  route.rawBody && event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);

const requestInfo = (route: RouteDef, event: HttpEvent, context: Context): RequestInfo => ({
  requestId: event.requestContext?.requestId ?? context.awsRequestId,
  sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
  userAgent: event.requestContext?.http?.userAgent ?? '',
  cookies: parseCookies(event),
  headers: lowerCaseHeaders(event.headers),
  rawBody: rawBodyOf(route, event),
});

const authorise = async (route: RouteDef, auth: AuthContext): Promise<void> => {
  if (!route.access) return;
  const plan = route.access.planFlag ? await auth.plan() : undefined;
  if (!allows(viewerOf(auth, plan), route.access)) throw new AppError('ERR_NO_PERMISSION');
};

/** Checks the answer against the route's response schema on the local runtime, so contract drift fails tests. */
const checkResponse = (route: RouteDef, body: unknown): void => {
  if (!route.response || config().RUNTIME !== 'local') return;
  const result = route.response.safeParse(body);
  if (!result.success) {
    logger.error('response does not match its schema', { route: route.id, issues: result.error.issues });
    throw new Error(`Response of ${route.id} does not match its schema: ${result.error.message}`);
  }
};

export const defineHandler = <Id extends RouteId>(
  routeId: Id,
  fn: (input: HandlerInput<Id>) => Promise<Output<Id> | Reply<Output<Id>>>,
): RouteHandler => {
  const route = routeById(routeId);
  const base = async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const request = requestInfo(route, event, context);
    try {
      // in AWS the API answers only what came through CloudFront, which also vouches for the viewer's address
      const origin = await originSecret();
      if (origin && !cameThroughCloudFront(request.headers, origin))
        throw new AppError('ERR_NO_PERMISSION', 'The API is reached through the app address');
      request.sourceIp = clientAddress(request.headers, request.sourceIp, origin);
      const input = parseInput(route, event);
      const auth = route.auth === 'user' ? await authenticate(event) : undefined;
      if (auth) await authorise(route, auth);
      const out = await fn({ ...input, auth, request } as HandlerInput<Id>);
      const replyValue = out instanceof Reply ? out : new Reply(out);
      checkResponse(route, replyValue.body);
      if (replyValue.init.text) {
        return {
          statusCode: replyValue.init.status ?? route.status ?? 200,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...replyValue.init.headers },
          body: String(replyValue.body),
        };
      }
      return jsonResult(replyValue.init.status ?? route.status ?? 200, replyValue.body ?? { ok: true }, {
        cookies: replyValue.init.cookies,
        headers: replyValue.init.headers,
      });
    } catch (error) {
      return errorResult(error, request.requestId);
    }
  };
  return middy(base) as unknown as RouteHandler;
};
