/**
 * The messages between the main thread and a function's worker: invocations one way, port calls the other, each
 * answered by id. Everything crosses by structured clone; errors cross as their name and message.
 */
import type { FunctionManifest } from '../../../functions/src/deployment/manifest.ts';
import type { PixApiSettings } from '../../../functions/src/platform/ports/pix/pix-api-client.ts';
import type { PortCall } from './grants.ts';

export interface WorkerSetup {
  name: string;
  /** the manifest entry the worker composes itself from (the deployment's, or a test's override) */
  entry: FunctionManifest;
  /** the runtime's Pix provider, for a function with the `pix` setting when no real one is configured */
  pix?: Pick<PixApiSettings, 'baseUrl' | 'clientId' | 'clientSecret' | 'pixKey'>;
}

export interface CrossedError {
  name: string;
  message: string;
  stack?: string;
}

/** main -> worker */
export type ToWorker =
  { type: 'invoke'; id: number; event: unknown } | { type: 'reply'; id: number; value?: unknown; error?: CrossedError };

/** worker -> main */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'load-failed'; error: CrossedError }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'failure'; id: number; error: CrossedError }
  | ({ type: 'call'; id: number } & PortCall);

export const crossed = (error: unknown): CrossedError =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };

/** An error rebuilt on the other side, with the name it had (AccessDeniedException stays one). */
export const rebuilt = (error: CrossedError): Error => {
  const out = new Error(error.message);
  out.name = error.name;
  if (error.stack) out.stack = error.stack;
  return out;
};
