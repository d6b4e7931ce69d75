/**
 * What each module function and the connector reach, read off their code: the files an entry imports
 * (transitively, as the bundle holds them) and the ports those files call. The grants come from the deployment
 * manifest (functions/src/deployment/manifest.ts) and are checked against this reading: code that starts sending to
 * a queue fails the synth and the tests until its manifest entry grants it, and a grant no code uses fails them too.
 */
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connectorManifest, functionNames, manifestOf, type PortGrants } from '../../functions/src/deployment/manifest.ts';
import { queueKeyOf, type QueueName } from './function-modules.ts';
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
  const uses: ModuleUses = {
    queues: [],
    scheduler: false,
    media: false,
    mediaPurge: false,
    mail: false,
    sockets: false,
    scan: false,
  };
  const queues = new Set<QueueName>();
  for (const text of sources) {
    for (const match of text.matchAll(/\bqueue\(\)\.send\(\s*'([a-z.-]+)'/g)) {
      const queue = (queueKeyOf as Record<string, QueueName | undefined>)[match[1]!];
      if (!queue) throw new Error(`Unknown queue '${match[1]}' sent to`);
      queues.add(queue);
    }
    // a send to the queue a channel's traits name (shared/src/channel-traits.ts) may reach either outbound queue
    if (/\bqueue\(\)\.send\(\s*traitsOf\([^)]*\)\.outboundQueue\b/.test(text))
      for (const name of ['outbound.fifo', 'connector-outbound.fifo'] as const) queues.add(queueKeyOf[name]);
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
  return {
    ...usesOfSource(files.map((f) => readFileSync(path.join(repoRoot, f), 'utf8'))),
    dataKey: files.includes(DATA_KEY_FILE),
  };
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

/** What a manifest entry grants, in the terms of the analysis above. */
export const usesOfGrants = (grants: PortGrants): ModuleUses => ({
  queues: [...new Set(grants.sends.map((q) => queueKeyOf[q]))].sort(),
  scheduler: grants.scheduler === true,
  media: grants.media === true,
  mediaPurge: grants.mediaPurge === true,
  mail: grants.mail === true,
  sockets: grants.sockets === true,
  scan: grants.scan === true,
  dataKey: grants.dataKey === true,
});

const PORTS = ['scheduler', 'media', 'mediaPurge', 'mail', 'sockets', 'scan', 'dataKey'] as const;

/**
 * Where what the code reaches and what its manifest entry grants differ: a port reached and not granted would be
 * AccessDenied in AWS; one granted and never reached is a permission nobody needs. Empty when they agree.
 */
export const grantProblems = (who: string, granted: ModuleUses, used: ModuleUses): string[] => {
  const problems: string[] = [];
  for (const q of used.queues)
    if (!granted.queues.includes(q)) problems.push(`${who} sends to queue ${q}, which its manifest entry does not grant`);
  for (const q of granted.queues)
    if (!used.queues.includes(q)) problems.push(`${who} is granted sends to queue ${q}, which its code never sends to`);
  for (const port of PORTS) {
    if (used[port] && !granted[port]) problems.push(`${who} uses ${port}, which its manifest entry does not grant`);
    if (granted[port] && !used[port]) problems.push(`${who} is granted ${port}, which its code never uses`);
  }
  return problems;
};

/** Every disagreement between the manifest and the bundles of the functions and the connector. */
export const manifestGrantProblems = (): string[] => [
  ...functionNames().flatMap((name) => grantProblems(`Function ${name}`, usesOfGrants(manifestOf(name).ports), moduleUses(name))),
  ...grantProblems('The connector', usesOfGrants(connectorManifest.ports), connectorUses()),
];
