import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Resolved from this file, not from the working directory, so the app synthesises from any cwd. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A function's composition root, written from the manifest (`npm run entries`): it exports `handler`. */
export const lambdaEntryPath = (module: string): string =>
  path.join(repoRoot, 'functions', 'src', 'entries', `${module}.lambda.ts`);

export const webDistPath = path.join(repoRoot, 'web', 'dist');

export const lockFilePath = path.join(repoRoot, 'package-lock.json');

export const connectorDockerfile = 'connector-container/Dockerfile';

/** The entry the connector image bundles (connector-container/build.mjs). */
export const connectorEntryPath = path.join(repoRoot, 'connector-container', 'src', 'main.ts');
