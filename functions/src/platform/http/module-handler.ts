/**
 * The Lambda entry of a domain module: dispatches on `event.routeKey` to the module's route handlers.
 * No framework, one function per module.
 */
import type { Context } from 'aws-lambda';
import { routeKey, routes, type RouteId } from '@switchboard/shared/routes';
import { jsonResult } from './error-response.ts';
import type { RouteHandler } from './define-handler.ts';
import type { HttpEvent, HttpResult } from './types.ts';

export const moduleHandler = (handlers: Partial<Record<RouteId, RouteHandler>>) => {
  const byKey = new Map<string, RouteHandler>();
  for (const [id, handler] of Object.entries(handlers)) {
    const route = routes.find((r) => r.id === id);
    if (!route || !handler) throw new Error(`Handler registered for unknown route ${id}`);
    byKey.set(routeKey(route), handler);
  }
  const dispatch = async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const handler = byKey.get(event.routeKey);
    if (!handler) return jsonResult(404, { error: 'ERR_ROUTE_NOT_FOUND' });
    return handler(event, context);
  };
  /** the routes this function serves, for the route-table consistency test */
  return Object.assign(dispatch, { routeIds: Object.keys(handlers) as RouteId[] });
};
