/**
 * The layering the lint rules also enforce, checked on the files themselves:
 * - nothing under platform/ imports a module (a Lambda entry registers what the platform needs);
 * - a function whose code records domain events subscribes the listeners that turn them into side effects (its
 *   manifest entry), and no service registers a listener itself.
 * - realtime frames are pushed by the listeners (domain events), not by services;
 * - the domain modules keep the direction of module-layers.ts: no import cycle, no import of a higher layer, no
 *   repository importing another module's service;
 * - the WhatsApp connector is an adapter: its code reaches functions/src only through platform/ and its facade, and
 *   none of its files is longer than one job needs (MAX_CONNECTOR_FILE_LINES);
 * - a service or a repository of a module and a file of the engine hold one job: at most 400 lines (MAX_JOB_FILE_LINES);
 * - what differs between channels is asked of their traits (shared/src/channel-traits.ts, exposed by each driver):
 *   no code outside the drivers compares a channel's name, and the drivers import no module.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { channelNames } from '@switchboard/shared/contracts/connections';
import { describe, expect, it } from 'vitest';
import type { ListenerName } from './deployment/catalogue.ts';
import { entryFileOf } from './deployment/entries.ts';
import { functionNames, manifestOf } from './deployment/manifest.ts';
import {
  describeImport,
  lineCount,
  MAX_JOB_FILE_LINES,
  moduleCycles,
  moduleLayers,
  oversizedFiles,
  pendingImports,
  repositoryServiceImports,
  upwardImports,
  type SourceImport,
} from './module-layers.ts';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = resolve(srcDir, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });

const relativeImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)'/g)].map((m) => resolve(dirname(file), m[1]!));

/** The project files a Lambda entry reaches through relative imports (its bundle, less the packages). */
const reachable = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !file.startsWith(srcDir)) continue;
    seen.add(file);
    stack.push(...relativeImports(file));
  }
  return seen;
};

