/** Builds API Gateway v2 (HTTP and WebSocket) events and contexts as AWS would hand them to our functions. */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

export const lambdaContext = (functionName: string): Context => {
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

export interface HttpEventInput {
  routeKey: string;
  method: string;
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string>;
  pathParameters: Record<string, string>;
  body: Buffer;
  sourceIp: string;
}

const isText = (contentType: string | undefined) =>
  !contentType || /json|text|xml|x-www-form-urlencoded|javascript/.test(contentType);

export const httpEvent = (input: HttpEventInput): APIGatewayProxyEventV2 => {
  const query = new URLSearchParams(input.rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(',');
  const cookies = (input.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  const headers = { ...input.headers };
  delete headers.cookie;
  const text = isText(headers['content-type']);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.rawPath,
    rawQueryString: input.rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(input.pathParameters).length ? { pathParameters: input.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method,
        path: input.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: input.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(input.body.length ? { body: text ? input.body.toString('utf8') : input.body.toString('base64') } : {}),
    isBase64Encoded: input.body.length > 0 && !text,
  };
};

export const websocketEvent = (
  routeKey: '$connect' | '$disconnect' | '$default',
  connectionId: string,
  extra: {
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: string;
    sourceIp: string;
    userAgent: string;
    connectedAt: number;
  },
) => {
  const now = new Date();
  return {
    requestContext: {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      connectionId,
      connectedAt: extra.connectedAt,
      domainName: 'localhost',
      stage: 'local',
      apiId: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: now.getTime(),
      messageDirection: 'IN',
      extendedRequestId: randomUUID(),
      requestTime: now.toISOString(),
      identity: { sourceIp: extra.sourceIp, userAgent: extra.userAgent },
    },
    ...(extra.query ? { queryStringParameters: extra.query } : {}),
    // API Gateway gives $connect the upgrade request's headers (CloudFront's origin header among them)
    ...(extra.headers ? { headers: extra.headers } : {}),
    ...(extra.body !== undefined ? { body: extra.body } : {}),
    isBase64Encoded: false,
  };
};
