/** SocketConnections over the API Gateway management API (`POST @connections/{id}`). */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../../config.ts';
import type { SocketConnections } from '../socket-connections.ts';

export class ApiGatewayConnections implements SocketConnections {
  private readonly client: ApiGatewayManagementApiClient;

  constructor(endpoint = config().WS_MANAGEMENT_ENDPOINT) {
    const cfg = config();
    this.client = new ApiGatewayManagementApiClient({
      endpoint,
      region: cfg.AWS_REGION,
      ...(cfg.RUNTIME === 'local' ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
  }

  async post(connectionId: string, data: string): Promise<boolean> {
    try {
      await this.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      return true;
    } catch (error) {
      if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') return false;
      throw error;
    }
  }

  async close(connectionId: string): Promise<void> {
    try {
      await this.client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') return;
      throw error;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
