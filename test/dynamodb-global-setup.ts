/**
 * Vitest global setup: one DynamoDB Local (in memory) for the whole test run. Each worker creates its own
 * table in it (see test/table.ts), so test files run in parallel without sharing data.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local.ts';

export default async function setup(project: TestProject) {
  const ddb = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', ddb.endpoint);
  return async () => {
    await ddb.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
