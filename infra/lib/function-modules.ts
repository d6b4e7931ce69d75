import { existsSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@switchboard/shared/routes';
import { lambdaEntryPath, repoRoot } from './repo-paths.ts';

/**
 * Which Lambda (one per module) is triggered by what. HTTP modules come from the route table; the
 * WebSocket module and the SQS consumers are listed here, the one place to look for non-HTTP triggers.
 */
export type QueueName = 'inbound' | 'outbound' | 'connectorOutbound' | 'jobs' | 'connectorCommands';

export const WEBSOCKET_MODULE = 'realtime';

/**
 * SQS consumers that run as Lambda; connector-commands is consumed by the connector. outbound.fifo is consumed here
 * for every channel until the WhatsApp (Baileys) driver hands its sends to the connector.
 */
export const sqsConsumers: readonly { module: string; queue: QueueName; batchSize: number; maxConcurrency?: number }[] = [
  { module: 'inbound', queue: 'inbound', batchSize: 10 },
  // one send per invocation: a deferred send's backoff and receive count stay its own, not its group's followers'
  { module: 'outbound', queue: 'outbound', batchSize: 1 },
  // a campaign or a purge enqueues thousands of jobs at once: they drain at a pace the table and channels take
  { module: 'jobs', queue: 'jobs', batchSize: 10, maxConcurrency: 20 },
];

/** Modules that serve at least one route (a module without routes gets no HTTP function). */
export const httpModules = (): string[] => [...new Set(routes.map((r) => r.module as string))];

/** Every module that gets a function; a module with several triggers still gets exactly one. */
export const functionModules = (): string[] => [
  ...new Set([...httpModules(), WEBSOCKET_MODULE, ...sqsConsumers.map((c) => c.module)]),
];

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
