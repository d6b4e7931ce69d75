/**
 * What each module function and the connector may reach, read off their code: the files an entry imports
 * (transitively, as the bundle holds them) and the ports those files call. A grant follows the code, so a module
 * that starts sending to a queue gets the permission with the change that sends, and no module holds another's.
 */
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { QueueName } from './function-modules.ts';
import { connectorEntryPath, lambdaEntryPath, repoRoot } from './repo-paths.ts';

export interface ModuleUses {
  /** queues it sends to */
  queues: QueueName[];
  /** one-time schedules (EventBridge Scheduler) */
  scheduler: boolean;
  /** presigned media uploads and downloads */
  media: boolean;
  /** listing and removal of media by prefix (a company's usage, a deleted company's files: jobs only) */
  mediaPurge: boolean;
  /** e-mail through SES */
  mail: boolean;
  /** pushes to and closes WebSocket connections */
  sockets: boolean;
  /** a table Scan (never on a request path: migrations at start) */
  scan: boolean;
  /** seals or opens companies' secrets with the data key (its bundle holds platform/crypto/secret-box.ts) */
  dataKey?: boolean;
}

const queueOfName: Record<string, QueueName> = {
  'inbound.fifo': 'inbound',
  'outbound.fifo': 'outbound',
  'connector-outbound.fifo': 'connectorOutbound',
  jobs: 'jobs',
  'connector-commands': 'connectorCommands',
};

/** The ports' own files define the accessors; their callers are what counts. */
const isPortDefinition = (file: string) => /functions\/src\/platform\/ports\//.test(file);

/** The project's source files the bundle of an entry holds (dynamic imports of literal paths included). */
const entryFiles = (entry: string): string[] => {
  const result = buildSync({
    entryPoints: [entry],
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).filter((f) => /^(functions|shared|connector-container)\/src\//.test(f));
};

/** The project's source files a module's bundle holds. */
export const moduleFiles = (module: string): string[] => entryFiles(lambdaEntryPath(module));

/** The project's source files the connector's image bundle holds. */
export const connectorFiles = (): string[] => entryFiles(connectorEntryPath);

export const usesOfSource = (sources: readonly string[]): ModuleUses => {
  const uses: ModuleUses = { queues: [], scheduler: false, media: false, mediaPurge: false, mail: false, sockets: false, scan: false };
  const queues = new Set<QueueName>();
  for (const text of sources) {
    for (const match of text.matchAll(/\bqueue\(\)\.send\(\s*'([a-z.-]+)'/g)) {
      const queue = queueOfName[match[1]!];
      if (!queue) throw new Error(`Unknown queue '${match[1]}' sent to`);
      queues.add(queue);
    }
    uses.scheduler ||= /\bscheduler\(\)/.test(text);
    uses.media ||= /\bblobStore\(\)/.test(text);
    uses.mediaPurge ||= /\bblobStore\(\)\.(deletePrefix|prefixUsage)\(/.test(text);
    uses.mail ||= /\bmailer\(\)/.test(text);
    uses.sockets ||= /\bsocketConnections\(\)/.test(text);
    uses.scan ||= /\bScanCommand\b/.test(text);
  }
  // the scheduler hands jobs due within the minute straight to the jobs queue
  if (uses.scheduler) queues.add('jobs');
  uses.queues = [...queues].sort();
  return uses;
};

const DATA_KEY_FILE = 'functions/src/platform/crypto/secret-box.ts';

const usesOfFiles = (bundled: readonly string[]): ModuleUses => {
  const files = bundled.filter((f) => !isPortDefinition(f));
  return { ...usesOfSource(files.map((f) => readFileSync(path.join(repoRoot, f), 'utf8'))), dataKey: files.includes(DATA_KEY_FILE) };
};

const cache = new Map<string, ModuleUses>();

export const moduleUses = (module: string): ModuleUses => {
  let uses = cache.get(module);
  if (!uses) {
    uses = usesOfFiles(moduleFiles(module));
    cache.set(module, uses);
  }
  return uses;
};

let connector: ModuleUses | undefined;

/** What the connector's code reaches: it runs platform services in process, so its grants follow them too. */
export const connectorUses = (): ModuleUses => (connector ??= usesOfFiles(connectorFiles()));
