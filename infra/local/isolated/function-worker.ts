/**
 * The worker's side of one function of the deployment, bundled with the function's Lambda entry (function-bundles.ts):
 * the entry composes the function as in AWS (the authenticator when it serves routes, its listeners and job sets in
 * order, its handler) and hands its handler here. Nothing else of the product is in the bundle. Its queue, scheduler
 * and socket ports are calls to the main thread, which checks them against the manifest entry; mail, media and a table
 * Scan are checked here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lambdaContext } from '../lambda-events.ts';
import { deniedTableCommand, guardBlobStore, guardMailer, type PortCall } from './grants.ts';
import { clockOf, crossed, rebuilt, type FromWorker, type ToWorker, type WorkerSetup } from './protocol.ts';
import { resetClock, resetRandom, setClock, setRandom } from '../../../functions/src/platform/clock.ts';
import { resetConfig } from '../../../functions/src/platform/config.ts';
import { setLocalPorts } from '../../../functions/src/platform/ports/ports.ts';
import { PixApiClient } from '../../../functions/src/platform/ports/pix/pix-api-client.ts';
import { mailer } from '../../../functions/src/platform/ports/mailer.ts';
import { blobStore } from '../../../functions/src/platform/ports/blob-store.ts';
import { table, tableName } from '../../../functions/src/platform/table/client.ts';

const port = parentPort!;
const { name, entry, pix, clock, random } = workerData as WorkerSetup;
if (clock) setClock(clockOf(clock));
if (random !== undefined) setRandom(() => random);

const post = (message: FromWorker) => port.postMessage(message);

let nextCall = 0;
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

/** A call of a port whose adapter lives in the main thread. */
const call = <T>(portCall: PortCall): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const id = ++nextCall;
    calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
    post({ type: 'call', id, ...portCall });
  });

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
let handler: Handler | undefined;

port.on('message', (message: ToWorker) => {
  if (message.type === 'reply') {
    const pending = calls.get(message.id);
    calls.delete(message.id);
    if (message.error) pending?.reject(rebuilt(message.error));
    else pending?.resolve(message.value);
    return;
  }
  // messages arrive in order: a clock or environment set before an invocation applies to it
  if (message.type === 'clock') {
    if (message.clock) setClock(clockOf(message.clock));
    else resetClock();
    return;
  }
  if (message.type === 'random') {
    const fixed = message.random;
    if (fixed === undefined) resetRandom();
    else setRandom(() => fixed);
    return;
  }
  if (message.type === 'env') {
    for (const variable of Object.keys(process.env)) if (!(variable in message.env)) delete process.env[variable];
    Object.assign(process.env, message.env);
    resetConfig();
    return;
  }
  const { id, event } = message;
  handler!(event, lambdaContext(name)).then(
    (value) => post({ type: 'result', id, value }),
    (error: unknown) => post({ type: 'failure', id, error: crossed(error) }),
  );
});

/** Installs the ports and the grants' guards, then serves the invocations of `loaded`, the entry's handler. */
export const runFunctionWorker = (loaded: Handler): void => {
  try {
    installPorts();
    handler = loaded;
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'load-failed', error: crossed(error) });
  }
};

const installPorts = () => {
  setLocalPorts({
    queue: {
      send: (queue, message) => call({ port: 'queue', method: 'send', args: [queue, message] }),
      changeVisibility: (queue, receiptHandle, timeoutSeconds) =>
        call({ port: 'queue', method: 'changeVisibility', args: [queue, receiptHandle, timeoutSeconds] }),
    },
    scheduler: {
      schedule: (job) => call({ port: 'scheduler', method: 'schedule', args: [job] }),
      cancel: (scheduleName) => call({ port: 'scheduler', method: 'cancel', args: [scheduleName] }),
    },
    socketConnections: {
      post: (connectionId, data) => call({ port: 'sockets', method: 'post', args: [connectionId, data] }),
      close: (connectionId) => call({ port: 'sockets', method: 'close', args: [connectionId] }),
    },
  });
  if (pix && entry.settings?.includes('pix')) setLocalPorts({ paymentProvider: new PixApiClient(pix) });
  guardMailer(name, entry, mailer());
  guardBlobStore(name, entry, blobStore());
  table().middlewareStack.add(
    (next, context) => async (args) => {
      const denied = deniedTableCommand(name, entry, context.commandName, tableName());
      if (denied) throw denied;
      return next(args);
    },
    { step: 'initialize', name: 'isolatedGrants' },
  );
};
