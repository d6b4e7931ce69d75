/**
 * The functions of the deployment, each in its own worker thread (ISOLATE_FUNCTIONS=1): a worker starts at its
 * function's first invocation (a cold start), loads only that function's bundle (function-bundles.ts) with only the environment
 * its manifest entry grants, and reaches the queues, the scheduler and the sockets through the main thread, which
 * checks every call against the entry (grants.ts). The gateway's handlers and the queue consumers are proxies that
 * hand the event to the worker and wait for its answer.
 *
 * A worker that fails to load or crashes fails the invocations it holds (a request answers 500, a queue batch is
 * retried) and is started again at the next one. The queues' journals stay in the main thread: durability is the
 * same as in one process.
 */
import { Worker } from 'node:worker_threads';
import { functionManifest, type FunctionManifest, type FunctionName } from '../../../functions/src/deployment/manifest.ts';
import type { Queue } from '../../../functions/src/platform/ports/queue.ts';
import type { Scheduler } from '../../../functions/src/platform/ports/scheduler.ts';
import type { SocketConnections } from '../../../functions/src/platform/ports/socket-connections.ts';
import { bundleOf } from './function-bundles.ts';
import { deniedPortCall, functionEnvironment, type PortCall } from './grants.ts';
import { crossed, rebuilt, type ClockSetting, type FromWorker, type ToWorker, type WorkerSetup } from './protocol.ts';

/** The main thread's adapters the workers' calls reach. */
export interface IsolatedPorts {
  queue: Queue;
  scheduler: Scheduler;
  socketConnections: SocketConnections;
  /** the runtime's fake Pix provider, handed to the functions with the `pix` setting */
  pix?: WorkerSetup['pix'];
}

export interface IsolatedFunctionsOptions {
  /** manifest entries used instead of the deployment's */
  manifestOverride?: Partial<Record<FunctionName, FunctionManifest>>;
}

export interface FunctionStats {
  name: string;
  /** from the worker's creation to its function being loaded */
  coldStartMs: number | undefined;
  heapUsedBytes: number | undefined;
  invocations: number;
}

interface Running {
  /** undefined while its bundle is being made */
  worker?: Worker;
  ready: Promise<void>;
  loaded: boolean;
  coldStartMs?: number;
  invocations: number;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

/** Node 22.16 and later measure a worker's heap from outside it. */
type WithHeapStatistics = Worker & { getHeapStatistics?: () => Promise<{ used_heap_size: number; total_heap_size: number }> };

/** What a worker prints is kept, up to this much per function, for tests to read. */
const LOG_KEPT_CHARS = 256 * 1024;

export class IsolatedFunctions {
  private readonly running = new Map<string, Running>();
  private readonly logs = new Map<string, string>();
  private ports: IsolatedPorts | undefined;
  private connected: Promise<void>;
  private markConnected!: () => void;
  private stopped = false;
  private nextId = 0;
  private clock: ClockSetting | undefined;
  private random: number | undefined;

  constructor(private readonly options: IsolatedFunctionsOptions = {}) {
    this.connected = new Promise((resolve) => (this.markConnected = resolve));
  }

  /** The manifest entry a function runs with. */
  entryOf(name: string): FunctionManifest {
    const entry =
      (this.options.manifestOverride as Record<string, FunctionManifest> | undefined)?.[name] ??
      (functionManifest as Record<string, FunctionManifest>)[name];
    if (!entry) throw new Error(`No function "${name}" in the deployment manifest`);
    return entry;
  }

  /** The adapters exist once the runtime made them; invocations wait for them. */
  connect(ports: IsolatedPorts): void {
    this.ports = ports;
    this.markConnected();
  }

  /** Runs `event` in the function's worker, starting it first when none runs; answers what the handler answered. */
  async invoke(name: string, event: unknown): Promise<unknown> {
    if (this.stopped) throw new Error(`${name} not invoked: the runtime is stopping`);
    await this.connected;
    const running = this.running.get(name) ?? this.start(name);
    await running.ready;
    running.invocations += 1;
    return new Promise((resolve, reject) => {
      const id = ++this.nextId;
      running.pending.set(id, { resolve, reject });
      running.worker!.postMessage({ type: 'invoke', id, event } satisfies ToWorker);
    });
  }

  /**
   * The function as its callers hold it: a failure goes back to them (the gateway answers a request 500, as API
   * Gateway answers a function that fails; a queue batch is retried).
   */
  handler<R>(name: string) {
    return (event: unknown): Promise<R> => this.invoke(name, event) as Promise<R>;
  }

  /** What the function's workers printed (stdout and stderr), oldest first. */
  logOf(name: string): string {
    return this.logs.get(name) ?? '';
  }

  async stats(): Promise<FunctionStats[]> {
    return Promise.all(
      [...this.running].map(async ([name, r]) => {
        const heap = r.loaded
          ? await (r.worker as WithHeapStatistics | undefined)?.getHeapStatistics?.().catch(() => undefined)
          : undefined;
        return { name, coldStartMs: r.coldStartMs, heapUsedBytes: heap?.used_heap_size, invocations: r.invocations };
      }),
    );
  }

