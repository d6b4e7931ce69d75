/**
 * One function of the deployment in its own worker thread, composed as its Lambda entry composes it, from the manifest
 * entry the main thread hands over: the authenticator when it serves routes, its listeners and job sets in order,
 * then its handler module; nothing else of the product is loaded. Its queue, scheduler and socket ports are calls to
 * the main thread, which checks them against the entry; mail, media and a table Scan are checked here.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import type { Registration } from '../../../functions/src/deployment/catalogue.ts';
import { handlerFileOf, registrationsOf } from '../../../functions/src/deployment/entries.ts';
import { lambdaContext } from '../lambda-events.ts';
import { deniedTableCommand, guardBlobStore, guardMailer, type PortCall } from './grants.ts';
import { clockOf, crossed, rebuilt, type FromWorker, type ToWorker, type WorkerSetup } from './protocol.ts';
import { resetClock, resetRandom, setClock, setRandom } from '../../../functions/src/platform/clock.ts';
import { resetConfig } from '../../../functions/src/platform/config.ts';

const port = parentPort!;
const { name, entry, pix, clock, random } = workerData as WorkerSetup;
if (clock) setClock(clockOf(clock));
if (random !== undefined) setRandom(() => random);
const functionsSrc = fileURLToPath(new URL('../../../functions/src', import.meta.url));

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

const importFunctions = (file: string) =>
  import(pathToFileURL(join(functionsSrc, file)).href) as Promise<Record<string, unknown>>;

const register = async (registration: Registration) => {
  const registerFn = (await importFunctions(registration.file))[registration.register];
  if (typeof registerFn !== 'function') throw new Error(`${registration.file} does not export ${registration.register}`);
  (registerFn as () => void)();
};

const load = async () => {
  const { setLocalPorts } = await import('../../../functions/src/platform/ports/ports.ts');
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
  if (pix && entry.settings?.includes('pix')) {
    const { PixApiClient } = await import('../../../functions/src/platform/ports/pix/pix-api-client.ts');
    setLocalPorts({ paymentProvider: new PixApiClient(pix) });
  }
  guardMailer(name, entry, (await import('../../../functions/src/platform/ports/mailer.ts')).mailer());
  guardBlobStore(name, entry, (await import('../../../functions/src/platform/ports/blob-store.ts')).blobStore());
  const { table, tableName } = await import('../../../functions/src/platform/table/client.ts');
  table().middlewareStack.add(
    (next, context) => async (args) => {
      const denied = deniedTableCommand(name, entry, context.commandName, tableName());
      if (denied) throw denied;
      return next(args);
    },
    { step: 'initialize', name: 'isolatedGrants' },
  );

  // the composition functions/src/deployment/entries.ts writes into the Lambda entry, in the same order
  if (entry.routes) {
    const { registerAuthenticator } = await import('../../../functions/src/platform/http/authenticator.ts');
    const { authenticateRequest } = await import('../../../functions/src/modules/auth/authenticate.ts');
    registerAuthenticator(authenticateRequest);
  }
  for (const registration of registrationsOf(entry)) await register(registration);
  const loaded = (await importFunctions(handlerFileOf(name))).handler;
  if (typeof loaded !== 'function') throw new Error(`${handlerFileOf(name)} does not export handler`);
  handler = loaded as Handler;
};

load().then(
  () => post({ type: 'ready' }),
  (error: unknown) => post({ type: 'load-failed', error: crossed(error) }),
);
