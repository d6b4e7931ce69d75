/**
 * The whole product in one process: DynamoDB Local (or a given endpoint), the table, the functions with
 * their local ports, the HTTP/WebSocket gateway and the seed. `npm start` and the API tests both use it.
 * With ISOLATE_FUNCTIONS=1 each function runs in a worker thread of its own with what its manifest entry grants
 * (isolated/isolated-functions.ts); the queues, the scheduler, the gateway and the connector stay in this thread.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleName } from '@switchboard/shared/routes';
import { createTableInput } from '../../functions/src/platform/table/table-definition.ts';
import { httpModules, WEBSOCKET_MODULE } from '../lib/function-modules.ts';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.ts';
import { configuredTenantUrlPolicy, localTenantUrlPolicy, type TenantUrlDecision } from './exposure.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { seedFreshInstall, type SeedResult } from './seed.ts';
import type { SocketFactory } from '../../connector-container/src/sessions/socket-factory.ts';
import { queueConsumers, type FunctionManifest, type FunctionName } from '../../functions/src/deployment/manifest.ts';
import { IsolatedFunctions } from './isolated/isolated-functions.ts';
import { clockOf, type ClockSetting } from './isolated/protocol.ts';
import { startFakePix, type FakePix } from '../../test/fakes/pix-server.ts';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface RuntimeOptions {
  port?: number;
  host?: string;
  dataDir: string;
  /** an already running DynamoDB (tests); omitted starts DynamoDB Local persisted under dataDir */
  dynamoEndpoint?: string;
  tableName?: string;
  adminEmail?: string;
  adminPassword?: string;
  webDir?: string;
  publicUrl?: string;
  /**
   * How WhatsApp sessions get their socket: default the real Baileys socket (to WA_WEBSOCKET_URL when set); tests
   * pass a scripted one (connector-container/src/testing/fake-baileys-socket.ts).
   */
  whatsappSocketFactory?: SocketFactory;
  /**
   * Each function in its own worker thread with only what its manifest entry grants (infra/local/isolated); also
   * ISOLATE_FUNCTIONS=1. The connector stays in this thread: tests drive its scripted WhatsApp sockets as objects.
   */
  isolate?: boolean;
  /** isolated: manifest entries the functions run with instead of the deployment's (a test of a missing grant) */
  manifestOverride?: Partial<Record<FunctionName, FunctionManifest>>;
}

export interface Runtime {
  url: string;
  /** resolves when every queue with a consumer is empty (tests wait for inbound processing with it) */
  drainQueues(timeoutMs?: number): Promise<void>;
  /** resolves when no batch runs and nothing can be delivered right now (deferred and delayed messages may wait) */
  idleQueues(timeoutMs?: number): Promise<void>;
  gateway: Gateway;
  seed: SeedResult;
  tableName: string;
  dynamoEndpoint: string;
  /** the fake Pix provider payments are made at, when no real one is configured (PIX_API_URL) */
  pix?: FakePix;
  /** whether tenants' URLs may reach private addresses, and what decided it */
  tenantUrls: TenantUrlDecision;
  /** the functions' workers, when they run isolated */
  isolated?: IsolatedFunctions;
  /**
   * Holds or moves the clock of every function, in this thread and in the isolated workers alike (undefined: the real
   * clock again), from their next invocation on.
   */
  setClock(clock: ClockSetting | undefined): void;
  /**
   * Fixes the number every randomizer of every function draws, in this thread and in the isolated workers alike
   * (undefined: random again), from their next invocation on: a test picks a flow's random way with it.
   */
  setRandom(random: number | undefined): void;
  /**
   * Sets (a value) or removes (undefined) environment variables for every function, in this thread and in the isolated
   * workers alike; their configuration is read again at its next use.
   */
  setEnv(variables: Record<string, string | undefined>): void;
  stop(): Promise<void>;
}

/** How long a stop waits for the requests being answered, then for the queue batches running, before going on. */
const REQUEST_DRAIN_MS = 10_000;
const QUEUE_DRAIN_MS = 10_000;

