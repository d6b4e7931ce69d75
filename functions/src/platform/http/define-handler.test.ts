/**
 * In AWS the handlers answer only requests that came through CloudFront (its secret origin header) and take the
 * viewer address it vouches for; Secrets Manager is the AWS SDK mock, the handler stack is ours.
 */
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ORIGIN_SECRET, useAwsOriginSecret } from '../../../../test/aws-origin-secret.ts';
import { defineHandler } from './define-handler.ts';
import type { HttpEvent } from './types.ts';

const ORIGIN = ORIGIN_SECRET;
useAwsOriginSecret();

const handler = defineHandler('system.version', async ({ request }) => ({ version: request.sourceIp }));
const call = (headers: Record<string, string>) =>
  handler(
    {
      routeKey: 'GET /api/version',
      headers,
      requestContext: { requestId: 'r1', http: { sourceIp: '130.176.9.9', userAgent: 'ua' } },
    } as unknown as HttpEvent,
    {
      awsRequestId: 'r1',
    } as Context,
  );

describe('handlers in AWS', () => {
  it("take the viewer's address from CloudFront when the origin secret comes with it", async () => {
    const res = await call({ 'x-origin-verify': ORIGIN, 'x-viewer-address': '203.0.113.7:40112' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toEqual({ version: '203.0.113.7' });
  });

  it('refuse a request that did not come through CloudFront, whatever address it claims', async () => {
    const res = await call({ 'x-viewer-address': '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body as string)).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });
});
