/**
 * The WebSocket API's function: `$connect` redeems the one-time ticket passed as `?ticket=` (an agent's or a web
 * chat visitor's), `$disconnect` forgets the connection, `$default` takes client actions (rooms, status pings).
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { lowerCaseHeaders } from '../../platform/http/client-address.ts';
import { logger } from '../../platform/logger.ts';
import { connect, disconnect, receive } from './realtime.service.ts';

type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  /** $connect only: the upgrade request's headers, as the client (CloudFront, in AWS) sent them */
  headers?: Record<string, string | undefined>;
};

export const handler = async (event: WebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  const { routeKey, connectionId } = event.requestContext;
  try {
    switch (routeKey) {
      case '$connect': {
        const query = event.queryStringParameters ?? {};
        const outcome = await connect(
          connectionId,
          query.ticket ? { ticket: query.ticket } : {},
          lowerCaseHeaders(event.headers),
        );
        return outcome.ok ? { statusCode: 200 } : { statusCode: outcome.status };
      }
      case '$disconnect':
        await disconnect(connectionId);
        return { statusCode: 200 };
      default:
        return { statusCode: (await receive(connectionId, event.body)) ? 200 : 400 };
    }
  } catch (error) {
    logger.error('websocket event failed', { routeKey, connectionId, error: error as Error });
    return { statusCode: 500 };
  }
};
