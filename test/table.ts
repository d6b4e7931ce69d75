/**
 * Test helper: points the functions' configuration at the run's DynamoDB Local and creates a fresh table for
 * the calling test file. Call `useTestTable()` at the top of a test file.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { resetConfig } from '../functions/src/platform/config.ts';
import { resetTableClient } from '../functions/src/platform/table/client.ts';
import { createTableInput } from '../functions/src/platform/table/table-definition.ts';

export const testEnv = (endpoint: string, tableName: string): Record<string, string> => ({
  RUNTIME: 'local',
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: endpoint,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:9',
  PUBLIC_URL: 'http://localhost:3000',
  JWT_SECRET: 'test-access-secret-0123456789abcdef0123456789',
  JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789abcdef012345678',
});

export const createTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  client.destroy();
};

export const useTestTable = async (): Promise<string> => {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `t-${randomUUID()}`;
  await createTable(endpoint, tableName);
  Object.assign(process.env, testEnv(endpoint, tableName));
  resetConfig();
  resetTableClient();
  // services that enqueue jobs need a queue; in these tests nothing consumes it
  const { LocalQueue, LocalQueueEngine } = await import('../functions/src/platform/ports/local/local-queue.ts');
  const { setLocalPorts } = await import('../functions/src/platform/ports/ports.ts');
  setLocalPorts({ queue: new LocalQueue(new LocalQueueEngine()) });
  return tableName;
};
