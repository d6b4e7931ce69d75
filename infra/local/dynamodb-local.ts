/**
 * Launches DynamoDB Local (Amazon's emulator, the jar shipped inside the amplify-dynamodb-simulator package)
 * as a child process, waits until it answers, and stops it with the parent.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** folder for the database files; omitted means in memory */
  dbPath?: string;
  port?: number;
}

const require = createRequire(import.meta.url);

const loopbackLauncher = fileURLToPath(new URL('./loopback-dynamodb-local.java', import.meta.url));

export const emulatorDir = (): string => join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

/** One line telling what to install when Java is missing, too old or lacks its compiler; undefined when usable. */
export const javaProblem = (): string | undefined => {
  const install = 'install a JDK (e.g. `apt-get install -y openjdk-17-jdk-headless`) and make sure `java` is on the PATH';
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return `Java 11 or newer is required to run DynamoDB Local: ${install}.`;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(probe.stderr + probe.stdout);
  const major = version ? Number(version[1] === '1' ? version[2] : version[1]) : 0;
  if (major && major < 11) return `Java ${major} found, but DynamoDB Local needs Java 11 or newer: ${install}.`;
  // the loopback launcher runs from source, which takes the JDK's compiler module (a bare JRE lacks it)
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  if (!/^jdk\.compiler@/m.test(modules.stdout ?? ''))
    return `Java is installed without its compiler (a JRE); DynamoDB Local is started from a small Java source file: ${install}.`;
  return undefined;
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

const waitUntilListening = async (endpoint: string, child: ChildProcess, log: () => string): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}: ${log()}`);
    try {
      // any HTTP answer (400 for a bare GET) means the emulator accepts connections
      await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`DynamoDB Local did not start within 30 s: ${log()}`);
};

export const startDynamoDbLocal = async (options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> => {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  const port = options.port ?? (await freePort());
  const dir = emulatorDir();
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-Xmx1g',
    // The emulator shares a small machine with the product and its tests: the C1 compiler alone and the serial
    // collector spend about half the CPU the default JIT and GC threads do, for the same work (npm run bench)
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-cp',
    [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter),
    // the emulator's own entry point, bound to the loopback interface (the jar has no host option)
    loopbackLauncher,
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  if (options.dbPath) {
    mkdirSync(options.dbPath, { recursive: true });
    args.push('-dbPath', options.dbPath);
  } else {
    args.push('-inMemory');
  }
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const endpoint = `http://127.0.0.1:${port}`;
  const stopChild = () => {
    if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
  };
  process.once('exit', stopChild);
  try {
    await waitUntilListening(endpoint, child, () => output);
  } catch (error) {
    stopChild();
    throw error;
  }
  return {
    endpoint,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', stopChild);
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
};
