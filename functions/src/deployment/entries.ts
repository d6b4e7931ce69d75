/**
 * The composition roots of the deployment, written from the manifest: one Lambda entry per function
 * (functions/src/entries/<name>.lambda.ts) and the connector's listener registration. Each imports exactly the
 * listeners and job sets its manifest entry names, in order, so a function's bundle holds nothing else and registers
 * nothing else. `npm run entries` writes them; a test fails when a file differs from what the manifest gives.
 */
import { jobSetCatalogue, listenerCatalogue, type Registration } from './catalogue.ts';
import { connectorManifest, functionNames, manifestOf, type FunctionManifest } from './manifest.ts';

const HEADER = '// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.';

/** Relative to functions/src. */
export const entryFileOf = (name: string): string => `entries/${name}.lambda.ts`;
export const handlerFileOf = (name: string): string => `modules/${name}/${name}.function.ts`;
export const CONNECTOR_LISTENERS_FILE = 'entries/connector.listeners.ts';

const importOf = (r: Registration): string => `import { ${r.register} } from '../${r.file}';`;

/**
 * What a function registers, in order: its listeners, then its job sets (the authenticator before them when it serves
 * routes). The Lambda entry is written from it, and the local runtime's isolated worker composes itself from it.
 */
export const registrationsOf = (entry: FunctionManifest): Registration[] => {
  const find = (catalogue: Record<string, Registration>, what: string): Registration => {
    const registration = catalogue[what];
    if (!registration) throw new Error(`"${what}" is in neither the listener nor the job set catalogue`);
    return registration;
  };
  return [...entry.listeners.map((l) => find(listenerCatalogue, l)), ...(entry.jobs ?? []).map((j) => find(jobSetCatalogue, j))];
};

/** The Lambda entry of a function, from its manifest entry (the deployment's, or a local runtime's override). */
export const renderFunctionEntry = (name: string, entry: FunctionManifest = manifestOf(name)): string => {
  const registrations = registrationsOf(entry);
  const imports = [
    ...(entry.routes
      ? [
          "import { registerAuthenticator } from '../platform/http/authenticator.ts';",
          "import { authenticateRequest } from '../modules/auth/authenticate.ts';",
        ]
      : []),
    ...registrations.map(importOf),
    `import { handler } from '../${handlerFileOf(name)}';`,
  ];
  const calls = [
    ...(entry.routes ? ['registerAuthenticator(authenticateRequest);'] : []),
    ...registrations.map((r) => `${r.register}();`),
  ];
  return [HEADER, ...imports, '', ...calls, '', 'export { handler };', ''].join('\n');
};

export const renderConnectorListeners = (): string => {
  const registrations = connectorManifest.listeners.map((l) => listenerCatalogue[l]);
  return [
    HEADER,
    ...registrations.map(importOf),
    '',
    "/** The listeners the connector registers, in the manifest's order, once at start. */",
    'export const registerConnectorListeners = (): void => {',
    ...registrations.map((r) => `  ${r.register}();`),
    '};',
    '',
  ].join('\n');
};

/** Every generated file, relative to functions/src, with its text. */
export const renderedEntries = (): Map<string, string> =>
  new Map<string, string>([
    ...functionNames().map((name) => [entryFileOf(name), renderFunctionEntry(name)] as [string, string]),
    [CONNECTOR_LISTENERS_FILE, renderConnectorListeners()],
  ]);
