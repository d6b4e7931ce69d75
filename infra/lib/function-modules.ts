import { existsSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@switchboard/shared/routes';
import {
  functionManifest,
  functionNames,
  queueConsumers,
  websocketFunction,
  type FunctionManifest,
  type FunctionName,
} from '../../functions/src/deployment/manifest.ts';
import type { QueueName as PortQueueName } from '../../functions/src/platform/ports/queue.ts';
import { lambdaEntryPath, repoRoot } from './repo-paths.ts';

/**
 * The stack's view of the deployment manifest (functions/src/deployment/manifest.ts): which function is triggered by
 * what. Queues are named here by the stack's keys (their construct ids), the code names them by their logical names.
 */
export type QueueName = 'inbound' | 'outbound' | 'connectorOutbound' | 'jobs' | 'connectorCommands';

export const queueKeyOf: Record<PortQueueName, QueueName> = {
  'inbound.fifo': 'inbound',
  'outbound.fifo': 'outbound',
  'connector-outbound.fifo': 'connectorOutbound',
  jobs: 'jobs',
  'connector-commands': 'connectorCommands',
};

export const WEBSOCKET_MODULE: FunctionName = websocketFunction();

/** SQS consumers that run as Lambda, as the manifest declares them; the connector polls its own queues. */
export const sqsConsumers: readonly { module: FunctionName; queue: QueueName; batchSize: number; maxConcurrency?: number }[] =
  queueConsumers().map(({ name, trigger }) => ({
    module: name,
    queue: queueKeyOf[trigger.queue],
    batchSize: trigger.batchSize,
    ...(trigger.maxConcurrency ? { maxConcurrency: trigger.maxConcurrency } : {}),
  }));

/** Functions that serve their module's routes. */
export const httpModules = (): FunctionName[] =>
  functionNames().filter((name) => (functionManifest[name] as FunctionManifest).routes);

/** Every function of the manifest. */
export const functionModules = (): FunctionName[] => functionNames();

/**
 * Where the route table and the manifest disagree: a module with routes and no function serving them, or a function
 * that says it serves routes its module does not have.
 */
export const routeManifestProblems = (): string[] => {
  const routed = new Set<string>(routes.map((r) => r.module as string));
  const serving = new Set<string>(httpModules());
  return [
    ...[...routed]
      .filter((m) => !serving.has(m))
      .map((m) => `module ${m} has routes but no function of the manifest serves them`),
    ...[...serving]
      .filter((m) => !routed.has(m))
      .map((m) => `function ${m} serves routes, but the route table has none of module ${m}`),
  ];
};

/** Entry files that bundling needs but that are not there yet, relative to the repo root. */
export const missingEntries = (moduleNames: readonly string[]): string[] =>
  moduleNames
    .map(lambdaEntryPath)
    .filter((entry) => !existsSync(entry))
    .map((entry) => path.relative(repoRoot, entry));

/** `quick-replies` -> `QuickReplies`, for construct ids that stay stable as modules are added. */
export const pascalCase = (name: string): string =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
