import { execFile } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { healthCheckCommand, MAX_POLL_SILENCE_MS, PollLiveness, startHealthServer, type HealthServer } from './health.ts';

/** Runs the container health check as ECS does (`CMD node -e ...`), with this machine's node; answers its exit code. */
const runHealthCheck = (port: number): Promise<number> => {
  const [, , ...args] = healthCheckCommand(port);
  return new Promise((resolve) => execFile(process.execPath, args, (error) => resolve(error ? Number(error.code ?? 1) : 0)));
};

describe('the connector health check', () => {
  let server: HealthServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('passes while every poll completed a receive lately, and fails once one has been silent too long', async () => {
    let now = 1_000_000;
    const polls = [new PollLiveness(MAX_POLL_SILENCE_MS, () => now), new PollLiveness(MAX_POLL_SILENCE_MS, () => now)];
    server = await startHealthServer(0, () => polls.every((p) => p.alive()));
    expect(await runHealthCheck(server.port)).toBe(0);

    now += MAX_POLL_SILENCE_MS + 1;
    polls[0]!.beat();
    expect(await runHealthCheck(server.port)).toBe(1);
    polls[1]!.beat();
    expect(await runHealthCheck(server.port)).toBe(0);
  });

  it('fails when nothing answers on the port (the process is gone)', async () => {
    server = await startHealthServer(0, () => true);
    const { port } = server;
    await server.close();
    server = undefined;
    expect(await runHealthCheck(port)).toBe(1);
  });

  it('answers only GET /health, on the loopback address', async () => {
    server = await startHealthServer(0, () => true);
    expect((await fetch(`http://127.0.0.1:${server.port}/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/health`, { method: 'POST' })).status).toBe(404);
  });
});
