import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { moduleHandler } from './module-handler.ts';

describe('moduleHandler', () => {
  it('answers a JSON 404 for a route key it does not serve (the HTTP API sends unknown paths here)', async () => {
    const handler = moduleHandler({});
    const res = await handler({ routeKey: '$default' } as never, {} as Context);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body as string)).toEqual({ error: 'ERR_ROUTE_NOT_FOUND' });
  });

  it('refuses to register a handler for a route the table does not have', () => {
    expect(() => moduleHandler({ 'nope.route': (async () => ({ statusCode: 200 })) as never } as never)).toThrow(/unknown route/);
  });
});
