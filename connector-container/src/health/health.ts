/**
 * How a connector task tells ECS it works: a loopback HTTP endpoint that answers 200 while every queue poll has
 * completed a receive lately, and 503 otherwise (not configured, SQS unreachable, a poll stuck). The task
 * definition's health check calls it with the image's own node, so a task that stopped taking commands and sends
 * is replaced; its sessions' leases then expire and another task takes them over.
 */
import { createServer, type Server } from 'node:http';

export const HEALTH_PATH = '/health';
export const DEFAULT_HEALTH_PORT = 8081;

/**
 * A poll beats at every completed receive (they wait up to 20 s); between two, a batch runs for at most its
 * queue's visibility timeout (180 s for commands, which include number checks). Silent longer: stuck.
 */
export const MAX_POLL_SILENCE_MS = 240_000;

/** The container health check: exits 0 on a 200 from the endpoint, 1 on anything else (node 18+ has fetch). */
export const healthCheckCommand = (port = DEFAULT_HEALTH_PORT): string[] => [
  'CMD',
  'node',
  '-e',
  `fetch('http://127.0.0.1:${port}${HEALTH_PATH}',{signal:AbortSignal.timeout(4000)}).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))`,
];

/** When one poll last completed a receive (empty ones count); alive while that was recent enough. */
export class PollLiveness {
  private last: number;

  constructor(
    private readonly maxSilenceMs = MAX_POLL_SILENCE_MS,
    private readonly now: () => number = Date.now,
  ) {
    // a poll that has not received yet is given one full period from its start
    this.last = now();
  }

  beat(): void {
    this.last = this.now();
  }

  alive(): boolean {
    return this.now() - this.last <= this.maxSilenceMs;
  }
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/** Serves GET /health on 127.0.0.1 only: ECS runs the check inside the task, nothing outside needs it. */
export const startHealthServer = async (port: number, healthy: () => boolean): Promise<HealthServer> => {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== HEALTH_PATH) {
      res.writeHead(404).end();
      return;
    }
    const ok = healthy();
    res
      .writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ ok }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
