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
      'jobs',
      'message-search',
      'queue-integrations',
      'quick-messages',
      'ratings',
      'system',
    ],
  },
  { name: 'tenancy', modules: ['tenancy', 'plans'] },
  {
    name: 'company set-up',
    modules: ['users', 'queues', 'prompts', 'connections', 'contact-lists', 'flow-campaigns', 'settings', 'webhooks', 'chats'],
  },
  { name: 'conversation core', modules: ['contacts', 'tickets', 'messages'] },
  { name: 'lanes, billing and company administration', modules: ['tags', 'invoices', 'companies', 'auth'] },
  {
    name: 'pipelines',
    modules: ['campaigns', 'schedules', 'inbound', 'outbound', 'webchat', 'external-api', 'dashboard', 'realtime'],
  },
];

/**
 * Imports that still go against the direction, each to be removed by moving the code it reaches (file -> import,
 * relative to functions/src). The check fails on any other, and on an entry here that no longer exists.
 */
export const pendingImports: readonly string[] = [
  'modules/queues/queue-admin.service.ts -> modules/users/users.service.ts',
  'modules/connections/close-imported.service.ts -> modules/tickets/imported-tickets.service.ts',
  'modules/contacts/contacts.repository.ts -> modules/tags/tags.repository.ts',
  'modules/tickets/ticket-actions.service.ts -> modules/messages/messages.service.ts',
  'modules/tickets/ticket-tags.service.ts -> modules/tags/tags.service.ts',
  'modules/users/user-removal.service.ts -> modules/tickets/user-tickets.service.ts',
];

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