/** JWT keys of this install, generated once and kept with the data so sessions survive restarts. */
const localSecrets = (dataDir: string): { access: string; refresh: string } => {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { access: string; refresh: string };
  const secrets = { access: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
};

/**
 * The data key companies' secrets are sealed with (an OpenAI key, a speech key), generated once and kept with the
 * data: losing it makes the stored keys unreadable, so it lives beside the table it protects.
 */
const localDataKey = (dataDir: string): string => keptSecret(dataDir, 'data-key');

/**
 * The secret the Web Push (VAPID) key pair is derived from, generated once and kept with the data: a new one would
 * void every browser's push subscription. VAPID_SECRET in the environment wins.
 */
const localVapidSecret = (dataDir: string): string => process.env.VAPID_SECRET ?? keptSecret(dataDir, 'vapid-secret');

/** A random secret of this install in the data folder, made on first use. */
const keptSecret = (dataDir: string, name: string): string => {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
};

const ensureTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } finally {
    client.destroy();
  }
};

type Loaded = { handler: (event: unknown, context: unknown) => Promise<never> };

/** A function's handler from its composition root (functions/src/entries), as Lambda loads it. */
const loadFunction = async (name: string): Promise<Loaded['handler']> =>
  ((await import(`../../functions/src/entries/${name}.lambda.ts`)) as Loaded).handler;

/** The functions that serve routes, by module. */
const loadModules = async () => {
  const entries = await Promise.all(httpModules().map(async (name) => [name, await loadFunction(name)] as const));
  return Object.fromEntries(entries) as Record<ModuleName, Loaded['handler']>;
};

