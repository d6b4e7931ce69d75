/**
 * In AWS the WebSocket API, like the HTTP API, is reached only through CloudFront: `$connect` without CloudFront's
 * secret origin header is refused before any ticket is looked at. Secrets Manager is the AWS SDK mock; the
 * handler is ours.
 */
import { describe, expect, it } from 'vitest';
import { ORIGIN_SECRET, useAwsOriginSecret } from '../../../../test/aws-origin-secret.ts';
import { ORIGIN_HEADER } from '../../platform/http/client-address.ts';
import { handler } from '../../entries/realtime.lambda.ts';

const ORIGIN = ORIGIN_SECRET;
useAwsOriginSecret();

const connect = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  handler({
    requestContext: { routeKey: '$connect', connectionId: 'c1', eventType: 'CONNECT' },
    headers,
    queryStringParameters: query,
  } as unknown as Parameters<typeof handler>[0]);

describe('$connect in AWS', () => {
  it('refuses a connection that did not come through CloudFront, before looking at its ticket', async () => {
    expect(await connect({})).toEqual({ statusCode: 403 });
    expect(await connect({ [ORIGIN_HEADER]: `${ORIGIN}x` }, { ticket: 'x'.repeat(43) })).toEqual({ statusCode: 403 });
  });

  it('goes on to the ticket with the origin secret, whatever the case of the header name', async () => {
    // no ticket: refused for that reason (401), past the origin check
    expect(await connect({ [ORIGIN_HEADER]: ORIGIN })).toEqual({ statusCode: 401 });
    expect(await connect({ 'X-Origin-Verify': ORIGIN })).toEqual({ statusCode: 401 });
  });
});
