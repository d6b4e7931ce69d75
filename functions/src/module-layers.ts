/**
 * The direction of the backend: its domain modules (functions/src/modules/<name>) in layers, bottom first. A module
 * imports the platform, modules of its own layer and modules below it; no import cycle joins modules; a repository
 * imports no service. The engine, the listeners and the Lambda entries sit above every module.
 * architecture.test.ts checks every non-test file of the modules against this list with the functions below.
 */
export const moduleLayers: readonly { name: string; modules: readonly string[] }[] = [
  {
    name: 'foundation',
    modules: [
      'announcements',
      'audit',
      'files',
      'flows',
      'helps',
      'idempotency',
      'jobs',
      'message-search',
      'queue-integrations',
      'quick-messages',
      'ratings',
      'system',
      'tag-records',
      'user-records',
    ],
  },
  { name: 'tenancy', modules: ['tenancy', 'plans'] },
  {
    name: 'company set-up',
    modules: ['queues', 'prompts', 'connections', 'contact-lists', 'flow-campaigns', 'settings', 'webhooks', 'chats'],
  },
  { name: 'conversation core', modules: ['contacts', 'tickets', 'messages'] },
  {
    name: 'users, lanes, billing and company administration',
    modules: ['users', 'tags', 'invoices', 'companies', 'auth', 'push'],
  },
  {
    name: 'pipelines',
    modules: ['campaigns', 'schedules', 'inbound', 'outbound', 'webchat', 'external-api', 'dashboard', 'realtime'],
  },
];

/**
 * Imports that go against the direction while the code they reach is being moved (file -> import, relative to
 * functions/src), each with its reason; none today. The check fails on any other, and on an entry here that no longer
 * exists.
 */
export const pendingImports: readonly string[] = [];

/** One relative import of a file, both paths relative to functions/src. */
export interface SourceImport {
  file: string;
  target: string;
}

export const describeImport = (i: SourceImport): string => `${i.file} -> ${i.target}`;

/** The module a path belongs to (modules/<name>/...), undefined outside the modules. */
export const moduleOf = (path: string): string | undefined => /^modules\/([^/]+)\//.exec(path)?.[1];

/** The imports from one module into another. */
export const crossModuleImports = (imports: readonly SourceImport[]): SourceImport[] =>
  imports.filter(
    (i) => moduleOf(i.file) !== undefined && moduleOf(i.target) !== undefined && moduleOf(i.file) !== moduleOf(i.target),
  );

/**
 * The import cycles among modules: each strongly connected set of two or more modules, with the imports that join
 * them (Tarjan's algorithm over the module graph).
 */
export const moduleCycles = (imports: readonly SourceImport[]): { modules: string[]; imports: string[] }[] => {
  const cross = crossModuleImports(imports);
  const next = new Map<string, Set<string>>();
  for (const i of cross) {
    const from = moduleOf(i.file)!;
    next.set(from, (next.get(from) ?? new Set()).add(moduleOf(i.target)!));
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return components
    .filter((c) => c.length > 1)
    .map((c) => {
      const members = new Set(c);
      return {
        modules: [...c].sort(),
        imports: cross
          .filter((i) => members.has(moduleOf(i.file)!) && members.has(moduleOf(i.target)!))
          .map(describeImport)
          .sort(),
      };
    });
};

/** Imports from a module into a module of a higher layer, and of modules no layer lists. */
export const upwardImports = (
  imports: readonly SourceImport[],
  layers: readonly { name: string; modules: readonly string[] }[] = moduleLayers,
): string[] => {
  const layerOf = new Map(layers.flatMap((l, rank) => l.modules.map((m) => [m, rank] as const)));
  return crossModuleImports(imports)
    .filter((i) => {
      const from = layerOf.get(moduleOf(i.file)!);
      const to = layerOf.get(moduleOf(i.target)!);
      return from === undefined || to === undefined || to > from;
    })
    .map(describeImport);
};

/** Repositories that import another module's service. */
export const repositoryServiceImports = (imports: readonly SourceImport[]): string[] =>
  crossModuleImports(imports)
    .filter((i) => i.file.endsWith('.repository.ts') && i.target.endsWith('.service.ts'))
    .map(describeImport);

/** A service or a repository of a module, or a file of the engine, holds one job: past this many lines it is split by job. */
export const MAX_JOB_FILE_LINES = 400;

/**
 * Whether a file (relative to functions/src) is held to MAX_JOB_FILE_LINES: the modules' services and repositories,
 * the engine's files.
 */
export const heldToJobSize = (path: string): boolean =>
  !path.endsWith('.test.ts') &&
  (/^modules\/[^/]+\/(.+\/)?[^/]+\.(service|repository)\.ts$/.test(path) || path.startsWith('engine/'));

/** The lines of a file's text (a last line without its newline counts too). */
export const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/** The files held to the limit that pass it, each named with its length. */
export const oversizedFiles = (files: readonly { path: string; lines: number }[], limit = MAX_JOB_FILE_LINES): string[] =>
  files.filter((f) => heldToJobSize(f.path) && f.lines > limit).map((f) => `${f.path}: ${f.lines} lines`);