export const startRuntime = async (options: RuntimeOptions): Promise<Runtime> => {
  const dataDir = resolve(options.dataDir);
  // checked before anything starts, so a wrong value fails at once
  const configuredTenantUrls = configuredTenantUrlPolicy(process.env.TENANT_URLS_PRIVATE);
  // unset, the runtime decides it and sets it for the functions, and takes it away again when it stops
  const decidesTenantUrls = configuredTenantUrls === undefined;
  // keys, the database and the mail outbox live here: readable by this user only, also when the folder existed
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  let dynamo: DynamoDbLocal | undefined;
  const endpoint = options.dynamoEndpoint ?? (dynamo = await startDynamoDbLocal({ dbPath: join(dataDir, 'dynamodb') })).endpoint;
  const tableName = options.tableName ?? 'switchboard';
  // isolated, this thread loads no function: the gateway and the queues hand their events to the functions' workers
  const isolated =
    (options.isolate ?? process.env.ISOLATE_FUNCTIONS === '1')
      ? new IsolatedFunctions({ manifestOverride: options.manifestOverride })
      : undefined;
  try {
    await ensureTable(endpoint, tableName);
    // the port is needed in the environment before the functions read it, so bind first with a probe
    const port = options.port ?? 3000;
    const secrets = localSecrets(dataDir);
    Object.assign(process.env, {
      RUNTIME: 'local',
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: endpoint,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      DATA_DIR: dataDir,
      JWT_SECRET: secrets.access,
      JWT_REFRESH_SECRET: secrets.refresh,
      DATA_KEY: localDataKey(dataDir),
      VAPID_SECRET: localVapidSecret(dataDir),
    });
    const { resetConfig } = await import('../../functions/src/platform/config.ts');
    const { resetTableClient } = await import('../../functions/src/platform/table/client.ts');
    const { resetPublisher } = await import('../../functions/src/platform/realtime/publisher.ts');
    const { resetJwtKeys } = await import('../../functions/src/platform/auth/secrets.ts');
    const { setClock, resetClock, setRandom, resetRandom } = await import('../../functions/src/platform/clock.ts');

    const loaded = isolated
      ? (Object.fromEntries(
          httpModules().map((name) => [name, isolated.handler<APIGatewayProxyStructuredResultV2>(name)]),
        ) as Record<ModuleName, (event: unknown) => Promise<APIGatewayProxyStructuredResultV2>>)
      : await loadModules();
    const realtime = isolated ? isolated.handler(WEBSOCKET_MODULE) : await loadFunction(WEBSOCKET_MODULE);
    const gateway = await startGateway({
      port,
      host: options.host,
      modules: loaded,
      realtime: realtime as never,
      webDir: options.webDir ?? join(repoRoot, 'web', 'dist'),
    });
    // decided from where the gateway really listens (HOST may be a name), before the functions read it
    const tenantUrls = localTenantUrlPolicy(
      (gateway.server.address() as AddressInfo).address,
      configuredTenantUrls,
      options.publicUrl,
    );
    Object.assign(process.env, {
      WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${gateway.port}`,
      PUBLIC_URL: options.publicUrl ?? gateway.url,
      TENANT_URLS_PRIVATE: tenantUrls.policy,
    });
    resetConfig();
    resetTableClient();
    resetPublisher();
    resetJwtKeys();
    (await import('../../functions/src/platform/crypto/secret-box.ts')).resetDataKey();

    const { LocalQueueEngine, LocalQueue } = await import('../../functions/src/platform/ports/local/local-queue.ts');
    const { LocalScheduler } = await import('../../functions/src/platform/ports/local/local-scheduler.ts');
    const {
      setLocalPorts,
      resetPorts,
      queue: queuePort,
      scheduler: schedulerPort,
    } = await import('../../functions/src/platform/ports/ports.ts');
    // Lambda runs many message groups of a FIFO queue at once; the local engine does the same within one process
    // journals under DATA_DIR: what was accepted before a stop or a crash is delivered after the next start
    const { outboundDelivery } = await import('../../functions/src/platform/ports/queue.ts');
    const outbound = {
      concurrency: 16,
      batchSize: queueConsumers().find((c) => c.trigger.queue === 'outbound.fifo')?.trigger.batchSize ?? 1,
      // the sender's claims and retries rely on the same timeout and receive limit as in AWS
      visibilityTimeoutMs: outboundDelivery.visibilityTimeoutSeconds * 1000,
      maxReceiveCount: outboundDelivery.maxReceiveCount,
    };
    const engine = new LocalQueueEngine({
      queues: {
        'inbound.fifo': { concurrency: 16 },
        'outbound.fifo': outbound,
        'connector-outbound.fifo': outbound,
        jobs: { concurrency: 8 },
      },
      dir: join(dataDir, 'queues'),
    });
    const localQueue = new LocalQueue(engine);
    const localScheduler = new LocalScheduler({ queue: localQueue });
    // the publisher reaches the sockets in process, as the API Gateway management API would over HTTP
    const socketConnections = {
      post: async (connectionId: string, data: string) => gateway.post(connectionId, data),
      close: async (connectionId: string) => void gateway.closeConnection(connectionId),
    };
    setLocalPorts({ queue: localQueue, scheduler: localScheduler, socketConnections });
    // Pix payments: a real provider when PIX_API_URL is configured, otherwise a fake one paid from the console or a test
    let pix: FakePix | undefined;
    let pixSecretSet = false;
    if (!process.env.PIX_API_URL) {
      if (!process.env.PIX_WEBHOOK_SECRET) {
        process.env.PIX_WEBHOOK_SECRET = randomBytes(24).toString('base64url');
        pixSecretSet = true;
        resetConfig();
      }
      pix = await startFakePix({
        webhookSecret: process.env.PIX_WEBHOOK_SECRET,
        webhookUrl: `http://127.0.0.1:${gateway.port}/api/webhooks/pix`,
      });
      const { PixApiClient } = await import('../../functions/src/platform/ports/pix/pix-api-client.ts');
      setLocalPorts({
        paymentProvider: new PixApiClient({
          baseUrl: pix.url,
          clientId: pix.clientId,
          clientSecret: pix.clientSecret,
          pixKey: pix.pixKey,
        }),
      });
      // tools and browser tests find the fake and this start's pay secret here (POST <url>/fake/cob/<txid>/pay with
      // the secret in x-fake-pix-secret); the data folder is its owner's only
      writeFileSync(join(dataDir, 'fake-pix.json'), JSON.stringify({ url: pix.url, paySecret: pix.paySecret }), { mode: 0o600 });
    }
    isolated?.connect({
      // the queue and the scheduler this thread's ports hold at each call, as this thread's own calls reach them: a test
      // standing in for those services (holding sends or schedules back) holds the workers' calls too
      queue: {
        send: (name, message) => queuePort().send(name, message),
        changeVisibility: (name, receiptHandle, timeoutSeconds) =>
          queuePort().changeVisibility(name, receiptHandle, timeoutSeconds),
      },
      scheduler: {
        schedule: (job) => schedulerPort().schedule(job),
        cancel: (scheduleName) => schedulerPort().cancel(scheduleName),
      },
      socketConnections,
      ...(pix ? { pix: { baseUrl: pix.url, clientId: pix.clientId, clientSecret: pix.clientSecret, pixKey: pix.pixKey } } : {}),
    });
    // the same consumers the CDK stack attaches to the queues
    for (const { name, trigger } of queueConsumers()) {
      engine.consume(
        trigger.queue,
        (isolated ? isolated.handler(name) : await loadFunction(name)) as unknown as Parameters<typeof engine.consume>[1],
      );
    }
    await localScheduler.start();
    // the connector's session manager, in process: WhatsApp sessions run with `npm start`, fed by the same queues
    const { startConnector } = await import('../../connector-container/src/connector.ts');
    (await import('../../functions/src/entries/connector.listeners.ts')).registerConnectorListeners();
    const { baileysSocketFactory } = await import('../../connector-container/src/sessions/socket-factory.ts');
    const connector = await startConnector({
      // one owner across restarts: a restarted runtime takes its own sessions back at once, not after their leases run out
      owner: 'local-runtime',
      socketFactory:
        options.whatsappSocketFactory ?? baileysSocketFactory({ waWebSocketUrl: process.env.WA_WEBSOCKET_URL || undefined }),
    });
    engine.consume('connector-commands', connector.commands);
    engine.consume('connector-outbound.fifo', connector.outbound);

    // data written by an earlier version is brought up to date before the first request
    const { runDataMigrations } = await import('../../functions/src/migrations/data-migrations.ts');
    await runDataMigrations();
    const seed = await seedFreshInstall({ adminEmail: options.adminEmail, adminPassword: options.adminPassword });
    return {
      url: gateway.url,
      // isolated, a batch may first wait for its function's cold start, seconds on a loaded machine
      drainQueues: (timeoutMs = isolated ? 25_000 : 10_000) => engine.drain({ timeoutMs }),
      idleQueues: (timeoutMs = isolated ? 25_000 : 10_000) => engine.idle({ timeoutMs }),
      gateway,
      seed,
      tableName,
      dynamoEndpoint: endpoint,
      pix,
      tenantUrls,
      isolated,
      setClock: (clock) => {
        if (clock) setClock(clockOf(clock));
        else resetClock();
        isolated?.setClock(clock);
      },
      setRandom: (random) => {
        if (random === undefined) resetRandom();
        else setRandom(() => random);
        isolated?.setRandom(random);
      },
      setEnv: (variables) => {
        for (const [name, value] of Object.entries(variables)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
        resetConfig();
        isolated?.refreshEnvironment();
      },
      // in order: new requests answered 503, the ones in flight answered, no new schedules or sessions, running
      // batches finished (what is still queued waits in the journals for the next start), then the emulator
      stop: async () => {
        gateway.stopIntake();
        if (!(await gateway.drain(REQUEST_DRAIN_MS)))
          console.warn(`[runtime] requests still running after ${REQUEST_DRAIN_MS} ms; stopping anyway`);
        await localScheduler.stop();
        // sessions drain (leases released) before the queues stop
        await connector.stop();
        const batchesDone = await Promise.race([
          engine.stop().then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), QUEUE_DRAIN_MS).unref()),
        ]);
        if (!batchesDone)
          console.warn(
            `[runtime] queue batches still running after ${QUEUE_DRAIN_MS} ms; they are delivered again at the next start`,
          );
        await gateway.close();
        await isolated?.stop();
        resetPorts();
        await pix?.close();
        if (pixSecretSet) delete process.env.PIX_WEBHOOK_SECRET;
        if (decidesTenantUrls) delete process.env.TENANT_URLS_PRIVATE;
        resetTableClient();
        resetPublisher();
        await dynamo?.stop();
      },
    };
  } catch (error) {
    await isolated?.stop();
    if (decidesTenantUrls) delete process.env.TENANT_URLS_PRIVATE;
    await dynamo?.stop();
    throw error;
  }
};