  /**
   * Ends the function's worker, as Lambda retires an instance: what it runs fails, and the next invocation starts a
   * new one (with empty caches). Answers whether one was running.
   */
  async recycle(name: string): Promise<boolean> {
    const running = this.running.get(name);
    if (!running) return false;
    await running.worker?.terminate();
    return true;
  }

  /** The clock every function runs with from its next invocation on, also in workers started later (undefined: the real one). */
  setClock(clock: ClockSetting | undefined): void {
    this.clock = clock;
    for (const r of this.running.values()) r.worker?.postMessage({ type: 'clock', clock } satisfies ToWorker);
  }

  /**
   * The number every function's randomizers draw from its next invocation on, also in workers started later
   * (undefined: random numbers again).
   */
  setRandom(random: number | undefined): void {
    this.random = random;
    for (const r of this.running.values()) r.worker?.postMessage({ type: 'random', random } satisfies ToWorker);
  }

  /**
   * Hands the environment as it is now to every running function, each receiving what its entry grants (workers
   * started later read it at their start); their configuration is read again at its next use.
   */
  refreshEnvironment(): void {
    for (const [name, r] of this.running) {
      r.worker?.postMessage({ type: 'env', env: functionEnvironment(this.entryOf(name), process.env) } satisfies ToWorker);
    }
  }

  /** Ends every worker; what they still run fails, and nothing starts them again. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running.values()].map((r) => r.worker?.terminate()));
    this.running.clear();
  }

  private keepLog(name: string, chunk: Buffer | string) {
    const text = (this.logs.get(name) ?? '') + chunk.toString();
    this.logs.set(name, text.length > LOG_KEPT_CHARS ? text.slice(-LOG_KEPT_CHARS) : text);
  }

  private start(name: string): Running {
    const entry = this.entryOf(name);
    const startedAt = performance.now();
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const running: Running = {
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      }),
      loaded: false,
      invocations: 0,
      pending: new Map(),
    };
    running.ready.catch(() => undefined);
    this.running.set(name, running);
    bundleOf(name, entry).then(
      (bundle) => {
        if (this.stopped || this.running.get(name) !== running) return failReady(new Error(`${name} stopped before it started`));
        this.launch(name, entry, bundle, running, startedAt, markReady, failReady);
      },
      (error: Error) => {
        if (this.running.get(name) === running) this.running.delete(name);
        this.keepLog(name, `${error.stack ?? error.message}\n`);
        failReady(new Error(`${name} failed to bundle: ${error.message}`));
      },
    );
    return running;
  }

  private launch(
    name: string,
    entry: FunctionManifest,
    bundle: string,
    running: Running,
    startedAt: number,
    markReady: () => void,
    failReady: (error: Error) => void,
  ): void {
    const ports = this.ports!;
    const worker = new Worker(bundle, {
      env: functionEnvironment(entry, process.env),
      workerData: {
        name,
        entry,
        ...(entry.settings?.includes('pix') && ports.pix ? { pix: ports.pix } : {}),
        ...(this.clock ? { clock: this.clock } : {}),
        ...(this.random !== undefined ? { random: this.random } : {}),
      } satisfies WorkerSetup,
      stdout: true,
      stderr: true,
      name: `function ${name}`,
    });
    running.worker = worker;
    worker.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      this.keepLog(name, chunk);
    });
    worker.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.keepLog(name, chunk);
    });

    // the worker is gone: it is replaced at the next invocation, and what it held fails
    const gone = (reason: string) => {
      if (this.running.get(name) === running) this.running.delete(name);
      const error = new Error(`${name} ${reason}`);
      failReady(error);
      for (const pending of running.pending.values()) pending.reject(error);
      running.pending.clear();
    };
    worker.on('error', (error) => {
      this.keepLog(name, `${error.stack ?? error.message}\n`);
      gone(`crashed: ${error.message}`);
    });
    worker.on('exit', (code) => gone(`stopped (exit code ${code})`));

    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          running.loaded = true;
          running.coldStartMs = performance.now() - startedAt;
          return markReady();
        case 'load-failed': {
          const error = rebuilt(message.error);
          this.keepLog(name, `${error.stack ?? error.message}\n`);
          gone(`failed to load: ${error.message}`);
          void worker.terminate();
          return;
        }
        case 'result':
        case 'failure': {
          const pending = running.pending.get(message.id);
          running.pending.delete(message.id);
          if (message.type === 'result') pending?.resolve(message.value);
          else pending?.reject(rebuilt(message.error));
          return;
        }
        case 'call': {
          const { id, ...call } = message;
          this.portCall(name, entry, ports, call).then(
            (value) => worker.postMessage({ type: 'reply', id, value } satisfies ToWorker),
            (error: unknown) => worker.postMessage({ type: 'reply', id, error: crossed(error) } satisfies ToWorker),
          );
        }
      }
    });
  }

  /** A worker's call of a port, made only when its entry grants it. */
  private async portCall(name: string, entry: FunctionManifest, ports: IsolatedPorts, call: PortCall): Promise<unknown> {
    const denied = deniedPortCall(name, entry, call);
    if (denied) throw denied;
    const target: Record<string, (...args: unknown[]) => Promise<unknown>> =
      call.port === 'queue'
        ? (ports.queue as never)
        : call.port === 'scheduler'
          ? (ports.scheduler as never)
          : (ports.socketConnections as never);
    return target[call.method]!.apply(target, call.args);
  }
}
