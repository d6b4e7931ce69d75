/**
 * The messages between the main thread and a function's worker: invocations one way, port calls the other, each
 * answered by id. Everything crosses by structured clone; errors cross as their name and message.
 */
import type { FunctionManifest } from '../../../functions/src/deployment/manifest.ts';
import type { Clock } from '../../../functions/src/platform/clock.ts';
import type { PixApiSettings } from '../../../functions/src/platform/ports/pix/pix-api-client.ts';
import type { PortCall } from './grants.ts';

export interface WorkerSetup {
  name: string;
  /** the manifest entry the worker composes itself from (the deployment's, or a test's override) */
  entry: FunctionManifest;
  /** the runtime's Pix provider, for a function with the `pix` setting when no real one is configured */
  pix?: Pick<PixApiSettings, 'baseUrl' | 'clientId' | 'clientSecret' | 'pixKey'>;
  /** the clock the runtime's functions run with when one was set before this worker started */
  clock?: ClockSetting;
  /** the number the runtime's randomizers draw when one was fixed before this worker started */
  random?: number;
}

/**
 * A clock set on the runtime, in numbers so that it crosses to the workers: held at an instant, or the real time moved
 * by an offset. A ticking clock never answers the same millisecond twice in one function, so the order of what one
 * function writes is the order of its readings.
 */
export type ClockSetting = { at: number } | { offset: number; ticking?: boolean };

export const clockOf = (setting: ClockSetting): Clock => {
  if ('at' in setting) return { now: () => new Date(setting.at) };
  let last = -Infinity;
  return {
    now: () => {
      const now = Date.now() + setting.offset;
      last = setting.ticking ? Math.max(now, last + 1) : now;
      return new Date(last);
    },
  };
};

export interface CrossedError {
  name: string;
  message: string;
  stack?: string;
}

/** main -> worker */
export type ToWorker =
  | { type: 'invoke'; id: number; event: unknown }
  | { type: 'reply'; id: number; value?: unknown; error?: CrossedError }
  /** the runtime's clock changed (undefined: the real one again) */
  | { type: 'clock'; clock?: ClockSetting }
  /** the number every randomizer draws changed (undefined: random again) */
  | { type: 'random'; random?: number }
  /** the runtime's environment changed: the variables this function is granted, all of them */
  | { type: 'env'; env: Record<string, string> };

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
