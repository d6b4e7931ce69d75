/**
 * The connector image starts: its build stage's bundle, run with the runtime stage's exact command in a folder
 * outside the repository (no node_modules, no dev tooling, NODE_ENV=production), gets past module loading to
 * its first log line and stops cleanly on SIGTERM, as ECS stops a task.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { healthCheckCommand } from '../../connector-container/src/health/health.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dockerfile = readFileSync(join(repo, 'connector-container', 'Dockerfile'), 'utf8');

/** The JSON-form CMD of the last stage, and the output folder the build stage bundles into. */
const imageCommand = (): string[] =>
  JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')))![1]!) as string[];
const buildOutput = (): string => /RUN node connector-container\/build\.mjs (\S+)/.exec(dockerfile)![1]!;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The task definition's health check, run with node in the image's folder; its exit code. */
const healthCheck = (port: number, cwd: string): number => {
  const [, , ...args] = healthCheckCommand(port);
  try {
    execFileSync(process.execPath, args, { cwd, stdio: 'pipe', timeout: 10_000 });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
};

describe('the connector image', () => {
  it('copies the bundle the build stage makes into the runtime stage, which runs it with node alone', () => {
    expect(buildOutput()).toBe('/app/out');
    expect(dockerfile).toMatch(/COPY --from=build \/app\/out \.\/\n/);
    expect(imageCommand()).toEqual(['node', 'main.mjs']);
    expect(dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))).not.toMatch(/npm|tsx/);
  });

  it('starts from the bundle with the image command and no node_modules, reports itself unhealthy while not configured, and stops on SIGTERM', async () => {
    const app = mkdtempSync(join(tmpdir(), 'sb-connector-'));
    execFileSync(process.execPath, [join(repo, 'connector-container', 'build.mjs'), app], { cwd: repo, stdio: 'pipe' });
    expect(readdirSync(app).sort()).toEqual(['main.mjs', 'main.mjs.map']);
    expect(existsSync(join(app, 'node_modules'))).toBe(false);

    const [command, ...args] = imageCommand();
    expect(command).toBe('node');
    const port = await freePort();
    const child = spawn(process.execPath, args, {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', CONNECTOR_HEALTH_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line:\n${output}`)), 15_000);
      const check = () => {
        if (/connector started/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', check);
      void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/);
    // no table or queues: it polls nothing, so ECS would replace it rather than keep an idle task
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      )
      .toBe(503);
    expect(healthCheck(port, app)).toBe(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/connector stopping/);
  });
});