describe('architecture', () => {
  it('keeps the platform layer free of module imports', () => {
    const offenders = sourceFiles(join(srcDir, 'platform')).flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith(join(srcDir, 'modules') + '/'))
        .map((target) => `${relative(srcDir, file)} -> ${relative(srcDir, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  // what each function registers is its manifest entry's subscription table (deployment/manifest.ts); its
  // composition root (entries/<name>.lambda.ts) is written from it and checked in deployment/entries.test.ts
  const functionsWith = (test: (files: string[]) => boolean, listener: ListenerName): string[] =>
    functionNames().filter(
      (name) => test([...reachable(join(srcDir, entryFileOf(name)))]) && !manifestOf(name).listeners.includes(listener),
    );

  it('subscribes the realtime listener in every function whose code records domain events', () => {
    const emits = (files: string[]) => files.some((f) => /domainEvents\.emit\(/.test(readFileSync(f, 'utf8')));
    expect(functionsWith(emits, 'realtime')).toEqual([]);
  });

  it("subscribes the engine's timer listener wherever tickets or messages change", () => {
    // the ticket and message events are recorded by these two files
    const changesTickets = (files: string[]) =>
      files.some((f) => /modules\/(tickets\/tickets\.service|messages\/message-presentation)\.ts$/.test(f));
    expect(functionsWith(changesTickets, 'ticket-timers')).toEqual([]);
  });

  it("subscribes the dashboard's counter listener wherever the timer listener is subscribed", () => {
    const missing = functionNames().filter(
      (name) => manifestOf(name).listeners.includes('ticket-timers') && !manifestOf(name).listeners.includes('dashboard'),
    );
    expect(missing).toEqual([]);
  });

  it('pushes realtime frames only from the listeners', () => {
    // the web chat driver delivers to the visitor (the channel itself, not a side effect)
    const allowed = ['channels/webchat/webchat.driver.ts'];
    const importsPublish = /import\s*\{([^}]*)\}\s*from\s*'[^']*platform\/realtime\/publisher\.ts'/g;
    const publishing = sourceFiles(srcDir)
      .filter((f) => !f.includes('/listeners/') && !f.includes('/platform/realtime/'))
      .filter((f) => [...readFileSync(f, 'utf8').matchAll(importsPublish)].some((m) => /(^|[\s,])publish\b/.test(m[1]!)))
      .map((f) => relative(srcDir, f));
    expect(publishing.filter((f) => !allowed.includes(f))).toEqual([]);
  });

  it('leaves listener registration to the composition roots written from the manifest', () => {
    const registering = sourceFiles(srcDir)
      .filter((f) => !f.includes('/entries/') && !f.includes('/listeners/') && !f.includes('/platform/events/'))
      .filter((f) => /\bregister\w*Listener\(\)|domainEvents\.on\(/.test(readFileSync(f, 'utf8')));
    expect(registering.map((f) => relative(srcDir, f))).toEqual([]);
  });
});

describe('module direction', () => {
  const modulesDir = join(srcDir, 'modules');
  const treeImports: SourceImport[] = sourceFiles(modulesDir).flatMap((file) =>
    relativeImports(file).map((target) => ({ file: relative(srcDir, file), target: relative(srcDir, target) })),
  );
  const pending = new Set(pendingImports);
  const checked = treeImports.filter((i) => !pending.has(describeImport(i)));

  it('puts every module in exactly one layer', () => {
    const folders = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
    const listed = moduleLayers.flatMap((l) => l.modules);
    expect([...listed].sort()).toEqual([...folders].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('finds no import cycle among the domain modules', () => {
    expect(moduleCycles(checked)).toEqual([]);
  });

  it('has no module import a module of a higher layer', () => {
    expect(upwardImports(checked)).toEqual([]);
  });

  it("has no repository import another module's service", () => {
    expect(repositoryServiceImports(checked)).toEqual([]);
  });

  it('lists as pending only imports the tree still has', () => {
    const present = new Set(treeImports.map(describeImport));
    expect(pendingImports.filter((i) => !present.has(i))).toEqual([]);
  });
});

describe('file sizes', () => {
  it(`keeps every service and repository of the modules and every file of the engine within ${MAX_JOB_FILE_LINES} lines`, () => {
    const files = [...sourceFiles(join(srcDir, 'modules')), ...sourceFiles(join(srcDir, 'engine'))].map((f) => ({
      path: relative(srcDir, f),
      lines: lineCount(readFileSync(f, 'utf8')),
    }));
    expect(oversizedFiles(files)).toEqual([]);
  });
});

describe('the direction checks', () => {
  const imports = (...pairs: [string, string][]): SourceImport[] => pairs.map(([file, target]) => ({ file, target }));
  const layers = [
    { name: 'low', modules: ['a'] },
    { name: 'mid', modules: ['b', 'c'] },
    { name: 'high', modules: ['d'] },
  ];

  it('names the modules of a cycle and the imports that close it', () => {
    const graph = imports(
      ['modules/a/a.service.ts', 'modules/b/b.service.ts'],
      ['modules/b/b.service.ts', 'modules/c/c.service.ts'],
      ['modules/c/handlers/x.handler.ts', 'modules/a/a.service.ts'],
      ['modules/c/c.service.ts', 'modules/d/d.service.ts'],
      ['modules/a/a.service.ts', 'modules/a/a.repository.ts'],
    );
    expect(moduleCycles(graph)).toEqual([
      {
        modules: ['a', 'b', 'c'],
        imports: [
          'modules/a/a.service.ts -> modules/b/b.service.ts',
          'modules/b/b.service.ts -> modules/c/c.service.ts',
          'modules/c/handlers/x.handler.ts -> modules/a/a.service.ts',
        ],
      },
    ]);
  });

  it('finds no cycle where imports point one way', () => {
    const graph = imports(
      ['modules/d/d.service.ts', 'modules/b/b.service.ts'],
      ['modules/b/b.service.ts', 'modules/a/a.service.ts'],
      ['modules/c/c.service.ts', 'modules/a/a.service.ts'],
      ['engine/x.ts', 'modules/d/d.service.ts'],
    );
    expect(moduleCycles(graph)).toEqual([]);
  });

  it('flags an import of a higher layer or of a module in no layer, and allows the same layer and below', () => {
    const graph = imports(
      ['modules/a/a.service.ts', 'modules/b/b.service.ts'],
      ['modules/b/b.service.ts', 'modules/c/c.service.ts'],
      ['modules/d/d.service.ts', 'modules/a/a.service.ts'],
      ['modules/c/c.service.ts', 'modules/e/e.service.ts'],
    );
    expect(upwardImports(graph, layers)).toEqual([
      'modules/a/a.service.ts -> modules/b/b.service.ts',
      'modules/c/c.service.ts -> modules/e/e.service.ts',
    ]);
  });

  it("flags a repository importing another module's service, not its own nor another repository", () => {
    const graph = imports(
      ['modules/b/b.repository.ts', 'modules/a/a.service.ts'],
      ['modules/b/b.repository.ts', 'modules/b/b.service.ts'],
      ['modules/b/b.repository.ts', 'modules/a/a.repository.ts'],
      ['modules/b/b.service.ts', 'modules/a/a.service.ts'],
    );
    expect(repositoryServiceImports(graph)).toEqual(['modules/b/b.repository.ts -> modules/a/a.service.ts']);
  });
});

/** The one file of functions/src besides platform/ that the connector's code may import. */
const CONNECTOR_FACADE = 'functions/src/facades/whatsapp-connector.facade.ts';

/** The most lines a file of the connector holds: past it, a file is doing more than one job and is split by job. */
const MAX_CONNECTOR_FILE_LINES = 400;

/** The connector's files (paths relative to the repository, with their text) over the limit, as `file: N lines`. */
const overlongFiles = (files: readonly { file: string; text: string }[]): string[] =>
  files
    .map(({ file, text }) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
    .filter(({ lines }) => lines > MAX_CONNECTOR_FILE_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);

/**
 * The imports of the connector's code (paths relative to the repository) that reach functions/src past platform/ and
 * the facade, as `file -> target`.
 */
const connectorCoreImports = (imports: readonly SourceImport[]): string[] =>
  imports
    .filter((i) => i.target.startsWith('functions/src/'))
    .filter((i) => !i.target.startsWith('functions/src/platform/') && i.target !== CONNECTOR_FACADE)
    .map(describeImport);

describe('the connector as an adapter', () => {
  const connectorDir = join(repoDir, 'connector-container/src');
  // static and dynamic imports alike: main.ts loads the connector lazily
  const importsOf = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) =>
      resolve(dirname(file), m[1]!),
    );
  // the fakes and test data of testing/ serve the tests only, as the *.test.ts files do
  const connectorImports: SourceImport[] = sourceFiles(connectorDir)
    .filter((file) => !file.startsWith(join(connectorDir, 'testing') + '/'))
    .flatMap((file) => importsOf(file).map((target) => ({ file: relative(repoDir, file), target: relative(repoDir, target) })));

  it('reaches functions/src only through platform/ and the connector facade', () => {
    expect(connectorImports.some((i) => i.target === CONNECTOR_FACADE)).toBe(true);
    expect(connectorCoreImports(connectorImports)).toEqual([]);
  });

  it('names the file and the import that reach a module, a driver or another entry', () => {
    const graph: SourceImport[] = [
      { file: 'connector-container/src/connector.ts', target: 'functions/src/modules/outbound/outbound.service.ts' },
      { file: 'connector-container/src/connector.ts', target: CONNECTOR_FACADE },
      { file: 'connector-container/src/connector.ts', target: 'functions/src/platform/logger.ts' },
      { file: 'connector-container/src/main.ts', target: 'functions/src/entries/connector.listeners.ts' },
      { file: 'connector-container/src/sessions/x.ts', target: 'functions/src/channels/channel-driver.ts' },
      { file: 'connector-container/src/sessions/x.ts', target: 'connector-container/src/sessions/lease.ts' },
    ];
    expect(connectorCoreImports(graph)).toEqual([
      'connector-container/src/connector.ts -> functions/src/modules/outbound/outbound.service.ts',
      'connector-container/src/main.ts -> functions/src/entries/connector.listeners.ts',
      'connector-container/src/sessions/x.ts -> functions/src/channels/channel-driver.ts',
    ]);
  });

  it(`keeps each of its files, the fakes of testing/ included, at most ${MAX_CONNECTOR_FILE_LINES} lines long`, () => {
    const files = sourceFiles(connectorDir).map((file) => ({ file: relative(repoDir, file), text: readFileSync(file, 'utf8') }));
    expect(files.map((f) => f.file)).toContain('connector-container/src/sessions/session-manager.ts');
    expect(overlongFiles(files)).toEqual([]);
  });

  it('names the file over the limit and its length', () => {
    const lines = (n: number) => 'const x = 1;\n'.repeat(n);
    expect(
      overlongFiles([
        { file: 'connector-container/src/sessions/long.ts', text: lines(MAX_CONNECTOR_FILE_LINES + 1) },
        { file: 'connector-container/src/sessions/full.ts', text: lines(MAX_CONNECTOR_FILE_LINES) },
        { file: 'connector-container/src/bridge.ts', text: `${lines(MAX_CONNECTOR_FILE_LINES)}const y = 2;` },
      ]),
    ).toEqual([
      `connector-container/src/sessions/long.ts: ${MAX_CONNECTOR_FILE_LINES + 1} lines`,
      `connector-container/src/bridge.ts: ${MAX_CONNECTOR_FILE_LINES + 1} lines`,
    ]);
  });
});

describe('the size check', () => {
  it('names a service, a repository or an engine file over the limit with its length, and no other file', () => {
    const files = [
      { path: 'modules/a/a.service.ts', lines: 401 },
      { path: 'modules/a/b.service.ts', lines: 400 },
      { path: 'modules/a/jobs/c.service.ts', lines: 900 },
      { path: 'engine/flows/runner.ts', lines: 512 },
      { path: 'modules/a/a.repository.ts', lines: 401 },
      { path: 'modules/a/b.repository.ts', lines: 400 },
      { path: 'modules/a/a.service.test.ts', lines: 900 },
      { path: 'modules/a/a.repository.test.ts', lines: 900 },
      { path: 'listeners/realtime.listener.ts', lines: 900 },
    ];
    expect(oversizedFiles(files)).toEqual([
      'modules/a/a.service.ts: 401 lines',
      'modules/a/jobs/c.service.ts: 900 lines',
      'engine/flows/runner.ts: 512 lines',
      'modules/a/a.repository.ts: 401 lines',
    ]);
    expect(oversizedFiles(files, 1000)).toEqual([]);
  });

  it("counts a file's lines, a last line without its newline too", () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});

/** A channel name as a string literal. */
const channelLiteral = `['"\`](?:${channelNames.join('|')})['"\`]`;
const comparesChannelName = new RegExp(
  `(?:[=!]==?\\s*${channelLiteral})|(?:${channelLiteral}\\s*[=!]==?)|(?:\\bcase\\s+${channelLiteral}\\s*:)`,
);

/** The lines of a source that compare a channel's name (`=== 'whatsapp'`, `case 'instagram':`), comments left out. */
const channelNameComparisons = (file: string, source: string): string[] =>
  source.split('\n').flatMap((text, i) => {
    const code = text.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
    return comparesChannelName.test(code) ? [`${file}:${i + 1}: ${code}`] : [];
  });

/** Imports from a channel driver's folder into the domain modules. */
const channelModuleImports = (imports: readonly SourceImport[]): string[] =>
  imports.filter((i) => i.file.startsWith('channels/') && i.target.startsWith('modules/')).map(describeImport);

describe('channel knowledge', () => {
  const repoDir = resolve(srcDir, '../..');
  /**
   * Comparisons of a channel's name allowed outside the drivers, by file (relative to the repository) with the reason:
   * only at the API edge, where a request is shaped by one channel. None is needed today.
   */
  const allowed: Record<string, string> = {};
  /** The web's source files (.ts and .tsx), its tests left out. */
  const webSourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return webSourceFiles(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  it('compares no channel name outside the drivers: modules and the web ask the traits', () => {
    const roots = [srcDir, join(repoDir, 'connector-container/src'), join(repoDir, 'shared/src')];
    const found = [...roots.flatMap((root) => sourceFiles(root)), ...webSourceFiles(join(repoDir, 'web/src'))]
      .filter((file) => !file.startsWith(join(srcDir, 'channels') + '/'))
      .map((file) => relative(repoDir, file))
      .filter((file) => !(file in allowed))
      .flatMap((file) => channelNameComparisons(file, readFileSync(join(repoDir, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('keeps the channel drivers free of module imports', () => {
    const imports = sourceFiles(join(srcDir, 'channels')).flatMap((file) =>
      relativeImports(file).map((target) => ({ file: relative(srcDir, file), target: relative(srcDir, target) })),
    );
    expect(channelModuleImports(imports)).toEqual([]);
  });

  it('names the file and line of each comparison of a channel name, in either order and in a switch', () => {
    const source = [
      "if (record.channel === 'whatsapp') start();",
      "const meta = 'instagram' !== channel;",
      'switch (channel) {',
      "  case 'webchat':",
      '    break;',
      '}',
      "// a comment may say channel === 'facebook'",
      "const queue = channel === 'whatsapp.fifo' || kind === 'whatsapp-like';",
      "if (traitsOf(channel).qrSession) send('whatsapp');",
    ].join('\n');
    expect(channelNameComparisons('modules/x/x.service.ts', source)).toEqual([
      "modules/x/x.service.ts:1: if (record.channel === 'whatsapp') start();",
      "modules/x/x.service.ts:2: const meta = 'instagram' !== channel;",
      "modules/x/x.service.ts:4: case 'webchat':",
    ]);
  });

  it('flags a driver importing a module, not a module importing a driver', () => {
    const imports: SourceImport[] = [
      { file: 'channels/graph/graph-driver-support.ts', target: 'modules/connections/graph-connections.service.ts' },
      { file: 'channels/whatsapp/whatsapp.driver.ts', target: 'platform/clock.ts' },
      { file: 'modules/outbound/outbound.service.ts', target: 'channels/drivers.ts' },
    ];
    expect(channelModuleImports(imports)).toEqual([
      'channels/graph/graph-driver-support.ts -> modules/connections/graph-connections.service.ts',
    ]);
  });
});
